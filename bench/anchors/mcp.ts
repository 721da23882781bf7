import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  createEvent,
  createEventDescription,
  createEventSchema,
} from "../workloads/create-event.js";

/** MCP TypeScript SDK: a server and a client over its in-memory transport; each call is `callTool`. */
export async function mcpDispatcher(): Promise<{
  dispatch: (argumentsJson: string) => Promise<unknown>;
  close: () => Promise<void>;
}> {
  const server = new McpServer({ name: "bench", version: "1.0.0" });
  server.registerTool(
    "createEvent",
    { description: createEventDescription, inputSchema: createEventSchema.shape },
    async (input) => {
      const result = createEvent(input);
      return {
        content: [{ type: "text", text: JSON.stringify(result) }],
        structuredContent: result,
      };
    },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  await client.listTools();
  return {
    dispatch: (argumentsJson) =>
      client.callTool({ name: "createEvent", arguments: JSON.parse(argumentsJson) }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
