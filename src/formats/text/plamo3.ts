import { isPlainObject } from "../json/shared-call-shape.js";
import type { ParsedToolCall, RefusedToolCall } from "../tool-call-format.js";
import { blockFormat } from "./block-format.js";
import { type BlockRead, CUT_OFF, markerBlocks, refusal } from "./text-result.js";

const tag = (name: string) => `<|plamo:${name}:plamo|>`;
const REQUEST = [tag("begin_tool_request"), tag("end_tool_request")] as const;
const NAME = [tag("begin_tool_name"), tag("end_tool_name")] as const;
const ARGS = [tag("begin_tool_arguments"), tag("end_tool_arguments")] as const;

/**
 * PLaMo 3's format (vLLM `plamo3`): `<|plamo:begin_tool_requests:plamo|>` + per call
 * `<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|>
 * <|plamo:begin_tool_arguments:plamo|>{…}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`.
 *
 * @example
 * ```ts
 * plamo3Format.parse("<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>").calls;
 * // [{ name: "f", arguments: {} }]
 * ```
 */
export const plamo3Format = blockFormat({
  name: "plamo3",
  open: tag("begin_tool_requests"),
  close: tag("end_tool_requests"),
  read: readRequests,
  // The end-of-turn tag closes the reply; it is not text.
  dropTokens: ["<|plamo:tag|>"],
});

function readRequests(body: string): BlockRead {
  const calls: ParsedToolCall[] = [];
  const refused: RefusedToolCall[] = [];
  const requests = markerBlocks(body, { open: REQUEST[0], close: REQUEST[1] });
  for (const request of requests) {
    const read = readRequest(request.body, request.closed);
    if ("reason" in read) refused.push(refusal(read.reason, request.body));
    else calls.push(read);
  }
  return { calls, refused };
}

function readRequest(body: string, closed: boolean): ParsedToolCall | { reason: string } {
  if (!closed) return { reason: CUT_OFF };
  const name = between(body, NAME);
  const args = between(body, ARGS);
  if (name === undefined || args === undefined || name.trim() === "") {
    return { reason: `expected ${NAME[0]}name${NAME[1]}${ARGS[0]}{…}${ARGS[1]}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return { reason: `the arguments of "${name}" are not valid JSON; send them as a JSON object` };
  }
  if (!isPlainObject(value)) return { reason: `the arguments of "${name}" are not a JSON object` };
  return { name: name.trim(), arguments: value };
}

function between(text: string, [open, close]: readonly [string, string]): string | undefined {
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  return start < 0 || end < 0 ? undefined : text.slice(start + open.length, end);
}
