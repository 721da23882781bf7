import { jsonrepair } from "jsonrepair";
import { scanJsonValue } from "../../formats/json/shared-json-scan.js";
import { CallPositions } from "../../formats/reply/call-positions.js";
import { find, search, take } from "../../formats/reply/text-search.js";
import { countWork } from "../../formats/reply/work-meter.js";
import { isPlainObject } from "../../internal/clone-json.js";
import type { JsonObject } from "../../schema/json.js";

/**
 * One action a model wrote in the text protocol: `name` is the tool, `path` the activity.
 *
 * @example
 * ```ts
 * const action: ReactAction = { tag: "t1", name: "CalculatorTool", path: "calculate", input: { expression: "2+2" } };
 * ```
 */
export interface ReactAction {
  tag: string;
  name: string;
  path: string;
  input: unknown;
}

/**
 * What a text-protocol turn said: its last thought, its actions, its answer, and a problem to report
 * back to the model when the actions could not be read.
 *
 * @example
 * ```ts
 * parseReactOutput("Answer: 42"); // { actions: [], answer: "42" }
 * ```
 */
export interface ReactTurn {
  thought?: string;
  actions: ReactAction[];
  answer?: string;
  /** Set when `Actions:` was present but unreadable; the model sees it and can fix it. */
  error?: string;
}

/**
 * How a turn ended, for a list of actions the reply stops inside right after a whole value (only
 * closing brackets missing): `"stop"`/`"tool-calls"` close it, `"length"` never does; without a
 * finish reason it is refused unless the actions are read-only.
 *
 * @example
 * ```ts
 * parseReactOutput(text, { finishReason: "length" });
 * ```
 */
export interface ReactReadOptions {
  readonly finishReason?: string | undefined;
  readonly readOnly?: boolean | undefined;
}

const ACTIONS = "Actions:";
const THOUGHT = /^Thought:[^\S\n]*(.*)$/gm;
const ANSWER = /^Answer:[^\S\n]?/gm;
// Text a model may write between `Actions:` and its list (a fence opener, "here you are").
const JUNK_LIMIT = 200;
const NO_ARRAY = 'Actions JSON decoding error: no JSON array found after "Actions:"';
const CUT_OFF =
  'Actions JSON decoding error: the reply ends inside the list of actions (cut off?); send the whole "Actions:" list again';

/**
 * Parses a model's text turn with Griptape's rules (last `Thought:` line; `Actions:` then a JSON
 * array; `Answer:` to the end), reading the actions JSON tolerantly: fences and a few words before
 * the array are skipped, broken JSON is repaired. Stricter than Griptape where a wrong run would
 * hurt: `Actions:` counts only at the start of a line, before any `Answer:`, outside code and quoted
 * text and not introduced as an example or a negation; a list the reply ends inside is refused,
 * never closed by guessing. An unreadable action list does not end the run: it comes back as
 * `error` for the model to fix.
 *
 * @example
 * ```ts
 * parseReactOutput('Thought: add\nActions: [{"tag":"a","name":"Calc","path":"add","input":{"x":1}}]');
 * ```
 */
export function parseReactOutput(text: string, options: ReactReadOptions = {}): ReactTurn {
  const turn: ReactTurn = { actions: [] };
  let thought: string | undefined;
  for (
    let match = search(THOUGHT, text, 0);
    match !== null;
    match = search(THOUGHT, text, THOUGHT.lastIndex)
  ) {
    thought = match[1];
    if (match[0] === "") THOUGHT.lastIndex += 1;
  }
  thought = thought?.trim();
  if (thought !== undefined && thought !== "") turn.thought = thought;
  const answerMatch = search(ANSWER, text, 0);
  const answerAt = answerMatch?.index ?? text.length;
  const answer =
    answerMatch === null ? undefined : text.slice(answerMatch.index + answerMatch[0].length);
  const actionsAt = findActions(text, answerAt);
  if (actionsAt >= 0) {
    const parsed = readActions(text, actionsAt + ACTIONS.length, options);
    // `Actions:` without a list before an answer is the model answering, not acting.
    if (parsed === NO_ARRAY && answer !== undefined) turn.actions = [];
    else if (typeof parsed === "string") turn.error = parsed;
    else turn.actions = parsed;
  }
  if (turn.actions.length === 0 && turn.error === undefined) {
    turn.answer = answer !== undefined ? answer.trim() : text.trim();
  }
  return turn;
}

// The first `Actions:` before `before` that starts a line where the model places actions.
function findActions(text: string, before: number): number {
  const positions = new CallPositions(text, { where: "line" });
  for (let at = find(text, ACTIONS, 0); at >= 0 && at < before; at = find(text, ACTIONS, at + 1)) {
    if (positions.check(at) === "call") return at;
  }
  return -1;
}

function readActions(
  text: string,
  from: number,
  options: ReactReadOptions,
): ReactAction[] | string {
  const junk = take(text, from, from + JUNK_LIMIT);
  const bracket = junk.indexOf("[");
  if (bracket < 0)
    return junk.trim() === "" && from + junk.length >= text.length ? CUT_OFF : NO_ARRAY;
  const open = from + bracket;
  const end = looseArrayEnd(text, open);
  let source: string;
  if (end === undefined) {
    const closing = closingBrackets(text, open, options);
    if (closing === undefined) return CUT_OFF;
    source = text.slice(open) + closing;
  } else source = take(text, open, end);
  return toActions(source);
}

function toActions(source: string): ReactAction[] | string {
  let value: unknown;
  // A shape problem in JSON that only parsed after repair is reported as a decoding error.
  let prefix = "ToolAction input parsing error";
  try {
    value = JSON.parse(source);
  } catch (parseError) {
    prefix = "Actions JSON decoding error";
    try {
      value = JSON.parse(jsonrepair(source));
    } catch {
      return `${prefix}: ${(parseError as Error).message}`;
    }
  }
  if (!Array.isArray(value)) value = [value];
  const actions: ReactAction[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    if (!isPlainObject(item)) {
      return `${prefix}: action ${index} is not an object`;
    }
    const { tag, name, path, input } = item as JsonObject;
    if (typeof name !== "string" || name === "") {
      return `${prefix}: action ${index} has no "name" (the tool name)`;
    }
    if (typeof path !== "string" || path === "") {
      return `${prefix}: action ${index} has no "path" (the activity name)`;
    }
    actions.push({
      tag: typeof tag === "string" && tag !== "" ? tag : `action_${index + 1}`,
      name,
      path,
      input: input ?? {},
    });
  }
  return actions;
}

// Where the array at `open` ends, counting brackets outside strings in either quote (the repair
// reads single-quoted JSON too); undefined when the reply ends first.
function looseArrayEnd(text: string, open: number): number | undefined {
  let depth = 0;
  let quote = "";
  let index = open;
  try {
    for (; index < text.length; index += 1) {
      const char = text[index];
      if (quote !== "") {
        if (char === "\\") index += 1;
        else if (char === quote) quote = "";
      } else if (char === '"' || char === "'") quote = char;
      else if (char === "[" || char === "{") depth += 1;
      else if (char === "]" || char === "}") {
        depth -= 1;
        if (depth === 0) return index + 1;
      }
    }
    return undefined;
  } finally {
    countWork(index - open + 1);
  }
}

// The brackets that close a list the reply ends in right after a whole value, when the finish
// reason (or a read-only caller) allows closing it.
function closingBrackets(
  text: string,
  open: number,
  options: ReactReadOptions,
): string | undefined {
  const { finishReason, readOnly } = options;
  const allowed =
    finishReason === undefined
      ? readOnly === true
      : finishReason === "stop" || finishReason === "tool-calls";
  if (!allowed) return undefined;
  const scan = scanJsonValue(text, open);
  return scan.kind === "cut-off" ? scan.closing : undefined;
}
