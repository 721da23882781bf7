import { defineValue } from "../text/python-literal.js";
import type { MarkerScan } from "./marker-scan.js";
import type { ArgumentsRead, CallMiss, TagCallSyntax } from "./tag-call.js";

/**
 * @internal An argument's head, read from its opening marker: its key, where its value starts, and the
 * attributes the marker carries (`string="false"`, `type="integer"`).
 *
 * @example
 * ```ts
 * const head: ArgumentHead = { key: "city", end: 24 };
 * ```
 */
export interface ArgumentHead {
  readonly key: string;
  readonly end: number;
  readonly attributes?: ReadonlyMap<string, string>;
}

/**
 * @internal How a format writes its arguments as key/value pairs, each value running to the marker
 * `close`: `<parameter=k>v</parameter>`, `<arg_key>k</arg_key><arg_value>v</arg_value>` …
 *
 * @example
 * ```ts
 * const pairs: ArgumentPairs = {
 *   noun: "parameter", head: readParameterHead, close: "</parameter>",
 *   value: (raw) => ({ value: raw }), noKey: (name) => `a parameter of "${name}" has no name`,
 *   callClose: { marker: "</function>", missing: (name) => `the call to "${name}" is not closed` },
 * };
 * ```
 */
export interface ArgumentPairs {
  /** What the format calls an argument, in refusal reasons ("parameter", "argument"). */
  readonly noun: string;
  /** Reads the argument that starts at `at`, in the call to `name`, up to where its value starts. */
  readonly head: (scan: MarkerScan, at: number, name: string) => ArgumentHead | CallMiss;
  /** The marker that ends each value. */
  readonly close: string;
  /** The value, from the text written between the head and `close`, or why it is not one. */
  readonly value: (
    raw: string,
    head: ArgumentHead,
  ) => { readonly value: unknown } | { readonly reason: string };
  /** The reason for an argument whose key is empty. */
  readonly noKey: (name: string) => string;
  /**
   * The marker that closes the call, and the reason when the text ends before it. Without one the
   * call runs to the end of its block (the block's own closing marker completes it).
   */
  readonly callClose?: { readonly marker: string; readonly missing: (name: string) => string };
}

/**
 * @internal The arguments reader of a format whose arguments are key/value pairs: one pass from the
 * head's end, each value found from the cursor by its closing marker, through the call's closing
 * marker. A key given twice, an empty key or an unreadable value refuses the call.
 *
 * @example
 * ```ts
 * const qwen: TagCallSyntax = { head: readFunctionHead, arguments: argumentPairs(pairs) };
 * ```
 */
export function argumentPairs(pairs: ArgumentPairs): TagCallSyntax["arguments"] {
  const { noun, close, callClose } = pairs;
  return (scan, from, name): ArgumentsRead | CallMiss => {
    const args: Record<string, unknown> = {};
    let at = scan.skipSpace(from);
    for (;;) {
      if (callClose !== undefined && scan.startsWith(callClose.marker, at)) {
        return { value: args, end: at + callClose.marker.length };
      }
      if (at >= scan.text.length) {
        if (callClose === undefined) return { value: args, end: at };
        return { reason: callClose.missing(name), runsOut: "call" };
      }
      const head = pairs.head(scan, at, name);
      if ("reason" in head) return head;
      const valueEnd = scan.find(close, head.end);
      if (valueEnd < 0) {
        return { reason: `the ${noun} "${head.key}" is not closed with ${close}`, runsOut: "call" };
      }
      if (head.key === "") return { reason: pairs.noKey(name) };
      if (Object.hasOwn(args, head.key))
        return { reason: `the ${noun} "${head.key}" is given twice` };
      const value = pairs.value(scan.text.slice(head.end, valueEnd), head);
      if ("reason" in value) return { reason: `the ${noun} "${head.key}" ${value.reason}` };
      defineValue(args, head.key, value.value);
      at = scan.skipSpace(valueEnd + close.length);
    }
  };
}
