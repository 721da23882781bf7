// Two official SDK clients on one `serveMcp` HTTP server — v2 pinned to 2026-07-28 (no session) and v1
// in a 2025-11-25 session — share no task memory: what one stores off the prompt (a bank statement)
// the other cannot list, read, search, read or list as a resource, complete or subscribe to. Over
// each store: in memory, a real SQLite file, a real redis-server.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Toolbox } from "../../src/index.js";
import { type HttpServeOptions, serveMcp } from "../../src/mcp.js";
import { TaskMemory } from "../../src/memory.js";
import { storeKinds } from "../memory/fixtures/stores.js";
import { connectModern } from "./fixtures/bearer-clients.js";
import {
  assertSees,
  assertSeesNothing,
  BankTool,
  type ProbedClient,
  storeStatement,
} from "./fixtures/tenant-probe.js";

const token = "tenant-test-t0ken";

async function connectV1(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "v1", version: "1.0.0" });
  const requestInit = { headers: { authorization: `Bearer ${token}`, ...headers } };
  await client.connect(new TransportV1(new URL(url), { requestInit }));
  return client;
}

const connectV2 = (url: string, bearer = token) => connectModern(url, bearer);

const asProbed = (client: Client | ClientV2) => client as unknown as ProbedClient;

const kinds = storeKinds();
after(async () => {
  for (const kind of kinds) await kind.dispose();
});

async function serveBank(
  store: TaskMemory["store"] | undefined,
  options: Partial<HttpServeOptions> = {},
) {
  const memory = new TaskMemory(store === undefined ? { name: "Bank" } : { name: "Bank", store });
  const toolbox = new Toolbox([new BankTool({ offPrompt: true })]).setTaskMemory(memory);
  return serveMcp(toolbox, { transport: "http", token, ...options });
}

for (const kind of kinds) {
  describe(`serveMcp over HTTP, memory in ${kind.name}: one client never sees another's`, () => {
    it("a 2026-07-28 client's bank statement is invisible to a 2025-11-25 session, and the other way round", async () => {
      const server = await serveBank(await kind.create());
      const modern = await connectV2(String(server.url));
      const session = await connectV1(String(server.url));
      try {
        const stored = await storeStatement(asProbed(modern));
        await assertSees(asProbed(modern), stored);
        await assertSeesNothing(asProbed(session), stored);
        const mine = await storeStatement(asProbed(session));
        await assertSees(asProbed(session), mine);
        await assertSeesNothing(asProbed(modern), mine, { storedNothing: false });
      } finally {
        await Promise.all([modern.close(), session.close()]);
        await server.close();
      }
    });

    it("two 2025-11-25 sessions with one token are two principals; a 2026-07-28 client with another token a third", async () => {
      const server = await serveBank(await kind.create(), { token: undefined });
      const first = await connectV1(String(server.url));
      const second = await connectV1(String(server.url));
      const other = await connectV2(String(server.url), "another-t0ken");
      try {
        const stored = await storeStatement(asProbed(first));
        await assertSeesNothing(asProbed(second), stored);
        await assertSeesNothing(asProbed(other), stored);
        await assertSees(asProbed(first), stored);
      } finally {
        await Promise.all([first.close(), second.close(), other.close()]);
        await server.close();
      }
    });
  });
}

describe("serveMcp's principal option: explicit sharing", () => {
  it("an auditor reads the team's output because the resolver says so; nobody else does", async () => {
    const server = await serveBank(undefined, {
      principal: ({ headers }) => {
        const tenant = headers["x-tenant"];
        if (tenant === "auditor") return { principal: "auditor", readsFrom: ["team"] };
        return typeof tenant === "string" ? tenant : undefined;
      },
    });
    const team = await connectV1(String(server.url), { "x-tenant": "team" });
    const teammate = await connectV1(String(server.url), { "x-tenant": "team" });
    const auditor = await connectV1(String(server.url), { "x-tenant": "auditor" });
    const stranger = await connectV1(String(server.url), { "x-tenant": "stranger" });
    try {
      const stored = await storeStatement(asProbed(team));
      await assertSees(asProbed(teammate), stored);
      await assertSees(asProbed(auditor), stored);
      await assertSeesNothing(asProbed(stranger), stored);
      // Sharing reads only: what the auditor stores stays the auditor's.
      const audited = await storeStatement(asProbed(auditor));
      await assertSeesNothing(asProbed(team), audited, { storedNothing: false });
    } finally {
      await Promise.all([team, teammate, auditor, stranger].map((client) => client.close()));
      await server.close();
    }
  });

  it("a resolver returning undefined gives every client the one default space (a single-user server)", async () => {
    const server = await serveBank(undefined, { principal: () => undefined });
    const first = await connectV1(String(server.url));
    const second = await connectV2(String(server.url));
    try {
      const stored = await storeStatement(asProbed(first));
      await assertSees(asProbed(second), stored);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await server.close();
    }
  });

  it("refuses a principal option that is not a function", async () => {
    const toolbox = new Toolbox([new BankTool({ offPrompt: true })]);
    await assert.rejects(
      serveMcp(toolbox, { transport: "http", principal: "alice" as never }),
      /principal/,
    );
  });
});
