import { introducesNonCall } from "./lead-in-cues.js";
import { find, isSpace } from "./text-search.js";
import { countWork } from "./work-meter.js";

/**
 * @internal Pairs of markers around spans of a reply that hold no calls (reasoning).
 *
 * @example
 * ```ts
 * const skip: SpanMarkers = [["<think>", "</think>"]];
 * ```
 */
export type SpanMarkers = readonly (readonly [open: string, close: string])[];

/**
 * @internal The reasoning span most models write, `<think>…</think>`: a call written in it is the
 * model thinking about a call, not making one.
 *
 * @example
 * ```ts
 * const rules: PositionRules = { reasoning: THINKING };
 * ```
 */
export const THINKING: SpanMarkers = [["<think>", "</think>"]];

/**
 * @internal Where one format's calls may stand. `where` is `"sentence"` (the default: the start of
 * the reply or of a line, after the reasoning or a previous call, after a sentence's end or a colon,
 * or glued to the word before), `"line"` (only first on its line) or `"reply"` (only at the start of
 * the reply or right after its reasoning: formats without any marker).
 *
 * @example
 * ```ts
 * const rules: PositionRules = { where: "line", frames: ["<|message_sep|>"] };
 * ```
 */
export interface PositionRules {
  readonly reasoning?: SpanMarkers;
  /** The format's own tokens that stand right before a call (`<|message_sep|>`, `<answer>`). */
  readonly frames?: readonly string[];
  readonly where?: "sentence" | "line" | "reply";
}

type LineKind = "start" | "plain" | "quote" | "list" | "code";
type PrevKind = "none" | "text" | "block" | "reasoning";

/**
 * @internal The scanner's state at one position, a plain object: the streaming reader resumes a
 * later read from it.
 *
 * @example
 * ```ts
 * const state = positions.stateAt(120);
 * ```
 */
export interface PositionState {
  readonly at: number;
  readonly reasoning: number;
  readonly fence: string;
  readonly inline: number;
  readonly quote: string;
  readonly lineKind: LineKind;
  readonly lineIndent: number;
  readonly blankLine: boolean;
  readonly prev: number;
  readonly spaceAfterPrev: boolean;
  readonly prevKind: PrevKind;
  readonly blockAccepted: boolean;
  readonly proseSeen: boolean;
  readonly sentenceStart: number;
  /** The last sentence that ended (its last 240 characters): what leads into a marker after it. */
  readonly lastSentence: string | undefined;
}

const INITIAL: PositionState = {
  at: 0,
  reasoning: -1,
  fence: "",
  inline: 0,
  quote: "",
  lineKind: "start",
  lineIndent: 0,
  blankLine: true,
  prev: -1,
  spaceAfterPrev: false,
  prevKind: "none",
  blockAccepted: false,
  proseSeen: false,
  sentenceStart: -1,
  lastSentence: undefined,
};

const QUOTE_CLOSERS: Readonly<Record<string, string>> = {
  '"': '"',
  "\u201c": "\u201d",
  "\u00ab": "\u00bb",
  "\u201e": "\u201c",
  "\u300c": "\u300d",
  "\u300e": "\u300f",
};
// How much of the sentence before a marker is kept to read its lead-in.
const LEAD_IN = 240;
const TERMINATORS = new Set([".", "!", "?", ":", "\uff1a", "\u3002", "\uff01", "\uff1f", "\u2026"]);
const LETTER = /\p{L}/u;

function isLetter(char: string | undefined): boolean {
  return char !== undefined && LETTER.test(char);
}

/**
 * @internal `state` moved `by` characters back, for a text that drops its first `by` characters
 * (the streaming reader keeps only what is not settled). The state must be one {@link
 * CallPositions.stateAt} returned: nothing in it looks back before its position.
 *
 * @example
 * ```ts
 * const resumed = rebaseState(positions.stateAt(120), 120);
 * ```
 */
export function rebaseState(state: PositionState, by: number): PositionState {
  return { ...state, at: state.at - by, prev: -1, sentenceStart: -1 };
}

/**
 * @internal Reads a reply forward and tells where a call may start: outside reasoning, code (fenced
 * blocks, inline code), quotations, block quotes and list items, at a position the format allows,
 * and not introduced as an example, an option, a quotation or a negation. A call right after an
 * accepted call is one too; one right after a refused one (an example) is part of the example.
 * Every index asked about must be at or after the previous one, so the scan is one pass.
 *
 * @example
 * ```ts
 * const positions = new CallPositions('Do NOT run <tool_call>…', {});
 * positions.check(11); // "text"
 * ```
 */
export class CallPositions {
  readonly text: string;
  private readonly rules: PositionRules;
  private readonly reasoning: SpanMarkers;
  // The first character of each reasoning marker that opens a span.
  private readonly openers: string | undefined;
  private state: { -readonly [K in keyof PositionState]: PositionState[K] };
  // Where the open reasoning span ends (Infinity: it never closes); found when the span opens.
  private spanEnd: number | undefined;
  // Where the open reasoning span's content starts.
  private spanStart = 0;
  // States a later read may resume from (line starts, block ends); kept only for the stream.
  private readonly saved: PositionState[] | undefined;

  constructor(
    text: string,
    rules: PositionRules,
    options: {
      readonly from?: PositionState | undefined;
      readonly resumable?: boolean | undefined;
    } = {},
  ) {
    this.text = text;
    this.rules = rules;
    this.reasoning = rules.reasoning ?? THINKING;
    // An empty marker would open everywhere: then every character is checked.
    const empty = this.reasoning.some(([open]) => open === "");
    this.openers = empty ? undefined : this.reasoning.map(([open]) => open[0]).join("");
    this.state = { ...(options.from ?? INITIAL) };
    this.saved = options.resumable === true ? [] : undefined;
    const open = this.reasoning[this.state.reasoning];
    if (open !== undefined) {
      this.spanStart = this.state.at;
      this.spanEnd = this.closeOf(open[1], this.state.at);
    }
  }

  /**
   * What a marker at `index` is: `"call"` where a call may start, `"reasoning"` inside a reasoning
   * span (see {@link reasoningEnd}), `"text"` anywhere else.
   */
  check(index: number): "call" | "text" | "reasoning" {
    this.advance(index);
    const s = this.state;
    if (this.spanEnd !== undefined) return "reasoning";
    // A reasoning span that opens right here: asked about its own marker, the reader skips it.
    if (s.fence === "" && s.inline === 0 && this.opensReasoning()) return "reasoning";
    if (s.fence !== "" || s.inline > 0 || s.quote !== "") return "text";
    if (s.lineKind === "quote" || s.lineKind === "list" || s.lineKind === "code") return "text";
    if (s.prevKind === "none") return "call";
    if (s.prevKind === "block") return s.blockAccepted ? "call" : "text";
    if (s.prevKind === "reasoning")
      return this.rules.where === "reply" && s.proseSeen ? "text" : "call";
    const where = this.rules.where ?? "sentence";
    if (where === "reply") return "text";
    const lineStart = s.lineKind === "start";
    if (where === "line" && !lineStart) return "text";
    const prevChar = this.text[s.prev] as string;
    if (!lineStart && this.framed(s.prev)) return "call";
    let leadIn: string | undefined;
    if (lineStart || TERMINATORS.has(prevChar)) leadIn = s.lastSentence;
    else if (!s.spaceAfterPrev && /[\p{L}\p{N}]/u.test(prevChar)) {
      leadIn = this.text.slice(Math.max(s.sentenceStart, index - LEAD_IN), index);
    } else return "text";
    return leadIn !== undefined && introducesNonCall(leadIn) ? "text" : "call";
  }

  /** True when the position last checked is the first thing on its line (white space aside). */
  firstOnLine(): boolean {
    return this.state.lineKind === "start";
  }

  /** True when prose (not reasoning, not a block) came before the position scanned to. */
  proseBefore(): boolean {
    return this.state.proseSeen;
  }

  /** Where the reasoning span the last {@link check} fell in ends (the text's end if it never does). */
  reasoningEnd(): number {
    return Math.min(this.spanEnd ?? this.state.at, this.text.length);
  }

  /**
   * The text up to `end` was a block the reader took (a call, or one it refused), or, with `accepted`
   * false, something that only looked like one; prose resumes after it.
   */
  block(end: number, accepted: boolean): void {
    if (end <= this.state.at) return;
    const s = this.state;
    countWork(1);
    s.at = end;
    s.prevKind = "block";
    s.blockAccepted = accepted;
    s.prev = end - 1;
    s.spaceAfterPrev = false;
    s.sentenceStart = -1;
    s.lastSentence = undefined;
    if (s.lineKind === "start") s.lineKind = "plain";
    s.blankLine = false;
    this.saved?.push({ ...s });
  }

  /**
   * The scanner's state at the latest position at or before `index` where a later read may resume
   * (a line's start or a block's end), and that position.
   */
  stateAt(index: number): PositionState | undefined {
    this.advance(index);
    const open = this.reasoning[this.state.reasoning];
    if (this.spanEnd !== undefined && open !== undefined && this.saved !== undefined) {
      // Inside a reasoning span that has not closed yet: resume before a close marker the text may
      // be in the middle of.
      const at = Math.max(this.state.at - open[1].length + 1, this.spanStart);
      return { ...this.state, at };
    }
    const saved = this.saved ?? [];
    for (let i = saved.length - 1; i >= 0; i -= 1) {
      const state = saved[i] as PositionState;
      if (state.at <= index) return state;
    }
    return undefined;
  }

  /** Scans forward to `to` (exclusive). */
  private advance(to: number): void {
    const s = this.state;
    const text = this.text;
    const end = Math.min(to, text.length);
    const from = s.at;
    while (s.at < end) {
      if (this.spanEnd !== undefined) {
        if (this.spanEnd > end) {
          s.at = end;
          break;
        }
        s.at = this.spanEnd;
        this.spanEnd = undefined;
        s.reasoning = -1;
        s.prevKind = "reasoning";
        s.prev = s.at - 1;
        s.spaceAfterPrev = false;
        s.sentenceStart = -1;
        s.lastSentence = undefined;
        continue;
      }
      const char = text[s.at] as string;
      if (char === "\n") {
        this.newline();
        s.at += 1;
        this.saved?.push({ ...s });
        continue;
      }
      const code = char.charCodeAt(0);
      if (isSpace(code)) {
        if (s.lineKind === "start") s.lineIndent += char === "\t" ? 4 : 1;
        s.spaceAfterPrev = true;
        s.at += 1;
        continue;
      }
      if (s.lineKind === "start") this.startLine(char);
      if (s.fence !== "") {
        // Inside a fenced block only its closing fence matters, at the start of a line.
        if (s.blankLine && s.lineIndent <= 3 && text.startsWith(s.fence, s.at)) s.fence = "";
        s.blankLine = false;
        s.at += 1;
        continue;
      }
      if (
        s.blankLine &&
        s.lineIndent <= 3 &&
        (text.startsWith("```", s.at) || text.startsWith("~~~", s.at))
      ) {
        s.fence = text.slice(s.at, s.at + 3);
        s.blankLine = false;
        s.at += 3;
        continue;
      }
      s.blankLine = false;
      if (char === "`") {
        let run = 1;
        while (text[s.at + run] === "`") run += 1;
        if (s.inline === 0) s.inline = run;
        else if (s.inline === run) s.inline = 0;
        this.sawText(s.at + run - 1);
        s.at += run;
        continue;
      }
      if (s.inline > 0) {
        s.at += 1;
        continue;
      }
      if (this.opensReasoning()) continue;
      if (s.quote !== "" && char === s.quote) s.quote = "";
      else if (s.quote === "") s.quote = QUOTE_CLOSERS[char] ?? "";
      this.sawText(s.at);
      // A period before a letter is an abbreviation's ("e.g.", "i.e."), not a sentence's end.
      if (TERMINATORS.has(char) && !(char === "." && isLetter(text[s.at + 1])))
        this.endSentence(s.at + 1);
      s.at += 1;
    }
    countWork(s.at - from + 1);
  }

  private newline(): void {
    const s = this.state;
    // A blank line ends a paragraph: an unclosed quotation or code span does not run past it.
    if (s.blankLine) {
      s.quote = "";
      s.inline = 0;
    }
    this.endSentence(s.at);
    s.lineKind = "start";
    s.lineIndent = 0;
    s.blankLine = true;
    s.spaceAfterPrev = true;
  }

  private startLine(char: string): void {
    const s = this.state;
    const text = this.text;
    const next = text[s.at + 1];
    if (s.fence !== "") s.lineKind = "plain";
    else if (s.lineIndent >= 4) s.lineKind = "code";
    else if (char === ">") s.lineKind = "quote";
    else if ((char === "-" || char === "*" || char === "+") && (next === " " || next === "\t")) {
      s.lineKind = "list";
    } else if (char >= "0" && char <= "9" && /^\d{1,3}[.)][ \t]/.test(text.slice(s.at, s.at + 5))) {
      s.lineKind = "list";
    } else s.lineKind = "plain";
  }

  private sawText(index: number): void {
    const s = this.state;
    if (s.sentenceStart < 0) s.sentenceStart = index;
    s.prev = index;
    s.spaceAfterPrev = false;
    s.prevKind = "text";
    s.proseSeen = true;
  }

  private endSentence(end: number): void {
    const s = this.state;
    if (s.sentenceStart >= 0 && s.sentenceStart < end) {
      s.lastSentence = this.text.slice(Math.max(s.sentenceStart, end - LEAD_IN), end);
    }
    s.sentenceStart = -1;
  }

  // A reasoning span opens at the scan position: the scan jumps to its end. Asked at every
  // character, so a character that starts no opening marker answers at once.
  private opensReasoning(): boolean {
    const s = this.state;
    const char = this.text[s.at];
    if (this.openers !== undefined && (char === undefined || !this.openers.includes(char))) {
      return false;
    }
    for (let index = 0; index < this.reasoning.length; index++) {
      const [open, close] = this.reasoning[index] as readonly [string, string];
      if (!this.text.startsWith(open, s.at)) continue;
      s.reasoning = index;
      this.spanStart = s.at + open.length;
      this.spanEnd = this.closeOf(close, this.spanStart);
      return true;
    }
    return false;
  }

  private closeOf(close: string, from: number): number {
    const at = find(this.text, close, from);
    return at < 0 ? Number.POSITIVE_INFINITY : at + close.length;
  }

  // The format's own token ends right before the marker (`…<|message_sep|>function call`).
  private framed(prev: number): boolean {
    for (const frame of this.rules.frames ?? []) {
      const start = prev + 1 - frame.length;
      if (start >= 0 && this.text.startsWith(frame, start)) return true;
    }
    return false;
  }
}
