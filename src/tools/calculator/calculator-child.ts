// Child-process entry of the CalculatorTool: evaluates one expression per message with mathjs. It runs in
// its own process so the parent can kill it when an expression runs too long or exhausts its heap (a
// worker thread's heap exhaustion can abort the whole process). Self-contained: Node runs it from source.
import { all, create, type MathNode } from "mathjs";

/** @internal A request to evaluate one expression. */
export interface EvaluateRequest {
  readonly expression: string;
  readonly maxResultLength: number;
}

/** @internal The child's answer: the result's text or a model-facing reason. */
export type EvaluateReply =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string };

if (all === undefined) throw new Error("mathjs exports no function set");
const math = create(all);
const parse = math.parse;

// mathjs's security guide: functions that change the shared instance are replaced, so no expression can
// affect the next one, and so is `evaluate`. `parse` and `resolve` stay for `simplify` and `derivative`
// (algebra); expressions may not name them, nor `compile`, so no string is parsed past the checks below.
const disable = (name: string) => () => {
  throw new Error(`function ${name} is disabled`);
};
// `string(cos)` would print mathjs's generated JavaScript for `cos`: no text of a function (alone or
// inside a matrix or an object) comes out; `format` already writes "function".
const toText = math.string;
const string = math.typed("string", {
  any: (value: unknown) => {
    if (holdsFunction(value)) {
      throw new Error("a function has no text; call it with arguments to get a value");
    }
    return toText(value as never);
  },
});
math.import(
  {
    ...Object.fromEntries(
      ["import", "createUnit", "reviver", "config", "evaluate"].map((name) => [
        name,
        disable(name),
      ]),
    ),
    string,
  },
  { override: true },
);
const reentrant = new Set(["evaluate", "parse", "compile", "resolve"]);

/** Whether a value is, or holds somewhere in its arrays, matrices or objects, a function. */
function holdsFunction(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "function") return true;
    if (math.isMatrix(item)) pending.push(item.valueOf());
    else if (Array.isArray(item)) for (const each of item) pending.push(each);
    else if (isPlainObject(item)) for (const each of Object.values(item)) pending.push(each);
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype
  );
}

function evaluate(expression: string, maxResultLength: number): string {
  const tree: MathNode = parse(expression);
  tree.traverse((node) => {
    if (math.isFunctionAssignmentNode(node)) {
      throw new Error(`defining functions is not allowed ("${node.name}(…) = …")`);
    }
    if (math.isSymbolNode(node) && reentrant.has(node.name)) {
      throw new Error(`function ${node.name} is disabled`);
    }
  });
  let value: unknown = tree.compile().evaluate(new Map());
  if (math.isResultSet(value)) {
    const entries = value.entries;
    value = entries.length === 1 ? entries[0] : entries;
  }
  if (typeof value === "function") throw new Error("the expression is a function, not a value");
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new Error(`the result is not a finite number (${value})`);
  }
  const text = math.format(value, { precision: 15 });
  if (text.length > maxResultLength) {
    throw new Error(
      `the result is ${text.length} characters long, over the ${maxResultLength} limit`,
    );
  }
  return text;
}

process.on("message", (message: { id: number; request: EvaluateRequest }) => {
  let reply: EvaluateReply;
  try {
    reply = {
      ok: true,
      text: evaluate(message.request.expression, message.request.maxResultLength),
    };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.({ id: message.id, reply });
});
process.send?.("ready");
