import { jsonrepair } from "jsonrepair";
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

const thoughtPattern = /^Thought:[^\S\n]*(.*)$/gm;
const actionsPattern = /Actions:[^[]*(\[[\s\S]*\])/;
const answerPattern = /^Answer:[^\S\n]?([\s\S]*)$/m;

/**
 * Parses a model's text turn with Griptape's rules (last `Thought:` line; `Actions:` from the first `[`
 * to the last `]`; `Answer:` to the end), reading the actions JSON tolerantly: fences and junk before
 * the array are skipped, broken JSON is repaired. Unlike Griptape, an unreadable action list does not
 * end the run: it comes back as `error` for the model to fix.
 *
 * @example
 * ```ts
 * parseReactOutput('Thought: add\nActions: [{"tag":"a","name":"Calc","path":"add","input":{"x":1}}]');
 * ```
 */
export function parseReactOutput(text: string): ReactTurn {
  const turn: ReactTurn = { actions: [] };
  const thoughts = [...text.matchAll(thoughtPattern)];
  const thought = thoughts.at(-1)?.[1]?.trim();
  if (thought !== undefined && thought !== "") turn.thought = thought;
  const actionsMatch = actionsPattern.exec(text);
  const answer = answerPattern.exec(text)?.[1];
  if (actionsMatch?.[1] !== undefined) {
    const parsed = readActions(actionsMatch[1]);
    if (typeof parsed === "string") turn.error = parsed;
    else turn.actions = parsed;
  } else if (
    /^Actions:/m.test(text) &&
    !/^Actions:\s*\[\s*\]/m.test(text) &&
    answer === undefined
  ) {
    turn.error = 'Actions JSON decoding error: no JSON array found after "Actions:"';
  }
  if (turn.actions.length === 0 && turn.error === undefined) {
    turn.answer = answer !== undefined ? answer.trim() : text.trim();
  }
  return turn;
}

function readActions(source: string): ReactAction[] | string {
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
