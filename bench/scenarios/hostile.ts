// Scenario: hostile input. The longest a single call can hold the event loop at the default input
// limits (1 MiB of arguments, 256 levels, 10,000 keys and items, JSON repair up to 65,536 characters):
// the largest arguments each limit lets through, valid, malformed and full of unknown keys, as text and
// as an already-parsed object, next to the floor (`JSON.parse` + precompiled ajv) on the same text.
// Every toolwright call here is synchronous end to end, so its wall time is the time the loop was held.
// Then every format reader on the hostile reply shapes at the same limits (./hostile-readers.ts).
// Run alone: npm run bench -- --only hostile

import { loadavg } from "node:os";
import Ajv2020Module from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { Toolbox } from "../../src/index.js";
import { defaultInputLimits } from "../../src/tool/input-limits.js";
import { CalendarTool } from "../anchors/toolwright.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { createEventJsonSchema } from "../workloads/create-event.js";
import { readerHolds, readerSection } from "./hostile-readers.js";

const budgetMs = 50;

interface Case {
  readonly label: string;
  readonly arguments: string | object;
  /** The same input as text for the floor, when the floor can read it at all. */
  readonly floorText?: string;
}

const event = {
  title: "Design review",
  start: "2026-12-03T10:00:00Z",
  durationMinutes: 45,
  attendees: ["ana@example.com"],
  priority: "high",
};

/** The event plus unknown keys, padded to just under `bytes` of JSON text. */
function withUnknownKeys(keys: number, bytes: number): Record<string, unknown> {
  const base = JSON.stringify(event).length;
  // Each entry is `"k00000":"…",`: 12 characters of key and punctuation plus its value.
  const valueLength = Math.max(1, Math.floor((bytes - base - 64) / keys) - 12);
  const value = "v".repeat(valueLength);
  const padded: Record<string, unknown> = { ...event };
  for (let index = 0; index < keys; index++) padded[`k${String(index).padStart(5, "0")}`] = value;
  return padded;
}

function cases(): Case[] {
  const limits = defaultInputLimits;
  // Entries the text may hold besides the event's own (its 5 keys and 1 attendee).
  const spareKeys = limits.maxKeys - 8;
  const atSize = withUnknownKeys(spareKeys, limits.maxArgumentBytes - 16);
  const atSizeText = JSON.stringify(atSize);
  const repairable = withUnknownKeys(
    Math.floor(limits.maxRepairLength / 40),
    limits.maxRepairLength - 200,
  );
  const repairableText = JSON.stringify(repairable).replaceAll('"', "'").replace(/}$/, ",}");
  const deep = `{"title":${"[".repeat(limits.maxDepth - 1)}1${"]".repeat(limits.maxDepth - 1)},"start":"2026-12-03T10:00:00Z","durationMinutes":45,"attendees":[],"priority":"high"}`;
  return [
    {
      label: `valid, ${(atSizeText.length / 1024).toFixed(0)} KiB, ${spareKeys.toLocaleString("en-US")} unknown keys (runs)`,
      arguments: atSizeText,
      floorText: atSizeText,
    },
    {
      label: "the same as an object (MCP, provider SDKs)",
      arguments: atSize,
    },
    {
      label: "the same, malformed at its end (not repaired: over the repair length)",
      arguments: `${atSizeText.slice(0, -1)},}`,
    },
    {
      label: `malformed, ${(repairableText.length / 1024).toFixed(0)} KiB with ${Object.keys(repairable).length - 5} unknown keys (repaired, runs)`,
      arguments: repairableText,
    },
    {
      label: `nested ${limits.maxDepth} levels with a type error`,
      arguments: deep,
      floorText: deep,
    },
    {
      label: "one byte over the size limit (refused)",
      arguments: `{"title":"${"x".repeat(limits.maxArgumentBytes)}"}`,
    },
    {
      label: "one key over the key limit (refused)",
      arguments: JSON.stringify(withUnknownKeys(limits.maxKeys, 200_000)),
    },
    {
      label: "nested 100,000 levels (refused)",
      arguments: `{"title":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
    },
    // Issue 26's shapes: raw model text the decoder hands to the format readers (once, and only
    // within the repair length), and cut-off JSON the cut-off check reads in one pass.
    {
      label: "pythonic calls, 22.5 KB (`[f(a=1)]` × 2,500, refused)",
      arguments: "[f(a=1)]\n".repeat(2500),
    },
    {
      label: "pythonic calls, 63 KB (× 7,000, within the repair length, refused)",
      arguments: "[f(a=1)]\n".repeat(7000),
    },
    {
      label: "256 KB of non-JSON call-like text (over the repair length, refused)",
      arguments: '<tool_call>{"name": f(a=1) '.repeat(9362),
    },
    {
      label: "Granite blocks, 57 KB (refused)",
      arguments: '<|tool_call|>[{"name": "f", "arguments": {}}]'.repeat(1200),
    },
    {
      label: "cut inside a 60 KB string of `]}` (refused)",
      arguments: `{"title":"${"a]}".repeat(20_000)}`,
    },
    {
      label: "`Actions: [` × 6,000 (refused)",
      arguments: "Actions: [".repeat(6000),
    },
  ];
}

interface Row {
  readonly label: string;
  readonly medianMs: number;
  readonly maxMs: number;
  readonly coldMs: number;
  readonly floorMs: number | undefined;
  readonly outcome: string;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const repetitions = options.quick ? 5 : 21;
  const toolbox = new Toolbox([new CalendarTool()]);
  const name = toolbox.nativeName("CalendarTool", "createEvent");
  const ajv = new Ajv2020Module.default({ allErrors: true });
  formatsModule.default(ajv);
  const validate = ajv.compile(createEventJsonSchema);
  const rows: Row[] = [];
  for (const entry of cases()) {
    const times: number[] = [];
    let outcome = "";
    // The first call of a case compiles its code paths (JSON repair, the drop walk): reported apart.
    const coldStart = performance.now();
    await toolbox.execute({ name, arguments: entry.arguments as string });
    const coldMs = performance.now() - coldStart;
    for (let repetition = 0; repetition < repetitions; repetition++) {
      const started = performance.now();
      const result = await toolbox.execute({ name, arguments: entry.arguments as string });
      times.push(performance.now() - started);
      outcome =
        result.artifact.type === "ErrorArtifact"
          ? `refused: ${result.artifact.toText().slice(0, 60)}…`
          : `ran (${result.repairs.map((repair) => repair.step).join(", ") || "no repairs"})`;
    }
    let floorMs: number | undefined;
    if (entry.floorText !== undefined) {
      const floor: number[] = [];
      for (let repetition = 0; repetition < repetitions; repetition++) {
        const started = performance.now();
        validate(JSON.parse(entry.floorText));
        floor.push(performance.now() - started);
      }
      floorMs = median(floor);
    }
    times.sort((a, b) => a - b);
    rows.push({
      label: entry.label,
      medianMs: median(times),
      maxMs: times.at(-1) ?? 0,
      coldMs,
      floorMs,
      outcome,
    });
  }
  const worst = Math.max(...rows.map((row) => row.maxMs));
  const coldest = Math.max(...rows.map((row) => row.coldMs));
  const loadBefore = loadavg();
  const holds = readerHolds(options);
  const load = `${loadBefore.map((value) => value.toFixed(2)).join(", ")} before, ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")} after (1, 5, 15 min; 2 cores shared)`;
  const readers = readerSection(holds, { quick: options.quick, budgetMs, load });
  const section = [
    "## 7. Hostile input",
    "",
    `The longest one call holds the event loop at the default input limits (${(defaultInputLimits.maxArgumentBytes / 1024 / 1024).toFixed(0)} MiB of arguments, ${defaultInputLimits.maxDepth} levels, ${defaultInputLimits.maxKeys.toLocaleString("en-US")} keys and items, JSON repair up to ${defaultInputLimits.maxRepairLength.toLocaleString("en-US")} characters): the largest arguments each limit lets through, valid, malformed and full of unknown keys, through \`toolbox.execute\` on the 6-field calendar tool. Every such call is synchronous end to end, so its wall time is the time the loop was held. One untimed first call per case (its time is the "first call" column: the process compiles that case's code paths then), then ${repetitions} timed runs; the floor is \`JSON.parse\` + a precompiled ajv validator on the same text (it drops nothing and repairs nothing). Budget: ${budgetMs} ms per call.`,
    "",
    "| arguments | toolwright median ms | toolwright max ms | first call ms | floor median ms | outcome |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.medianMs.toFixed(1)} | ${row.maxMs.toFixed(1)} | ${row.coldMs.toFixed(1)} | ${row.floorMs === undefined ? "" : row.floorMs.toFixed(1)} | ${row.outcome.replaceAll("|", "\\|")} |`,
    ),
    "",
    `Worst single call after the first: **${worst.toFixed(1)} ms** (budget ${budgetMs} ms: ${worst <= budgetMs ? "met" : "missed"}); worst first call of a case: ${coldest.toFixed(1)} ms.`,
    "",
    ...readers.lines,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: "Longest event-loop hold of one hostile call at the default limits",
        toolwright: `${worst.toFixed(1)} ms (budget ${budgetMs} ms)`,
        others: "",
      },
      {
        measure: "Longest event-loop hold of a format reader on a hostile 64 KiB reply",
        toolwright: `${readers.worstMedian.toFixed(1)} ms median, ${readers.worstMax.toFixed(1)} ms max (budget ${budgetMs} ms)`,
        others: "",
      },
    ],
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Scenario: the worst event-loop hold one hostile call causes at the default input limits. */
export const hostileScenario: Scenario = { id: "hostile", title: "Hostile input", run };
