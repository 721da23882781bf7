import { loadBfclAnswers, loadBfclEntries } from "../../test/fixtures/bfcl-corpus.js";
import { TextCorpus } from "../../test/fixtures/text-corpus.js";
import type { BfclFunction } from "./bfcl.js";

/** A question of the retrieval bench and the passages (by id) that answer it. */
export interface RetrievalQuery {
  readonly id: string;
  readonly text: string;
  readonly gold: ReadonlySet<string>;
}

/** The question/passage set: passages by id (real ones first, then filler) and the questions. */
export interface RetrievalSet {
  readonly passages: readonly { readonly id: string; readonly text: string }[];
  readonly realPassages: number;
  readonly queries: readonly RetrievalQuery[];
}

/** A function doc as one passage: its name, description and each parameter's name, type and description. */
function functionText(fn: BfclFunction): string {
  const properties = (fn.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const parameters = Object.entries(properties).map(
    ([name, schema]) =>
      `${name} (${String(schema.type ?? "any")}): ${String(schema.description ?? "")}`,
  );
  return `${fn.name}: ${fn.description}${parameters.length === 0 ? "" : `\nParameters: ${parameters.join("; ")}`}`;
}

/**
 * Tool retrieval on the Berkeley Function Calling Leaderboard (v4, Apache-2.0, vendored in
 * test/corpora/bfcl): each question's user turn is a query, every distinct function doc a passage,
 * and the functions its ground-truth calls name are the passages that answer it (the other functions
 * offered with a question are hard negatives). Questions of the irrelevance category have no answer
 * and are left out; their functions stay as passages. Up to `size`, the store is filled with
 * seeded word salad: sentences of real English words (`vocabulary`, most frequent first) drawn by
 * Zipf's law (test/fixtures/text-corpus.ts). Filler shares common words with the questions but
 * answers none: it measures cost and noise, not hard negatives.
 */
export function bfclRetrievalSet(size: number, vocabulary: readonly string[]): RetrievalSet {
  const entries = loadBfclEntries();
  const answers = loadBfclAnswers();
  const ids = new Map<string, string>();
  const passages: { id: string; text: string }[] = [];
  const idOf = (fn: BfclFunction) => {
    const text = functionText(fn);
    let id = ids.get(text);
    if (id === undefined) {
      id = `fn${ids.size}`;
      ids.set(text, id);
      passages.push({ id, text });
    }
    return id;
  };
  const queries: RetrievalQuery[] = [];
  for (const entry of entries) {
    const offered = new Map(entry.functions.map((fn) => [fn.name, idOf(fn)]));
    const gold = new Set(
      answers
        .filter((answer) => answer.id === entry.id)
        .flatMap((answer) => offered.get(answer.functionName) ?? []),
    );
    if (gold.size > 0 && entry.question !== "")
      queries.push({ id: entry.id, text: entry.question, gold });
  }
  const realPassages = passages.length;
  const corpus = new TextCorpus({ seed: 33, vocabulary });
  for (let index = passages.length; index < size; index++) {
    passages.push({ id: `filler${index}`, text: corpus.text(400) });
  }
  return { passages, realPassages, queries };
}
