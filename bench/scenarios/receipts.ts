// Scenario 15, receipts: what call receipts cost per call. The dispatch workload (one valid call of
// the 6-field calendar tool, arguments as a JSON string) through `toolbox.execute` without receipts,
// then with a receipt store of each kind: every call has its own id, so each records a receipt before
// the method runs and its result after (two store writes). A last contender repeats one call id: the
// recorded result comes back without running the method (one store read).
// Run alone: npm run bench -- --only receipts
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Toolbox } from "../../src/index.js";
import { InMemoryReceiptStore, type ReceiptStore } from "../../src/memory.js";
import { RedisReceiptStore } from "../../src/memory-redis.js";
import { SqliteReceiptStore } from "../../src/memory-sqlite.js";
import { startRedis } from "../../test/fixtures/redis-server.js";
import { CalendarTool } from "../anchors/toolwright.js";
import { measure, ratioTable } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { createEventArguments } from "../workloads/create-event.js";

function contender(name: string, store: ReceiptStore | undefined, sameId = false) {
  const toolbox = new Toolbox(
    [new CalendarTool()],
    store === undefined ? {} : { receipts: { store, scope: randomUUID() } },
  );
  const tool = toolbox.nativeName("CalendarTool", "createEvent");
  const args = createEventArguments;
  let counter = 0;
  return {
    name,
    fn: async () => {
      const result = await toolbox.execute({
        id: sameId ? "call_once" : `call_${counter++}`,
        name: tool,
        arguments: args,
      });
      if (result.artifact.type === "ErrorArtifact") throw new Error(result.artifact.toText());
    },
  };
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const directory = await mkdtemp(join(tmpdir(), "toolwright-bench-receipts-"));
  const redis = await startRedis();
  const stores = {
    memory: new InMemoryReceiptStore(),
    sqlite: new SqliteReceiptStore({ path: join(directory, "receipts.db") }),
    redis: new RedisReceiptStore({ url: redis.url, keyPrefix: `bench:${randomUUID()}:` }),
  };
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const rows = await measure(
      [
        contender("no receipts", undefined),
        contender("InMemoryReceiptStore", stores.memory),
        contender("SqliteReceiptStore", stores.sqlite),
        contender("RedisReceiptStore", stores.redis),
        contender("replayed (SqliteReceiptStore)", stores.sqlite, true),
      ],
      { timeMs: options.quick ? 1_000 : 4_000, rounds: options.quick ? 4 : 10 },
    );
    const loadAfter = loadavg()[0] ?? 0;
    const medianOf = (name: string) =>
      rows.find((row) => row.name === name)?.medianUs ?? Number.NaN;
    const base = medianOf("no receipts");
    const section = [
      "## 15. Receipts",
      "",
      `The dispatch workload (section 1) through \`toolbox.execute\` in one process, without receipts and with a receipt store of each kind (\`new Toolbox(tools, { receipts: { store } })\`): each call has its own id, so it records a receipt before its method runs and its result after. SQLite is a file in the temporary folder (WAL, one \`BEGIN IMMEDIATE\` transaction per write); Redis a redis-server of the bench's own on 127.0.0.1 (one Lua script per write, two round trips a call). The last row repeats one call id: the recorded result comes back and the method does not run. Load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
      "",
      ratioTable(rows, "no receipts"),
      "",
      `What a receipt adds per call (median): in memory ${(medianOf("InMemoryReceiptStore") - base).toFixed(1)} µs, SQLite ${(medianOf("SqliteReceiptStore") - base).toFixed(1)} µs, Redis ${(medianOf("RedisReceiptStore") - base).toFixed(1)} µs. Without a store configured a call pays one property check (section 1 is that path).`,
    ].join("\n");
    return {
      section,
      headline: [
        {
          measure: "Call receipts, cost per call (in memory / SQLite / Redis)",
          toolwright: `+${(medianOf("InMemoryReceiptStore") - base).toFixed(1)} / +${(medianOf("SqliteReceiptStore") - base).toFixed(0)} / +${(medianOf("RedisReceiptStore") - base).toFixed(0)} µs`,
          others: "no other tool layer records calls",
        },
      ],
    };
  } finally {
    for (const store of Object.values(stores)) await store.close();
    await redis.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

export const receiptsScenario: Scenario = { id: "receipts", title: "Receipts", run };
