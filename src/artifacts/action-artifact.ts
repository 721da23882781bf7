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
 * A tool call made by a model, kept in transcripts; its text is the call as JSON.
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

  toText(): string {
    const { tag, name, path, input } = this.value;
    return JSON.stringify({ tag, name, path, input, type: "ToolAction" });
  }

  protected valueToJSON(): JsonValue {
    const { tag, name, path, input } = this.value;
    return { tag, name, path, input };
  }
}
