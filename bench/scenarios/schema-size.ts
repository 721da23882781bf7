// Scenario 4, schema size: the prompt cost of the tools themselves. For each of the 200 questions of
// BFCL's `multiple` category (2-4 functions each, as one request would carry them), the bytes and tokens
// of the provider `tools` JSON: toolwright per dialect, and what the anchors emit for the same schemas.
// Run alone: npm run bench -- --only schema-size
import { countTokens } from "gpt-tokenizer";
import { dialectVariants } from "../../test/fixtures/dialect-variants.js";
import { aiSdkProviderTools } from "../anchors/ai-sdk.js";
import { baselineProviderTools } from "../anchors/baseline.js";
import { langchainProviderTools } from "../anchors/langchain.js";
import { mcpListedTools } from "../anchors/mcp.js";
import { openaiAgentsProviderTools } from "../anchors/openai-agents.js";
import { installedVersion } from "../environment.js";
import type { Scenario, ScenarioOptions, ScenarioResult } from "../scenario.js";
import { type BenchFunction, bfclCategory } from "../workloads/bfcl.js";

interface Emitter {
  readonly label: string;
  /** The toolwright variant with the same wire shape, to compare against. */
  readonly sameShape: string;
  readonly how: string;
  emit(functions: readonly BenchFunction[]): unknown[] | Promise<unknown[]>;
}

const anchors: readonly Emitter[] = [
  {
    label: "hand-written (BFCL JSON Schema as is)",
    sameShape: "openai-chat",
    how: "the JSON Schemas unchanged in OpenAI Chat's `{ type, function: { name, description, parameters } }`",
    emit: baselineProviderTools,
  },
  {
    label: `ai-sdk (ai ${installedVersion("ai")})`,
    sameShape: "openai-chat",
    how: "zod tools through `prepareTools` (ai/internal), in the OpenAI Chat shape @ai-sdk/openai sends",
    emit: aiSdkProviderTools,
  },
  {
    label: `langchain (@langchain/core ${installedVersion("@langchain/core")})`,
    sameShape: "openai-chat",
    how: "zod `tool()`s through `convertToOpenAITool`",
    emit: langchainProviderTools,
  },
  {
    label: `openai-agents (@openai/agents-core ${installedVersion("@openai/agents-core")})`,
    sameShape: "openai-responses",
    how: "`tool({ parameters: jsonSchema, strict: false })`, its Responses function tool fields",
    emit: openaiAgentsProviderTools,
  },
  {
    label: `mcp (@modelcontextprotocol/sdk ${installedVersion("@modelcontextprotocol/sdk")})`,
    sameShape: "mcp",
    how: "zod `registerTool`s, the `tools/list` result a host receives",
    emit: mcpListedTools,
  },
];

interface Size {
  bytes: number;
  tokens: number;
}

function sizeOf(tools: unknown): Size {
  const text = JSON.stringify(tools);
  return { bytes: Buffer.byteLength(text), tokens: countTokens(text) };
}

async function run(options: ScenarioOptions): Promise<ScenarioResult> {
  let questions = bfclCategory("multiple");
  if (options.quick) questions = questions.slice(0, 20);
  const totals = new Map<string, Size>();
  const add = (label: string, size: Size) => {
    const total = totals.get(label) ?? { bytes: 0, tokens: 0 };
    total.bytes += size.bytes;
    total.tokens += size.tokens;
    totals.set(label, total);
  };
  const functionCount = questions.reduce((sum, question) => sum + question.functions.length, 0);
  for (const question of questions) {
    for (const variant of dialectVariants) {
      add(
        variant.label,
        sizeOf(question.toolbox.toProviderTools(variant.dialect, variant.options)),
      );
    }
    for (const anchor of anchors) add(anchor.label, sizeOf(await anchor.emit(question.functions)));
  }
  const requests = questions.length;
  const row = (shown: string, key: string, compareTo: string | undefined) => {
    const size = totals.get(key) as Size;
    const reference = compareTo === undefined ? undefined : totals.get(compareTo);
    const ratio = reference === undefined ? "" : `${(size.tokens / reference.tokens).toFixed(2)}×`;
    return `| ${shown} | ${size.bytes.toLocaleString("en-US")} | ${Math.round(size.bytes / requests).toLocaleString("en-US")} | ${size.tokens.toLocaleString("en-US")} | ${Math.round(size.tokens / requests).toLocaleString("en-US")} | ${ratio} |`;
  };
  const chat = totals.get("openai-chat") as Size;
  const section = [
    "## 4. Schema size",
    "",
    `The \`tools\` value of each of the ${requests} requests of BFCL's \`multiple\` category (${functionCount} function docs, 2-4 per request), as JSON: UTF-8 bytes and tokens (gpt-tokenizer ${installedVersion("gpt-tokenizer")}, \`o200k_base\`, the GPT-4o encoding). Providers render tools into the prompt in their own format, so the tokens of the JSON are a proxy for what each request pays, measured the same way for every library. The anchors get the same schemas: the JSON Schema, or that schema as zod (\`z.fromJSONSchema\`) where zod is their way in.`,
    "",
    "| emitted by | bytes, all requests | bytes / request | tokens, all requests | tokens / request | tokens × toolwright, same shape |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...dialectVariants.map((variant) =>
      row(`toolwright ${variant.label}`, variant.label, undefined),
    ),
    ...anchors.map((anchor) => row(anchor.label, anchor.label, anchor.sameShape)),
    "",
    "How the anchors' tools were made:",
    "",
    ...anchors.map(
      (anchor) =>
        `- **${anchor.label}**: ${anchor.how}; compared with toolwright ${anchor.sameShape}.`,
    ),
    "",
  ].join("\n");
  const anchorRatios = anchors
    .filter((anchor) => anchor.sameShape === "openai-chat")
    .map((anchor) => {
      const size = totals.get(anchor.label) as Size;
      return `${anchor.label.split(" ")[0]} ${(size.tokens / chat.tokens).toFixed(2)}×`;
    });
  return {
    section,
    headline: [
      {
        measure: "Tokens of the tools JSON per request (BFCL multiple, OpenAI Chat shape)",
        toolwright: `${Math.round(chat.tokens / requests)}`,
        others: anchorRatios.join(", "),
      },
    ],
  };
}

/** Scenario 4: bytes and tokens of the provider tools JSON, toolwright per dialect beside the anchors. */
export const schemaSizeScenario: Scenario = { id: "schema-size", title: "Schema size", run };
