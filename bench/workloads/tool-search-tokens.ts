import { countTokens } from "gpt-tokenizer";
import { Toolbox } from "../../src/index.js";
import { installedVersion } from "../environment.js";
import type { SearchWorkload } from "./tool-search.js";

/** Tokens of the tool definitions a request carries, with and without deferral. */
export interface DeferralTokens {
  readonly section: string;
  readonly without: number;
  readonly firstRequest: number;
  readonly afterSearch: number;
}

/**
 * What deferral saves, on the search catalog: the `tools` JSON of a request (gpt-tokenizer's
 * `o200k_base`) with every activity sent, against a deferring toolbox's requests before and after the
 * model's first search (its `limit` found activities appended, plus the search result the model reads),
 * averaged over `sample` questions. OpenAI Chat's shape for the deferred requests; Anthropic's for the
 * full list (OpenAI accepts at most 128 tools per request; the full list is for comparison only).
 */
export async function deferralTokens(
  workload: SearchWorkload,
  sample: number,
  limit: number,
): Promise<DeferralTokens> {
  const tokens = (value: unknown) => countTokens(JSON.stringify(value));
  const tools = workload.toolbox.tools;
  const without = tokens(workload.toolbox.toProviderTools("anthropic"));
  const step = Math.max(1, Math.floor(workload.queries.length / sample));
  const questions = workload.queries.filter((_, index) => index % step === 0).slice(0, sample);
  let first = 0;
  let after = 0;
  for (const question of questions) {
    // A fresh toolbox per question: each conversation starts with nothing loaded.
    const toolbox = new Toolbox(tools, { deferLoading: true });
    first += tokens(toolbox.toProviderTools("openai-chat"));
    const result = await toolbox.execute({
      name: "ToolSearchTool_search",
      arguments: { query: question.text, limit },
    });
    after += tokens(toolbox.toProviderTools("openai-chat")) + countTokens(result.artifact.toText());
  }
  const firstRequest = Math.round(first / questions.length);
  const afterSearch = Math.round(after / questions.length);
  const section = [
    `Tokens of the tools a request carries (gpt-tokenizer ${installedVersion("gpt-tokenizer")}, \`o200k_base\`, over the JSON), ${questions.length} questions: every one of the ${workload.functions.length.toLocaleString("en-US")} activities sent, against \`new Toolbox(tools, { deferLoading: true })\`, whose first request carries only the search activity and whose request after one search (limit ${limit}) carries it and the ${limit} found activities, plus the search result the model reads. On Anthropic the deferred tools are sent marked \`defer_loading: true\` and kept out of the model's context until referenced, so its context holds about the same as the deferred rows.`,
    "",
    "| request | tool tokens | share of all |",
    "| --- | ---: | ---: |",
    `| every activity sent | ${without.toLocaleString("en-US")} | 100% |`,
    `| deferred: first request | ${firstRequest.toLocaleString("en-US")} | ${share(firstRequest, without)} |`,
    `| deferred: after one search, with its result | ${afterSearch.toLocaleString("en-US")} | ${share(afterSearch, without)} |`,
  ].join("\n");
  return { section, without, firstRequest, afterSearch };
}

function share(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(2)}%`;
}
