import type { JsonObject, JsonValue } from "../schema/json.js";
import { checkArtifactOptions } from "./artifact-options.js";
import { type ArtifactOptions, BaseArtifact } from "./base-artifact.js";

/**
 * A tool call as Griptape names its parts: `name` is the tool, `path` the activity.
 *
 * @example
 * ```ts
 * const action: ToolAction = { tag: "call_1", name: "CalculatorTool", path: "calculate", input: { expression: "1+1" } };
 * ```
 */
export interface ToolAction {
  /** Unique tag of the call (the provider's call id). */
  tag: string;
  /** Tool name. */
  name: string;
  /** Activity name. */
  path: string;
  /** Activity input. */
  input: JsonObject;
}

/**
 * A tool call made by a model, kept in transcripts; its text and its JSON value are the call as
 * Griptape's `ToolAction.to_dict()` gives it, `type: "ToolAction"` included.
 *
 * @example
 * ```ts
 * new ActionArtifact({ tag: "t1", name: "MockTool", path: "test", input: { test: "v" } }).toText();
 * // '{"tag":"t1","name":"MockTool","path":"test","input":{"test":"v"},"type":"ToolAction"}'
 * ```
 */
export class ActionArtifact extends BaseArtifact<ToolAction> {
  readonly type = "ActionArtifact";

  constructor(value: ToolAction, options?: ArtifactOptions) {
    checkArtifactOptions("ActionArtifact", options);
    super({ tag: value.tag, name: value.name, path: value.path, input: value.input }, options);
  }

  /** The action as JSON text: `toJSON().value`, printed. */
  toText(): string {
    return JSON.stringify(this.valueToJSON());
  }

  /** Griptape's `ToolAction.to_dict()`, whose `type` names the action's kind. */
  protected valueToJSON(): JsonValue {
    const { tag, name, path, input } = this.value;
    return { tag, name, path, input, type: "ToolAction" };
  }
}
