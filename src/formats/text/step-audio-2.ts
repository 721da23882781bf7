import { isPlainObject } from "../json/shared-call-shape.js";
import { blockFormat } from "./block-format.js";
import { type BlockRead, CUT_OFF, refusal } from "./text-result.js";

const DETECT = /<tool_call>function\r?\n[^\s<>{}]+\r?\n/;
const HEAD = /^function\r?\n([^\s<>{}]+)\r?\n/;

/**
 * Step-Audio 2's format (vLLM `step_audio_2`): `<tool_call>function\nget_weather\n{"city": "Paris"}
 * </tool_call>`: the type, the name and the JSON arguments on lines of their own.
 *
 * @example
 * ```ts
 * stepAudio2Format.parse('<tool_call>function\nget_weather\n{"city": "Paris"}</tool_call>').calls;
 * // [{ name: "get_weather", arguments: { city: "Paris" } }]
 * ```
 */
export const stepAudio2Format = blockFormat({
  name: "step-audio-2",
  open: "<tool_call>",
  close: "</tool_call>",
  detect: (text) => DETECT.test(text),
  read: readCall,
});

function readCall(body: string, closed: boolean): BlockRead {
  const refuse = (reason: string) => ({ calls: [], refused: [refusal(reason, body)] });
  // Only </tool_call> ends a call: without it, the arguments may be cut short.
  if (!closed) return refuse(CUT_OFF);
  const head = HEAD.exec(body);
  if (head === null)
    return refuse("expected function, the name and the JSON arguments, one per line");
  let args: unknown;
  try {
    args = JSON.parse(body.slice(head[0].length));
  } catch {
    return refuse(`the arguments of "${head[1]}" are not valid JSON; send them as a JSON object`);
  }
  if (!isPlainObject(args)) {
    return refuse(`the arguments of "${head[1]}" are not a JSON object; send {"parameter": value}`);
  }
  return { calls: [{ name: head[1] as string, arguments: args }], refused: [] };
}
