import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type CliRun, cliEnv, expectCode, root, run } from "./run-cli.js";

/**
 * The README's first command line, read from README.md so the two cannot drift apart. `npm ci`
 * installed this checkout before the tests ran (and must not download anything during them), so the
 * test runs the rest of the line verbatim.
 */
export const readmeInstallLine = readFileSync(join(root, "README.md"), "utf8")
  .split("```sh\n")[1]
  ?.split("\n")[0] as string;
/** The README's command that starts the MCP server (stdio). */
export const readmeServeLine = "npx toolwright serve";

export function runReadmeLine(): Promise<CliRun> {
  assert.match(
    readmeInstallLine,
    /^npm ci && npm run build && npx toolwright list && npx toolwright call /,
  );
  const line = readmeInstallLine.replace(/^npm ci && /, "");
  return run("sh", ["-c", line], { cwd: root, env: cliEnv() });
}

export function readmeCases(readme: () => CliRun): void {
  it("builds, lists the built-in tools and computes (3+4)*5 = 35", () => {
    const { stdout } = expectCode(readme(), 0);
    for (const name of [
      "CalculatorTool_calculate",
      "DateTimeTool_get_current_datetime",
      "FileManagerTool_list_files_from_disk",
      "WebScraperTool_get_content",
      "TaskMemoryTool_search",
    ]) {
      assert.match(stdout, new RegExp(`^  ${name} `, "m"));
    }
    assert.equal(stdout.trimEnd().split("\n").at(-1), "35");
  });

  it("starts the MCP server with `npx toolwright serve`; an MCP client lists its tools", async () => {
    const [command, ...args] = readmeServeLine.split(" ");
    const transport = new StdioClientTransport({
      command: command as string,
      args,
      cwd: root,
      env: cliEnv() as Record<string, string>,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "readme", version: "1.0.0" });
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.equal(tools.length, 13);
    assert.ok(tools.some((tool) => tool.name === "CalculatorTool_calculate"));
    assert.equal(client.getServerVersion()?.name, "toolwright");
    await client.close();
    assert.match(stderr, /toolwright MCP server on stdio · 13 tools from built-in tools/);
  });
}
