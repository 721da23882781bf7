import { countWork } from "./work-meter.js";

// How far back a lead-in is read: cues sit next to the call they introduce.
const LEAD_IN_LIMIT = 240;

// Words that make what follows an example, an option, a quotation or an instruction to the reader,
// not a call the model makes. English only: the markers are what a call is recognised by; these
// only keep a marker that prose introduces from running.
const EXAMPLE =
  /\b(?:for example|for instance|example|examples|samples?|such as|like this|like so|something like|looks? like|would look|the syntax|syntax is|the format|format is|formatted as|template|illustrat\w*|demonstrat\w*|options?|alternatives?|either|placeholder|hypothetical\w*)\b|\be\.g\.|\blike\s*:?$/;
const HYPOTHETICAL =
  /\bhow (?:you|one|i|we|they|to) (?:(?:would|could|can|might|should|may|will)\s+)?(?:call|run|use|invoke|write|send|type|format|do|make|issue|execute|trigger)\b|\b(?:you|users?|one|someone|they|he|she) (?:would|could|can|might|should|may|need to|have to|must|will) (?:call|run|use|invoke|write|send|type|issue|execute|trigger)\b|\bif (?:you|i|we|one) (?:wanted|want|were|needed|need)\b|\bwould (?:be|look|read)\s*:?$|\bwould be (?:a mistake|a bad idea|dangerous|destructive|unsafe|wrong)\b|^(?:warning|caution|danger|careful)\b|\bbe careful\b/;
const NEGATION =
  /\b(?:not|never|don't|dont|do not|doesn't|didn't|won't|wouldn't|shouldn't|mustn't|cannot|can't|refuse to|no need to)\s+(?:\w+\s+){0,2}?(?:run|call|calling|running|execute|executing|use|using|invoke|invoking|try|send|trigger|perform|issue|make|do|doing)\b|\b(?:avoid|instead of|rather not)\b|^(?:don't|do not|never)\s*[.!]*$/;
const QUOTATION =
  /\b(?:wrote|writes|said|says|asked|asks|typed|pasted|quoted|requested|sent|reads|printed|output|outputs|returned|showed|shows)\s*:?\s*$/;
// A question asking leave to run what follows: the call waits for the answer.
const PERMISSION =
  /\b(?:should i|shall i|may i|can i|could i|do you want|would you like|want me to|is it ok|is it okay|is that ok|is that okay|ok to|okay to|confirm)\b[^?]*\?\s*:?$/;
const IMPERATIVE =
  /(?:^|[,;]\s*)(?:please\s+)?(?:run|call|use|type|send|try|execute|invoke|paste|enter|write|issue)\b/;

/**
 * @internal True when the sentence that leads into a marker makes the marker something other than a
 * call: an example ("for example", "like this"), a hypothetical or instruction ("how you would call
 * it", "you can run"), a negation ("do not run", "never call"), a quotation ("the user wrote:"), a
 * question asking leave ("Should I run it?") or an imperative addressed to the reader ("Run:", "To
 * wipe it, call:").
 *
 * @example
 * ```ts
 * introducesNonCall("Here is how you would call it:"); // true
 * introducesNonCall("Let me check the weather."); // false
 * ```
 */
export function introducesNonCall(leadIn: string): boolean {
  // A reply that repeats itself asks about the same sentence again and again: the answer is kept.
  const known = answers.get(leadIn);
  if (known !== undefined) {
    countWork(leadIn.length + 1);
    return known;
  }
  const answer = readLeadIn(leadIn);
  if (answers.size >= ANSWERS_KEPT) answers.clear();
  answers.set(leadIn, answer);
  return answer;
}

// The answers for the last lead-ins asked about (they are at most 240 characters each).
const answers = new Map<string, boolean>();
const ANSWERS_KEPT = 64;

function readLeadIn(leadIn: string): boolean {
  const text = (leadIn.length > LEAD_IN_LIMIT ? leadIn.slice(-LEAD_IN_LIMIT) : leadIn)
    .replaceAll("\u2019", "'")
    .toLowerCase()
    .trim();
  countWork(text.length + 1);
  if (text === "") return false;
  return (
    EXAMPLE.test(text) ||
    HYPOTHETICAL.test(text) ||
    NEGATION.test(text) ||
    QUOTATION.test(text) ||
    PERMISSION.test(text) ||
    IMPERATIVE.test(text)
  );
}
