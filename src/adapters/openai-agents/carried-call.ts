/**
 * The key of the envelope that carries a call the Agents runner would refuse (argument text that is not
 * a JSON object, a name in another case) past the runner to the adapter's tool, unchanged. Chosen so
 * that no tool schema and no model writes it.
 */
const carrierKey = "toolwright.carried_call";

/**
 * @internal A function call exactly as the model wrote it: the name it called and its raw argument text.
 */
export interface CarriedCall {
  readonly name: string;
  readonly arguments: string;
}

/**
 * @internal The argument text for the runner: a JSON object it parses without complaint, holding the
 * model's call verbatim.
 *
 * @example
 * ```ts
 * const text = carryCall({ name: "calculatortool_calculate", arguments: "{'expression': '2+2'}" });
 * ```
 */
export function carryCall(call: CarriedCall): string {
  return JSON.stringify({ [carrierKey]: { name: call.name, arguments: call.arguments } });
}

/**
 * @internal The model's call when `text` is a carrier envelope, else `undefined`: a reader of the
 * envelope's exact shape, so arguments a model wrote never read as one.
 *
 * @example
 * ```ts
 * uncarryCall(carryCall({ name: "A_b", arguments: "x" })); // { name: "A_b", arguments: "x" }
 * ```
 */
export function uncarryCall(text: string): CarriedCall | undefined {
  if (!text.startsWith(`{"${carrierKey}":`)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return carriedOf(parsed);
}

/**
 * @internal The model's call when `value` is the parsed carrier envelope (what the runner hands an
 * approval policy), else `undefined`.
 *
 * @example
 * ```ts
 * carriedOf(JSON.parse(carryCall({ name: "A_b", arguments: "x" })))?.arguments; // "x"
 * ```
 */
export function carriedOf(value: unknown): CarriedCall | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== carrierKey) return undefined;
  const inner = (value as Record<string, unknown>)[carrierKey];
  if (typeof inner !== "object" || inner === null) return undefined;
  const { name, arguments: text } = inner as Record<string, unknown>;
  return typeof name === "string" && typeof text === "string"
    ? { name, arguments: text }
    : undefined;
}
