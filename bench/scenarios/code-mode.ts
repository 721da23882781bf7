// Scenario 16, code mode: multi-step tasks built from BFCL's `parallel_multiple` category (2-4
// independent calls each, from the accepted answers), run by an Agent over a scripted model (no
// network) three ways: one call per turn, all calls in one turn (native parallel calls), and code mode
// (one script). Model-visible tokens per task and round trips; then what a call made from a script
// costs against `Toolbox.execute` directly. @cloudflare/codemode does not run in Node (see the text).
// Run alone: npm run bench -- --only code-mode
import { countTokens } from "gpt-tokenizer";
import { Agent } from "../../src/agent.js";
import { codeMode } from "../../src/code-mode.js";
import type { PromptRequest, Toolbox, ToolCall } from "../../src/index.js";
import { MockPromptDriver } from "../../src/testing.js";
import {
  type BfclEntry,
  bfclToolbox,
  loadBfclAnswers,
  loadBfclEntries,
} from "../../test/fixtures/bfcl-corpus.js";
import { installedVersion } from "../environment.js";
import { measure, ratioTable } from "../harness.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";

interface Task {
  readonly id: string;
  readonly toolbox: Toolbox;
  readonly calls: readonly { readonly name: string; readonly input: Record<string, unknown> }[];
}

/** The tasks: each `parallel_multiple` question whose every accepted call lands on one of its tools. */
function tasks(limit: number): Task[] {
  const answers = loadBfclAnswers();
  const found: Task[] = [];
  for (const entry of loadBfclEntries() as BfclEntry[]) {
    if (entry.category !== "parallel_multiple" || found.length >= limit) continue;
    const { toolbox, functions } = bfclToolbox(entry);
    const calls = answers
      .filter((answer) => answer.id === entry.id)
      .map((answer) => {
        const target = functions.get(answer.functionName);
        return target === undefined
          ? undefined
          : { name: toolbox.nativeName(target.tool, target.activityName), input: answer.input };
      });
    if (calls.length < 2 || calls.some((call) => call === undefined)) continue;
    found.push({ id: entry.id, toolbox, calls: calls as Task["calls"] });
  }
  return found;
}

type Mode = "one call per turn" | "all calls in one turn" | "code mode (one script)";
const modes: readonly Mode[] = [
  "one call per turn",
  "all calls in one turn",
  "code mode (one script)",
];

const toolCall = (id: string, name: string, input: unknown): ToolCall => ({
  id,
  name,
  arguments: JSON.stringify(input),
});

/** The scripted model's turns for a task in a mode: its calls, then its answer. */
function turns(task: Task, mode: Mode): { toolCalls: ToolCall[] }[] {
  const calls = task.calls.map((call, index) => toolCall(`c${index}`, call.name, call.input));
  if (mode === "one call per turn") return calls.map((call) => ({ toolCalls: [call] }));
  if (mode === "all calls in one turn") return [{ toolCalls: calls }];
  // The declarations name each function by its native name made an identifier (`-` becomes `_`).
  const lines = task.calls.map(
    (call) => `  tools.${scriptName(call.name)}(${JSON.stringify(call.input)}),`,
  );
  const script = `return await Promise.all([\n${lines.join("\n")}\n]);`;
  return [{ toolCalls: [toolCall("s0", "CodeMode_run_script", { script })] }];
}

const scriptName = (nativeName: string) => nativeName.replace(/[^A-Za-z0-9_$]/g, "_");

/** What the model reads in a request (tools and transcript, tool results as their text) and writes. */
function visibleTokens(requests: readonly PromptRequest[], written: readonly unknown[]): number {
  let tokens = 0;
  for (const request of requests) {
    const messages = request.messages.map((message) =>
      message.role === "tool" ? { ...message, artifact: message.artifact.toText() } : message,
    );
    tokens += countTokens(JSON.stringify({ tools: request.tools, messages }));
  }
  for (const turn of written) tokens += countTokens(JSON.stringify(turn));
  return tokens;
}

interface Totals {
  tokens: number;
  roundTrips: number;
  failed: number;
}

async function runTask(task: Task, mode: Mode): Promise<Totals> {
  const scripted = turns(task, mode);
  const driver = new MockPromptDriver({ responses: [...scripted, "Done."] });
  const agent = new Agent({
    driver,
    toolbox: task.toolbox,
    ...(mode === "code mode (one script)" ? { codeMode: true } : {}),
  });
  const result = await agent.run("Answer the question with the tools.");
  const failed = result.toolCalls.filter(
    (entry) => entry.result.artifact.type === "ErrorArtifact",
  ).length;
  return {
    tokens: visibleTokens(driver.requests, [...scripted, "Done."]),
    roundTrips: driver.requests.length,
    failed: result.status === "completed" ? failed : failed + 1,
  };
}

async function conversations(sample: readonly Task[]): Promise<string> {
  const rows: string[] = [];
  let reference = 0;
  for (const mode of modes) {
    const sum: Totals = { tokens: 0, roundTrips: 0, failed: 0 };
    for (const task of sample) {
      const one = await runTask(task, mode);
      sum.tokens += one.tokens;
      sum.roundTrips += one.roundTrips;
      sum.failed += one.failed;
    }
    if (mode === modes[0]) reference = sum.tokens;
    const perTask = (value: number) => (value / sample.length).toFixed(1);
    rows.push(
      `| ${mode} | ${perTask(sum.tokens)} | ${(sum.tokens / reference).toFixed(2)}× | ${perTask(sum.roundTrips)} | ${sum.failed} |`,
    );
  }
  return [
    "| how the model calls | model-visible tokens / task | × one call per turn | round trips / task | failed tasks or calls |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

async function overhead(task: Task, timeMs: number): Promise<string> {
  const call = task.calls[0] as Task["calls"][number];
  const scripts = codeMode(task.toolbox);
  const input = JSON.stringify(call.input);
  const sequence = (count: number) =>
    `let last;\nfor (let i = 0; i < ${count}; i++) last = await tools.${scriptName(call.name)}(${input});\nreturn last;`;
  const one = sequence(1);
  const ten = sequence(10);
  await scripts.run("run_script", { script: one });
  const rows = await measure(
    [
      {
        name: "Toolbox.execute",
        fn: () => task.toolbox.execute({ name: call.name, arguments: input }),
      },
      { name: "script, no call", fn: () => scripts.run("run_script", { script: "return 1;" }) },
      { name: "script, 1 call", fn: () => scripts.run("run_script", { script: one }) },
      {
        name: "script, 10 calls in sequence",
        fn: () => scripts.run("run_script", { script: ten }),
      },
    ],
    { timeMs, rounds: 5 },
  );
  const median = (name: string) => rows.find((row) => row.name === name)?.medianUs ?? Number.NaN;
  const perCall = (median("script, 10 calls in sequence") - median("script, 1 call")) / 9;
  return [
    ratioTable(rows, "Toolbox.execute"),
    "",
    `Each further call in a script costs about **${perCall.toFixed(0)} µs** (the 10-call script less the 1-call one, over 9), against **${median("Toolbox.execute").toFixed(1)} µs** for \`Toolbox.execute\` alone; a script's fixed cost (a fresh QuickJS runtime and context, the prelude, the script's compilation) is the "no call" row.`,
  ].join("\n");
}

export const codeModeScenario: Scenario = {
  id: "code-mode",
  title: "Code mode",
  async run({ quick }: ScenarioOptions): Promise<ScenarioResult> {
    const sample = tasks(quick ? 10 : 100);
    const table = await conversations(sample);
    const cost = await overhead(sample[0] as Task, quick ? 1_000 : 4_000);
    const section = [
      "## 16. Code mode",
      "",
      `${sample.length} tasks from BFCL's \`parallel_multiple\` category (the questions whose accepted calls all land on their tools; 2-4 calls each), each run by an \`Agent\` over a scripted \`MockPromptDriver\` (no network): the model's turns are the accepted calls, then a one-line answer. Tokens are gpt-tokenizer ${installedVersion("gpt-tokenizer")}'s \`o200k_base\` count of what the model reads in every request (the \`tools\` value and the transcript, tool results as their text) and of what it writes; a round trip is one model request. Code mode's one tool carries the toolbox as TypeScript declarations (quickjs-emscripten ${installedVersion("quickjs-emscripten")}).`,
      "",
      table,
      "",
      "### A call from a script against `Toolbox.execute`",
      "",
      `The first task's first call, made directly and from scripts (each script run in a fresh QuickJS runtime, every call in it a real \`Toolbox.execute\`).`,
      "",
      cost,
      "",
      "### @cloudflare/codemode",
      "",
      "Not measured: it installs (0.5.6) but does not run in Node. Its entries `.`, `/ai`, `/mcp` and `/tanstack-ai` import `cloudflare:workers` at load time (a module only the Workers runtime provides), and its two executors are `DynamicWorkerExecutor` (a Workers Worker Loader binding) and `IframeSandboxExecutor` (`/browser`, a DOM iframe running the code with `new Function`). Its design differs where this scenario looks: tools that need approval are left out of the script API rather than paused, and nothing records what a script did.",
    ].join("\n");
    return {
      section,
      headline: [
        {
          measure: "tokens / task, code mode vs one call per turn (BFCL parallel_multiple)",
          toolwright: table.split("\n")[4]?.split("|")[3]?.trim() ?? "",
          others: "@cloudflare/codemode: does not run in Node",
        },
      ],
    };
  },
};
