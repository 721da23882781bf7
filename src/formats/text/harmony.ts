import { isPlainObject } from "../json/shared-call-shape.js";
import { scanJsonValue } from "../json/shared-json-scan.js";
import { readCutOffValue } from "../json/shared-payload.js";
import { Reply } from "../reply/reply.js";
import { isSpace, search, take } from "../reply/text-search.js";
import { defineFormat, type ToolCallFormat } from "../tool-call-format.js";
import { CUT_OFF } from "./text-result.js";

const TOKEN = /<\|(start|channel|message|end|call|return|constrain)\|>/g;
const TOKENS = ["start", "channel", "message", "end", "call", "return", "constrain"].map(
  (name) => `<|${name}|>`,
);
const RECIPIENT = /\bto=([^\s<]+)/;
const FUNCTIONS = "functions.";

/**
 * gpt-oss's Harmony format (vLLM `openai`): messages such as `<|channel|>commentary
 * to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>`; the recipient may
 * also stand before `<|channel|>`. Text of the other messages (analysis, commentary, final) is `text`.
 * The first message must start where a call may (the reply's start, a line's, after a sentence);
 * the others follow it. Harmony tokens inside prose are prose.
 *
 * @example
 * ```ts
 * harmonyFormat.parse('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const harmonyFormat: ToolCallFormat = defineFormat(
  "harmony",
  (text) => text.includes("<|message|>") && (text.includes("<|channel|>") || RECIPIENT.test(text)),
  (text, options) => {
    const reply = new Reply(text, "harmony", {}, options);
    readMessages(reply);
    reply.holdPartial(TOKENS);
    return reply.reading();
  },
);

interface Message {
  readonly start: number;
  readonly header: string;
  readonly bodyStart: number;
  readonly bodyEnd: number;
  /** The token that ended the body, or undefined when the reply ended first. */
  readonly terminator: string | undefined;
  /** Where the message's text ends (after its terminator, or where the next one starts). */
  readonly end: number;
  /** The message stands where a call may (else it is prose that looks like Harmony). */
  readonly placed: boolean;
}

function readMessages(reply: Reply): void {
  const text = reply.text;
  let state: "outside" | "header" | "body" = "outside";
  let start = 0;
  let placed = false;
  let header = "";
  let bodyStart = 0;
  for (let match = search(TOKEN, text, reply.start); match !== null; ) {
    const index = match.index;
    const token = match[0];
    const kind = match[1] as string;
    const after = index + token.length;
    match = search(TOKEN, text, after);
    if (state === "body") {
      if (kind === "message" || kind === "channel" || kind === "constrain") continue;
      const terminator = kind === "start" ? "start" : kind;
      const end = kind === "start" ? index : after;
      readMessage(reply, { start, header, bodyStart, bodyEnd: index, terminator, end, placed });
      state = kind === "start" ? "header" : "outside";
      start = index;
      continue;
    }
    if (state === "outside") {
      if (kind === "end" || kind === "call" || kind === "return") {
        // A stray terminator is markup, not text.
        if (reply.at(index) === "call") reply.remove(index, after, true);
        continue;
      }
      state = "header";
      start = index;
      placed = reply.at(index) === "call";
    }
    if (kind === "message") {
      header = take(text, start, index);
      bodyStart = after;
      state = "body";
    }
  }
  if (state === "body") {
    const end = text.length;
    // The reply may stop inside the token that ends the body: that part is not the body.
    const bodyEnd = end - partialToken(text, bodyStart);
    readMessage(reply, { start, header, bodyStart, bodyEnd, terminator: undefined, end, placed });
    reply.hold(start);
  } else if (state === "header") {
    if (placed) {
      if (RECIPIENT.test(text.slice(start))) reply.refuseCutOff(CUT_OFF, start);
      else reply.hold(start);
      reply.remove(start, text.length, true);
    }
  }
}

// How many characters at the end of `text` (after `from`) begin a Harmony token.
function partialToken(text: string, from: number): number {
  for (let length = Math.min(12, text.length - from); length > 0; length -= 1) {
    const tail = text.slice(text.length - length);
    if (TOKENS.some((token) => token.length > length && token.startsWith(tail))) return length;
  }
  return 0;
}

function readMessage(reply: Reply, message: Message): void {
  if (!message.placed) {
    reply.passed(message.end);
    return;
  }
  const recipient = RECIPIENT.exec(message.header)?.[1];
  if (recipient === undefined) {
    // A text message: its header and terminator are markup; its body is text, a paragraph.
    const text = reply.text;
    let bodyStart = message.bodyStart;
    let bodyEnd = message.bodyEnd;
    while (bodyStart < bodyEnd && isSpace(text.charCodeAt(bodyStart))) bodyStart += 1;
    while (bodyEnd > bodyStart && isSpace(text.charCodeAt(bodyEnd - 1))) bodyEnd -= 1;
    reply.remove(message.start, bodyStart, true);
    reply.remove(bodyEnd, message.end, true);
    reply.took(message.end);
    return;
  }
  reply.remove(message.start, message.end, true);
  reply.took(message.end);
  const raw = { start: message.start, end: message.end };
  if (!recipient.startsWith(FUNCTIONS) || recipient.length === FUNCTIONS.length) {
    const reason = `"to=${recipient}" is not a function call; address calls to=functions.NAME`;
    reply.refuse(reason, raw.start, raw.end);
    return;
  }
  const name = recipient.slice(FUNCTIONS.length);
  const read = readArguments(reply.text, message);
  if ("arguments" in read) reply.accept({ name, arguments: read.arguments }, raw.end);
  else if (read.reason !== CUT_OFF) reply.refuse(read.reason, raw.start, raw.end);
  else {
    // JSON the reply ends in: closed only when just its brackets are missing and the finish reason
    // says the model stopped there.
    const scan = scanJsonValue(reply.text, message.bodyStart);
    const toCall = (value: unknown) =>
      isPlainObject(value)
        ? { call: { name, arguments: value } }
        : { reason: "the arguments must be one JSON object" };
    if (scan.kind === "cut-off")
      readCutOffValue(reply, scan, { rawStart: raw.start, toCall, reason: CUT_OFF });
    else reply.refuseCutOff(CUT_OFF, raw.start);
  }
}

function readArguments(
  text: string,
  message: Message,
): { arguments: Record<string, unknown> | string } | { reason: string } {
  const raw = take(text, message.bodyStart, message.bodyEnd);
  const body = raw.trim();
  const json = /(?:<\|constrain\|>|\s)json\b/.test(message.header);
  if (body === "")
    return message.terminator === undefined ? { reason: CUT_OFF } : { arguments: {} };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    // Without a closing <|call|> the text may be cut off; with one, a non-JSON body is the raw
    // argument text the model meant (vLLM passes it on as is).
    if (message.terminator === undefined) return { reason: CUT_OFF };
    if (json) return { reason: "the arguments are not valid JSON; send one JSON object" };
    return { arguments: raw };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { reason: "the arguments must be one JSON object" };
  }
  // A complete JSON object cannot be a cut-off prefix, so a missing <|call|> (a stop token the
  // server may strip) does not make the call partial.
  return { arguments: value as Record<string, unknown> };
}
