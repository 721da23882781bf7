// Scenario 1, dispatch: one valid call (arguments as a JSON string) on a 6-field zod tool → its result,
// per library: time per call (interleaved rounds, one process) and bytes allocated per call (a child
// process with a young generation large enough that no GC runs while it counts).
// A second child measures toolwright with an OpenTelemetry SDK registered (every call then makes a
// span), beside the baseline in that same process.
// Run alone: npm run bench -- --only dispatch
import { deepEqual } from "node:assert/strict";
import { PerformanceObserver } from "node:perf_hooks";
import { trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { aiSdkDispatcher } from "../anchors/ai-sdk.js";
import { baselineDispatcher } from "../anchors/baseline.js";
import { langchainDispatcher } from "../anchors/langchain.js";
import { mcpDispatcher } from "../anchors/mcp.js";
import { openaiAgentsDispatcher } from "../anchors/openai-agents.js";
import { toolwrightDispatcher } from "../anchors/toolwright.js";
import { isMain, runChild } from "../child.js";
import { installedVersion } from "../environment.js";
import { type Measurement, measure, ratioRange } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { createEvent, createEventArguments } from "../workloads/create-event.js";

type Dispatch = (argumentsJson: string) => Promise<unknown>;

interface Library {
  readonly name: string;
  readonly version: string;
  readonly path: string;
  readonly dispatch: Dispatch;
  /** The tool body's result inside what the library returns. */
  readonly result: (output: unknown) => unknown;
}

async function libraries(): Promise<{ list: Library[]; close: () => Promise<void> }> {
  const mcp = await mcpDispatcher();
  const list: Library[] = [
    {
      name: "baseline",
      version: `ajv ${installedVersion("ajv")}`,
      path: "JSON.parse + precompiled ajv validator + direct call",
      dispatch: baselineDispatcher(),
      result: (output) => output,
    },
    {
      name: "toolwright",
      version: installedVersion("toolwright"),
      path: "`toolbox.execute({ id, name, arguments })` → `ToolCallResult` with a `JsonArtifact`; from its 1,000th call the schema runs on zod's own compiled parser (`compile()`, zod ≥ 4.6), which the warm-up passes",
      dispatch: toolwrightDispatcher(),
      result: (output) => (output as { artifact: { value: unknown } }).artifact.value,
    },
    {
      name: "ai-sdk",
      version: `ai ${installedVersion("ai")}`,
      path: "`parseToolCall` (ai/internal) + `executeTool` (@ai-sdk/provider-utils)",
      dispatch: aiSdkDispatcher(),
      result: (output) => output,
    },
    {
      name: "openai-agents",
      version: `@openai/agents-core ${installedVersion("@openai/agents-core")}`,
      path: "`invokeFunctionTool({ tool, runContext, input, details })`, strict zod tool",
      dispatch: openaiAgentsDispatcher(),
      result: (output) => output,
    },
    {
      name: "mcp",
      version: `@modelcontextprotocol/sdk ${installedVersion("@modelcontextprotocol/sdk")}`,
      path: "`client.callTool` over `InMemoryTransport` to an `McpServer` tool",
      dispatch: mcp.dispatch,
      result: (output) => (output as { structuredContent: unknown }).structuredContent,
    },
    {
      name: "langchain",
      version: `@langchain/core ${installedVersion("@langchain/core")}`,
      path: "`tool()` then `.invoke(toolCall)` → `ToolMessage`",
      dispatch: langchainDispatcher(),
      result: (output) => JSON.parse(String((output as { content: unknown }).content)),
    },
  ];
  return { list, close: mcp.close };
}

/** Every library must hand back the tool body's own result before anything is timed. */
async function checkSameResult(list: readonly Library[]): Promise<void> {
  const expected = createEvent(JSON.parse(createEventArguments));
  for (const library of list) {
    deepEqual(library.result(await library.dispatch(createEventArguments)), expected, library.name);
  }
}

interface Allocation {
  name: string;
  bytesPerCall: number;
  calls: number;
}

/** In the child: bytes allocated per call, from heap growth over calls during which no GC ran. */
async function allocations(): Promise<Allocation[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ["gc"] });
  const { list, close } = await libraries();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const results: Allocation[] = [];
  for (const library of list) {
    for (let warm = 0; warm < 3_000; warm++) await library.dispatch(createEventArguments);
    const perRun: number[] = [];
    let calls = 20_000;
    for (let attempt = 0; perRun.length < 5 && attempt < 20; attempt++) {
      gc();
      await settle();
      const before = collections;
      const start = process.memoryUsage().heapUsed;
      for (let call = 0; call < calls; call++) await library.dispatch(createEventArguments);
      const grown = process.memoryUsage().heapUsed - start;
      await settle();
      if (collections === before) perRun.push(grown / calls);
      else calls = Math.max(500, Math.floor(calls / 2));
    }
    perRun.sort((a, b) => a - b);
    results.push({
      name: library.name,
      bytesPerCall: perRun[Math.floor(perRun.length / 2)] ?? Number.NaN,
      calls,
    });
  }
  observer.disconnect();
  await close();
  return results;
}

/**
 * In the child: the baseline and toolwright with the real SDK registered (a tracer provider, a simple
 * processor, the in-memory exporter emptied every 10,000 spans so memory stays flat), interleaved.
 */
async function traced(quick: boolean): Promise<Measurement[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  trace.setGlobalTracerProvider(provider);
  const baseline = baselineDispatcher();
  const toolwright = toolwrightDispatcher();
  let spans = 0;
  const rows = await measure(
    [
      { name: "baseline", fn: () => baseline(createEventArguments) },
      {
        name: "toolwright traced",
        fn: () => {
          if (++spans % 10_000 === 0) exporter.reset();
          return toolwright(createEventArguments);
        },
      },
    ],
    { timeMs: quick ? 1_000 : 4_000, rounds: quick ? 4 : 8 },
  );
  const made = exporter.getFinishedSpans()[0];
  if (made?.name !== "execute_tool CalendarTool_createEvent") {
    throw new Error(`expected toolwright's spans, got ${made?.name ?? "none"}`);
  }
  await provider.shutdown();
  return rows;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  const { list, close } = await libraries();
  let rows: Measurement[];
  try {
    await checkSameResult(list);
    rows = await measure(
      list.map((library) => ({
        name: library.name,
        fn: () => library.dispatch(createEventArguments),
      })),
      { timeMs: options.quick ? 1_000 : 6_000, rounds: options.quick ? 4 : 12 },
    );
  } finally {
    await close();
  }
  const allocated = await runChild<Allocation[]>(
    new URL(import.meta.url),
    ["--allocations"],
    ["--expose-gc", "--min-semi-space-size=64", "--max-semi-space-size=64"],
  );
  const tracedRows = await runChild<Measurement[]>(
    new URL(import.meta.url),
    options.quick ? ["--traced", "--quick"] : ["--traced"],
  );
  const byName = (name: string) => rows.find((row) => row.name === name) as Measurement;
  const toolwright = byName("toolwright");
  const baseline = byName("baseline");
  const tracedToolwright = tracedRows.find(
    (row) => row.name === "toolwright traced",
  ) as Measurement;
  const tracedBaseline = tracedRows.find((row) => row.name === "baseline") as Measurement;
  const tracedRatio = tracedToolwright.medianUs / tracedBaseline.medianUs;
  const table = [
    "| library | version | median µs | p95 µs | × toolwright | × baseline (range over rounds) | bytes allocated / call |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...list.map((library) => {
      const row = byName(library.name);
      const bytes = allocated.find((entry) => entry.name === library.name)?.bytesPerCall;
      return `| ${library.name} | ${library.version} | ${row.medianUs.toFixed(2)} | ${row.p95Us.toFixed(2)} | ${(row.medianUs / toolwright.medianUs).toFixed(2)}× | ${(row.medianUs / baseline.medianUs).toFixed(2)}× (${ratioRange(row, baseline)}) | ${bytes === undefined ? "" : Math.round(bytes).toLocaleString("en-US")} |`;
    }),
  ];
  const anchors = rows.filter((row) => row.name !== "toolwright" && row.name !== "baseline");
  const fastestAnchor = anchors.reduce((best, row) => (row.medianUs < best.medianUs ? row : best));
  const toBaseline = toolwright.medianUs / baseline.medianUs;
  const section = [
    "## 1. Dispatch",
    "",
    `One valid call of a 6-field zod tool (\`title\` 1-200 chars, \`start\` ISO date-time, \`durationMinutes\` int 1-1440, \`attendees\` string[] ≤ 20, optional \`location\`, \`priority\` enum), arguments as the JSON string a provider sends, through each library's own call path to the tool body's result. Every library's result is checked equal before timing. Interleaved: ${options.quick ? 4 : 12} rounds, each running every library for a slice in a rotated order; medians and p95 pool all samples (tinybench, hrtime). Allocation: heap growth over up to 20,000 calls in a child process whose young generation (64 MB) holds them without a GC, median of 5 runs; it includes the bench loop's own promise per call (the baseline's figure is mostly that and \`JSON.parse\`).`,
    "",
    ...table,
    "",
    "How each library was called:",
    "",
    ...list.map((library) => `- **${library.name}**: ${library.path}.`),
    "",
    "The anchors validate zod with its runtime parser, as they ship; toolwright compiles a schema only once it is hot (compiling costs about as much as a thousand runtime parses). A user of another library can hand it `z.compile(schema)` too.",
    "",
    `Target: toolwright ≤ 1.5× the baseline and faster than every anchor. Measured: **${toBaseline.toFixed(2)}× the baseline** (${toBaseline <= 1.5 ? "met" : "missed"}); the fastest anchor (${fastestAnchor.name}) is ${(fastestAnchor.medianUs / toolwright.medianUs).toFixed(2)}× toolwright (${fastestAnchor.medianUs > toolwright.medianUs ? "met" : "missed"}).`,
    "",
    `**Tracing.** The table is toolwright with \`@opentelemetry/api\` installed and no SDK registered (tracing off: one property read per call). With the OpenTelemetry SDK registered (\`@opentelemetry/sdk-trace\` ${installedVersion("@opentelemetry/sdk-trace")}: a \`TracerProvider\`, a \`SimpleSpanProcessor\` and the \`InMemorySpanExporter\`, in a child process beside the baseline), each call also makes its \`execute_tool\` span: **${tracedToolwright.medianUs.toFixed(2)} µs** per call (p95 ${tracedToolwright.p95Us.toFixed(2)} µs), ${tracedRatio.toFixed(2)}× that process's baseline (range ${ratioRange(tracedToolwright, tracedBaseline)}); the span costs about ${(tracedToolwright.medianUs - tracedBaseline.medianUs * toBaseline).toFixed(1)} µs per call.`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: "Dispatch of one valid call (median)",
        toolwright: `${toolwright.medianUs.toFixed(1)} µs (${toBaseline.toFixed(1)}× hand-written JSON.parse + ajv)`,
        others: anchors
          .map((row) => `${row.name} ${(row.medianUs / toolwright.medianUs).toFixed(1)}×`)
          .join(", "),
      },
    ],
  };
}

/** Scenario 1: per-call time and allocations of one valid call, toolwright beside the anchors. */
export const dispatchScenario: Scenario = { id: "dispatch", title: "Dispatch", run };

if (isMain(import.meta.url) && process.argv.includes("--allocations")) {
  process.stdout.write(`${JSON.stringify(await allocations())}\n`);
}

if (isMain(import.meta.url) && process.argv.includes("--traced")) {
  process.stdout.write(`${JSON.stringify(await traced(process.argv.includes("--quick")))}\n`);
}
