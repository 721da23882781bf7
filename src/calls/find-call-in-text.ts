import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";

type Formats = typeof import("../formats/parse-tool-calls.js");

// The format readers are many small modules: loaded the first time arguments hold raw model text, so
// the root entry stays light.
const formats = loadOnUse<Formats>(
  siblingModuleUrl(import.meta.url, "../formats/parse-tool-calls").href,
);

/** @internal What a raw model reply inside a call's arguments holds. */
export type CallInText =
  | { readonly kind: "none" }
  | {
      readonly kind: "one";
      readonly name: string;
      readonly arguments: unknown;
      readonly format: string;
    }
  | { readonly kind: "refused"; readonly reason: string };

/**
 * @internal Reads arguments that are not JSON as a raw model reply in any format `parseToolCalls`
 * knows. One complete call is the reading; several calls or a call that was cut off are refused.
 */
export function findCallInText(
  text: string,
  cutOff: { finishReason?: string | undefined; readOnly?: boolean | undefined } = {},
): CallInText {
  // The readers judge a call cut off by the same finish reason and activity as the decoder does.
  const parsed = formats().parseToolCalls(text, cutOff);
  if (parsed.format === undefined) return { kind: "none" };
  const refused = parsed.refused[0];
  if (refused !== undefined) return { kind: "refused", reason: refused.reason };
  const [call, ...more] = parsed.calls;
  if (call === undefined) return { kind: "none" };
  if (more.length > 0) {
    return {
      kind: "refused",
      reason: `the arguments hold ${parsed.calls.length} calls in the ${parsed.format} format; send each call separately`,
    };
  }
  return { kind: "one", name: call.name, arguments: call.arguments, format: parsed.format };
}
