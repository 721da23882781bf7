import type {
  ParsedToolCall,
  ParsedToolCalls,
  RefusedToolCall,
  ToolCallFormat,
} from "../tool-call-format.js";
import { CUT_OFF, refusal } from "./text-result.js";

const TOKEN = /<\|(start|channel|message|end|call|return|constrain)\|>/g;
const RECIPIENT = /\bto=([^\s<]+)/;
const FUNCTIONS = "functions.";

/**
 * gpt-oss's Harmony format (vLLM `openai`): messages such as `<|channel|>commentary
 * to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>`; the recipient may
 * also stand before `<|channel|>`. Text of the other messages (analysis, commentary, final) is `text`.
 *
 * @example
 * ```ts
 * harmonyFormat.parse('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const harmonyFormat: ToolCallFormat = {
  name: "harmony",
  detect: (text) =>
    text.includes("<|message|>") && (text.includes("<|channel|>") || RECIPIENT.test(text)),
  parse: parseHarmony,
};

interface Message {
  readonly header: string;
  readonly body: string;
  /** The token that ended the body, or undefined when the reply ended first. */
  readonly terminator: string | undefined;
  readonly raw: string;
}

function parseHarmony(text: string): ParsedToolCalls {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  const texts: string[] = [];
  const { messages, loose, openHeader } = splitMessages(text);
  texts.push(...loose);
  for (const message of messages) {
    const recipient = RECIPIENT.exec(message.header)?.[1];
    if (recipient === undefined) {
      if (message.body.trim() !== "") texts.push(message.body.trim());
      continue;
    }
    if (!recipient.startsWith(FUNCTIONS) || recipient.length === FUNCTIONS.length) {
      refused.push(
        refusal(
          `"to=${recipient}" is not a function call; address calls to=functions.NAME`,
          message.raw,
        ),
      );
      continue;
    }
    const read = readArguments(message);
    if ("reason" in read) refused.push(refusal(read.reason, message.raw));
    else calls.push({ name: recipient.slice(FUNCTIONS.length), arguments: read.arguments });
  }
  if (openHeader !== undefined && RECIPIENT.test(openHeader))
    refused.push(refusal(CUT_OFF, openHeader));
  const found = calls.length > 0 || refused.length > 0;
  return { calls, text: texts.join("\n\n").trim(), format: found ? "harmony" : undefined, refused };
}

function readArguments(
  message: Message,
): { arguments: Record<string, unknown> | string } | { reason: string } {
  const body = message.body.trim();
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
    return { arguments: message.body };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { reason: "the arguments must be one JSON object" };
  }
  // A complete JSON object cannot be a cut-off prefix, so a missing <|call|> (a stop token the
  // server may strip) does not make the call partial.
  return { arguments: value as Record<string, unknown> };
}

function splitMessages(text: string): {
  messages: Message[];
  loose: string[];
  openHeader: string | undefined;
} {
  const messages: Message[] = [];
  const loose: string[] = [];
  let state: "outside" | "header" | "body" = "outside";
  let at = 0;
  let headerStart = 0;
  let header = "";
  let bodyStart = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    const kind = match[1] as string;
    if (state === "body") {
      if (kind === "message" || kind === "channel" || kind === "constrain") continue;
      const terminator = kind === "start" ? undefined : kind;
      messages.push({
        header,
        body: text.slice(bodyStart, index),
        terminator: terminator ?? "start",
        raw: text.slice(headerStart, index + (kind === "start" ? 0 : match[0].length)),
      });
      state = kind === "start" ? "header" : "outside";
      headerStart = index;
      at = index + match[0].length;
      continue;
    }
    if (state === "outside") {
      const between = text.slice(at, index).trim();
      if (between !== "") loose.push(between);
      at = index + match[0].length;
      if (kind === "end" || kind === "call" || kind === "return") continue;
      state = "header";
      headerStart = index;
    }
    if (kind === "message") {
      header = text.slice(headerStart, index);
      bodyStart = index + match[0].length;
      state = "body";
    }
  }
  if (state === "body") {
    messages.push({
      header,
      body: text.slice(bodyStart),
      terminator: undefined,
      raw: text.slice(headerStart),
    });
    return { messages, loose, openHeader: undefined };
  }
  if (state === "header") return { messages, loose, openHeader: text.slice(headerStart) };
  const rest = text.slice(at).trim();
  if (rest !== "") loose.push(rest);
  return { messages, loose, openHeader: undefined };
}
