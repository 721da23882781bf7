/**
 * @internal The code run in each fresh sandbox before the script: a function taking the four host
 * functions, which it keeps in its closure (the script never sees them), and which installs `tools`
 * (one method per activity), `console`, and a `Date` and `Math.random` whose values come from the
 * host, so a re-run of the script sees the same ones. Everything crosses as text: inputs leave as
 * JSON, results come back as JSON, so no object is shared between the script and the host.
 *
 * @example
 * ```ts
 * context.evalCode(prelude(["Calc_add"]));
 * ```
 */
export function prelude(names: readonly string[]): string {
  return `(function (call, now, random, log) {
  "use strict";
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const RealDate = Date;
  const RealError = Error;
  const failure = (text) => {
    const info = parse(text);
    const error = new RealError(info.message);
    error.name = "ToolError";
    error.code = info.code;
    return error;
  };
  const invoke = (name, input) => {
    const text = stringify(input === undefined ? {} : input);
    if (typeof text !== "string") return Promise.reject(new TypeError("a tool input must be a JSON object"));
    return call(name, text).then(parse, (text) => { throw failure(text); });
  };
  const tools = {};
  for (const name of ${JSON.stringify(names)}) {
    define(tools, name, { value: freeze((input) => invoke(name, input)), enumerable: true });
  }
  define(globalThis, "tools", { value: freeze(tools), enumerable: true });
  const text = (value) => (typeof value === "string" ? value : stringify(value) ?? String(value));
  const write = (...values) => { log(values.map(text).join(" ")); };
  define(globalThis, "console", {
    value: freeze({ log: write, info: write, warn: write, error: write, debug: write }),
    enumerable: false,
  });
  class ScriptDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
  }
  define(globalThis, "Date", { value: ScriptDate, writable: true, configurable: true });
  define(Math, "random", { value: () => random(), writable: true, configurable: true });
  define(globalThis, "__toolwright_serialize", {
    value: freeze((value, max) => {
      const json = stringify(value === undefined ? null : value);
      const out = json === undefined ? "null" : json;
      return out.length > max ? out.length : out;
    }),
  });
})`;
}
