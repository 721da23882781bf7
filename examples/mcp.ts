// Run: npx tsx examples/mcp.ts — serves a toolbox over MCP (Streamable HTTP), then uses it, and a
// server from npm (server-everything, a devDependency), as ordinary tools through McpTool.
import { fileURLToPath } from "node:url";
import { Toolbox } from "../src/index.js";
import { McpTool, serveMcp } from "../src/mcp.js";
import { CalculatorTool, DateTimeTool } from "../src/tools.js";

const calculator = new CalculatorTool();
const server = await serveMcp(new Toolbox([calculator, new DateTimeTool()]), {
  transport: "http",
  port: 0,
  token: "example-token",
});
console.log(`serving on ${server.url}`);

// The other side: any MCP server becomes a Tool with one activity per server tool.
const remote = await McpTool.connect(
  { url: String(server.url), headers: { Authorization: "Bearer example-token" } },
  { name: "Remote" },
);
console.log(
  "activities:",
  remote.activities().map((activity) => activity.name),
);
console.log(
  "(3+4)*5 =",
  (await remote.run("CalculatorTool_calculate", { expression: "(3+4)*5" })).toText(),
);

const everything = await McpTool.connect({
  command: process.execPath,
  args: [
    fileURLToPath(
      new URL(
        "../node_modules/@modelcontextprotocol/server-everything/dist/index.js",
        import.meta.url,
      ),
    ),
    "stdio",
  ],
});
const toolbox = new Toolbox([remote, everything]);
const result = await toolbox.execute({
  name: "everything_get-sum",
  arguments: '{"a": 2, "b": 3,}',
});
console.log(
  result.artifact.toText(),
  "— repairs:",
  result.repairs.map((repair) => repair.step),
);

await Promise.all([remote.close(), everything.close()]);
await server.close();
await calculator.close();
