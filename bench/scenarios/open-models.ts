// Scenario: what open models send. Accepted BFCL answers rewritten into the call shapes open models
// emit (a whole call inside `arguments`, Llama's `parameters`, Mistral's `[TOOL_CALLS]`, pythonic and
// Qwen XML calls, camelCase keys, yes/no booleans) and shapes with no sound reading (a key twice with
// two values, a call of another tool, every key unknown), fed to every library. Each case ends one of
// three ways: ok (the body got the intended input, or a refuse-kind was refused), refused, or wrong (the
// body ran on anything else). Wrong is what hurts: a method run on input the model did not mean.
// Run alone: npm run bench -- --only open-models
import { isDeepStrictEqual } from "node:util";
import { pythonCall } from "../../test/fixtures/python-call.js";
import { aiSdkRegistry } from "../anchors/ai-sdk.js";
import { baselineRegistry } from "../anchors/baseline.js";
import { langchainRegistry } from "../anchors/langchain.js";
import { mastraRegistry } from "../anchors/mastra.js";
import { mcpRegistry } from "../anchors/mcp.js";
import { openaiAgentsRegistry } from "../anchors/openai-agents.js";
import { toolwrightRegistry } from "../anchors/toolwright.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import {
  type CallRegistry,
  type CorruptionWorkload,
  corruptionWorkload,
} from "../workloads/bfcl.js";

interface Library {
  readonly name: string;
  make(workload: CorruptionWorkload): CallRegistry | Promise<CallRegistry>;
}

const libraries: readonly Library[] = [
  { name: "toolwright", make: (workload) => toolwrightRegistry(workload.toolbox) },
  { name: "baseline", make: (workload) => baselineRegistry(workload.functions) },
  { name: "ai-sdk", make: (workload) => aiSdkRegistry(workload.functions) },
  { name: "openai-agents", make: (workload) => openaiAgentsRegistry(workload.functions) },
  { name: "mcp", make: (workload) => mcpRegistry(workload.functions) },
  { name: "langchain", make: (workload) => langchainRegistry(workload.functions) },
  { name: "mastra", make: (workload) => mastraRegistry(workload.functions) },
];

type Input = Record<string, unknown>;

interface Kind {
  readonly kind: string;
  readonly expected: "recover" | "refuse";
  /** The arguments for a call, or `undefined` where the kind does not apply to it. */
  readonly send: (name: string, input: Input, other: string | undefined) => unknown;
}

const json = JSON.stringify;
const camel = (key: string) =>
  key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const renamed = (input: Input, rename: (key: string) => string): Input | undefined => {
  const entries = Object.entries(input).map(([key, value]) => [rename(key), value] as const);
  return entries.some(([key], index) => key !== Object.keys(input)[index])
    ? Object.fromEntries(entries)
    : undefined;
};

const kinds: readonly Kind[] = [
  {
    kind: "whole call `{name, arguments}`",
    expected: "recover",
    send: (name, input) => json({ name, arguments: input }),
  },
  {
    kind: "whole call in `<tool_call>`",
    expected: "recover",
    send: (name, input) => `<tool_call>${json({ name, arguments: input })}</tool_call>`,
  },
  {
    kind: "`{function: {name, arguments}}`",
    expected: "recover",
    send: (name, input) => json({ function: { name, arguments: json(input) } }),
  },
  {
    kind: "Llama `{name, parameters}`",
    expected: "recover",
    send: (name, input) => json({ name, parameters: input }),
  },
  {
    kind: '`{"<tool>": {…}}`',
    expected: "recover",
    send: (name, input) => json({ [name]: input }),
  },
  {
    kind: "Mistral `[TOOL_CALLS]`",
    expected: "recover",
    send: (name, input) => `[TOOL_CALLS]${json([{ name, arguments: input }])}`,
  },
  {
    kind: "pythonic `<|python_tag|>f(a=1)`",
    expected: "recover",
    send: (name, input) => `<|python_tag|>${pythonCall(name, input)}`,
  },
  {
    kind: "pythonic list `[f(a=1)]`",
    expected: "recover",
    send: (name, input) => `[${pythonCall(name, input)}]`,
  },
  {
    kind: "Qwen3 XML",
    expected: "recover",
    send: (name, input) =>
      `<tool_call>\n<function=${name}>\n${Object.entries(input)
        .map(
          ([key, value]) =>
            `<parameter=${key}>\n${typeof value === "string" ? value : json(value)}\n</parameter>`,
        )
        .join("\n")}\n</function>\n</tool_call>`,
  },
  {
    kind: "camelCase keys for snake_case",
    expected: "recover",
    send: (_, input) => {
      const changed = renamed(input, camel);
      return changed === undefined ? undefined : json(changed);
    },
  },
  {
    kind: "snake_case keys for camelCase",
    expected: "recover",
    send: (_, input) => {
      const changed = renamed(input, snake);
      return changed === undefined ? undefined : json(changed);
    },
  },
  {
    kind: 'booleans as "yes"/"no"',
    expected: "recover",
    send: (_, input) =>
      Object.values(input).some((value) => typeof value === "boolean")
        ? json(
            Object.fromEntries(
              Object.entries(input).map(([key, value]) => [
                key,
                typeof value === "boolean" ? (value ? "yes" : "no") : value,
              ]),
            ),
          )
        : undefined,
  },
  {
    kind: "a key twice, two values",
    expected: "refuse",
    send: (_, input) => {
      const [key, value] = Object.entries(input)[0] ?? [];
      if (key === undefined) return undefined;
      const other =
        typeof value === "string"
          ? `${value} (edited)`
          : typeof value === "number"
            ? value + 1
            : "other";
      return `${json(input).slice(0, -1)},${json(key)}:${json(other)}}`;
    },
  },
  {
    kind: "a whole call of another tool",
    expected: "refuse",
    send: (_, input, other) =>
      other === undefined ? undefined : json({ name: other, arguments: input }),
  },
  {
    kind: "every key unknown",
    expected: "refuse",
    send: (_, input) =>
      Object.keys(input).length === 0
        ? undefined
        : json(
            Object.fromEntries(Object.entries(input).map(([key, value]) => [`zz_${key}_x`, value])),
          ),
  },
];

interface Count {
  ok: number;
  refused: number;
  wrong: number;
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  let workloads = await corruptionWorkload();
  if (options.quick) workloads = workloads.filter((_, index) => index % 10 === 0);
  const counts = new Map<string, Count>();
  const cases = new Map<string, number>();
  const key = (library: string, kind: string) => `${library}\u0000${kind}`;
  for (const workload of workloads) {
    const registries = await Promise.all(libraries.map((library) => library.make(workload)));
    const { name, input } = workload.answer;
    const others = workload.toolbox.tools
      .flatMap((tool) =>
        tool.activities().map((activity) => workload.toolbox.nativeName(tool, activity.name)),
      )
      .filter((candidate) => candidate !== name);
    for (const kind of kinds) {
      const args = kind.send(name, input, others[0]);
      if (args === undefined) continue;
      cases.set(kind.kind, (cases.get(kind.kind) ?? 0) + 1);
      for (const [index, library] of libraries.entries()) {
        const outcome = await (registries[index] as CallRegistry).call(name, args);
        const count = counts.get(key(library.name, kind.kind)) ?? { ok: 0, refused: 0, wrong: 0 };
        if (!outcome.ran) {
          if (kind.expected === "refuse") count.ok++;
          else count.refused++;
        } else if (kind.expected === "recover" && isDeepStrictEqual(outcome.received, input))
          count.ok++;
        else count.wrong++;
        counts.set(key(library.name, kind.kind), count);
      }
    }
    await Promise.all(registries.map((registry) => registry.close?.()));
  }
  const cell = (library: string, kind: string) => {
    const count = counts.get(key(library, kind)) ?? { ok: 0, refused: 0, wrong: 0 };
    return `${count.ok} / ${count.wrong} / ${count.refused}`;
  };
  const wrongTotal = (library: string) =>
    kinds.reduce((sum, kind) => sum + (counts.get(key(library, kind.kind))?.wrong ?? 0), 0);
  const section = [
    "## 9. Open-model call shapes",
    "",
    `The accepted BFCL answers of the repair scenario (${workloads.length} calls) rewritten into the shapes open models send, through every library's own call path (as in the repair scenario). Per cell: **ok / wrong / refused** — ok: the tool body got exactly the intended input (for a refuse-kind: the call was refused); wrong: the body ran on anything else; refused: a recoverable call was not run. Mastra: \`createTool\` tools fed through its agent stream's argument reading (\`convertFullStreamChunkToMastra\`) and its \`execute\`'s input validation.`,
    "",
    `| kind | expected | cases | ${libraries.map((library) => library.name).join(" | ")} |`,
    `| --- | --- | ---: | ${libraries.map(() => "---:").join(" | ")} |`,
    ...kinds.map(
      (kind) =>
        `| ${kind.kind.replaceAll("|", "\\|")} | ${kind.expected} | ${cases.get(kind.kind) ?? 0} | ${libraries.map((library) => cell(library.name, kind.kind)).join(" | ")} |`,
    ),
    `| **wrong executions, all kinds** | | | ${libraries.map((library) => `**${wrongTotal(library.name)}**`).join(" | ")} |`,
    "",
    `Target: toolwright has 0 wrong executions. Measured: **${wrongTotal("toolwright")}** (${wrongTotal("toolwright") === 0 ? "met" : "missed"}).`,
    "",
  ].join("\n");
  return {
    section,
    headline: [
      {
        measure: "Wrong executions on open-model call shapes",
        toolwright: `${wrongTotal("toolwright")}`,
        others: libraries
          .filter((library) => library.name !== "toolwright")
          .map((library) => `${library.name} ${wrongTotal(library.name)}`)
          .join(", "),
      },
    ],
  };
}

/** Scenario: open models' call shapes through every library, ok / wrong / refused per kind. */
export const openModelsScenario: Scenario = {
  id: "open-models",
  title: "Open-model call shapes",
  run,
};
