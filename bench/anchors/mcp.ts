import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
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

/**
 * MCP TypeScript SDK for many tools: one server per toolbox, each function registered with its zod
 * schema; the client calls by exact name. MCP arguments are an object, so a string from the model goes
 * through `JSON.parse` first, as a host would do. The SDK has no repair step.
 */
export async function mcpRegistry(functions: readonly BenchFunction[]): Promise<CallRegistry> {
  let received: unknown;
  const server = new McpServer({ name: "bench", version: "1.0.0" });
  for (const fn of functions) {
    server.registerTool(
      fn.name,
      { description: fn.description, inputSchema: fn.zod as never },
      (async (input: unknown) => {
        received = input;
        return { content: [{ type: "text", text: JSON.stringify(input) }] };
      }) as never,
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  await client.listTools();
  return {
    async call(name, args) {
      let parsed: unknown;
      try {
        parsed = typeof args === "string" ? JSON.parse(args) : args;
      } catch {
        return { ran: false };
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        return { ran: false };
      }
      received = undefined;
      try {
        const result = await client.callTool({
          name,
          arguments: parsed as Record<string, unknown>,
        });
        if (result.isError === true) return { ran: false };
      } catch {
        return { ran: false };
      }
      return { ran: true, received };
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** What an MCP host gets for zod tools: the server's `tools/list` result, one entry per tool. */
export async function mcpListedTools(functions: readonly BenchFunction[]): Promise<unknown[]> {
  const server = new McpServer({ name: "bench", version: "1.0.0" });
  for (const fn of functions) {
    server.registerTool(
      fn.name,
      { description: fn.description, inputSchema: z.fromJSONSchema(fn.schema as never) as never },
      (async () => ({ content: [] })) as never,
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const { tools } = await client.listTools();
  await client.close();
  await server.close();
  return tools;
}
