import { activityNamePattern } from "../activity/activity-name.js";
import { type ActivityDefinition, classActivities } from "../activity/activity-registry.js";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Artifact } from "../artifacts/artifact.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { ActivityConfigError } from "../errors/activity-config-error.js";
import { ActivityNameError } from "../errors/activity-name-error.js";
import { ToolConfigError } from "../errors/tool-config-error.js";
import type { TaskMemory } from "../memory/task-memory.js";
import { type ExtraProperty, extraProperty } from "../schema/extra-properties.js";
import type { JsonSchemaObject } from "../schema/json.js";
import { SchemaSourceError } from "../schema/normalize-schema.js";
import { buildActionSchema } from "./action-schema.js";
import { defaultInputLimits, valueOverLimit } from "./input-limits.js";
import { resolveInputSchema } from "./input-schema.js";
import { applyTaskMemory, checkMemoryOptions } from "./memory-options.js";
import { nativeToolName } from "./native-name.js";
import {
  type CheckRequirementsOptions,
  checkToolRequirements,
  type RequirementCheck,
} from "./requirements.js";
import { executeActivity } from "./run-activity.js";
import {
  checkRequirementsOptions,
  checkRunOptions,
  checkToolOptions,
} from "./tool-option-rules.js";
import type { RunOptions, ToolOptions } from "./tool-options.js";
import { noteEnabledListChange, setToolState, toolState } from "./tool-state.js";

/**
 * The base class of every tool: extend it and mark methods with `@activity`. Its constructor takes
 * `ToolOptions` and refuses any other key with `ToolConfigError` (it cannot know a subclass's keys):
 * a subclass with options of its own takes them out and passes the rest to `super`, as in
 * `const { unit, ...toolOptions } = options; super(toolOptions);` (see docs/tools.md).
 *
 * @example
 * ```ts
 * class GreeterTool extends Tool {
 *   @activity({ description: "Greets someone", schema: z.object({ name: z.string() }) })
 *   greet(input: { name: string }) {
 *     return `Hello, ${input.name}!`;
 *   }
 * }
 * const artifact = await new GreeterTool().run("greet", { name: "Ada" }); // InfoArtifact "Hello, Ada!"
 * ```
 */
export class Tool {
  /** The tool's name, as models see it. */
  readonly name: string;
  #allowlist: readonly string[] | undefined;
  #denylist: readonly string[] | undefined;
  #enabled: readonly ToolActivity[] | undefined;
  #enabledByName: Map<string, ToolActivity> | undefined;

  constructor(options: ToolOptions = {}) {
    const className = new.target.name;
    checkToolOptions(new.target, options);
    const name = options.name ?? className;
    if (typeof name !== "string" || !activityNamePattern.test(name)) {
      throw new ToolConfigError({
        toolName: className || "(anonymous Tool)",
        option: "name",
        message: `must be 1-128 letters, digits, "_", "." or "-"; got ${JSON.stringify(name)}`,
      });
    }
    this.name = name;
    const activities = classActivities(new.target);
    setToolState(this, {
      classActivities: activities,
      timeoutMs: options.timeoutMs,
      onBeforeRun: options.onBeforeRun,
      onAfterRun: options.onAfterRun,
      extras: normalizeExtras(name, activities.byName, options.extraSchemaProperties),
      schemas: new Map(),
      memory: checkMemoryOptions(name, activities, options),
    });
    this.#allowlist = this.#checkList("allowlist", options.allowlist);
    this.#denylist = this.#checkList("denylist", options.denylist);
  }

  /**
   * Only these activities are enabled (`undefined`: no restriction). Assigning validates the names.
   *
   * @example
   * ```ts
   * tool.allowlist = ["test"];
   * ```
   */
  get allowlist(): readonly string[] | undefined {
    return this.#allowlist;
  }

  set allowlist(names: readonly string[] | undefined) {
    this.#allowlist = this.#checkList("allowlist", names);
    this.#enabledChanged();
  }

  /**
   * These activities are disabled (`undefined`: none). Assigning validates the names.
   *
   * @example
   * ```ts
   * tool.denylist = ["test_error"];
   * ```
   */
  get denylist(): readonly string[] | undefined {
    return this.#denylist;
  }

  set denylist(names: readonly string[] | undefined) {
    this.#denylist = this.#checkList("denylist", names);
    this.#enabledChanged();
  }

  #enabledChanged(): void {
    this.#enabled = undefined;
    noteEnabledListChange();
  }

  /**
   * The enabled activities, in declaration order (inherited ones first).
   *
   * @example
   * ```ts
   * new MockTool().activities().map((activity) => activity.name); // ["test", "test_callable_schema", …]
   * ```
   */
  activities(): readonly ToolActivity[] {
    if (this.#enabled === undefined) {
      const allow = this.#allowlist;
      const deny = this.#denylist;
      this.#enabled = Object.freeze(
        toolState(this).classActivities.list.filter(
          (activity) =>
            (allow === undefined || allow.includes(activity.name)) &&
            (deny === undefined || !deny.includes(activity.name)),
        ),
      );
      this.#enabledByName = new Map(this.#enabled.map((activity) => [activity.name, activity]));
    }
    return this.#enabled;
  }

  /**
   * The enabled activity called `name`, or `undefined`.
   *
   * @example
   * ```ts
   * tool.findActivity("calculate")?.annotations.readOnly; // true
   * ```
   */
  findActivity(name: string): ToolActivity | undefined {
    this.activities();
    return this.#enabledByName?.get(name);
  }

  /** Enables every activity (clears the allowlist and the denylist). */
  enableActivities(): void {
    this.#allowlist = undefined;
    this.#denylist = undefined;
    this.#enabledChanged();
  }

  /** Disables every activity (an empty allowlist). */
  disableActivities(): void {
    this.#allowlist = [];
    this.#denylist = undefined;
    this.#enabledChanged();
  }

  /**
   * The description of an activity as the model reads it (templates rendered with `_self` = this tool).
   *
   * @example
   * ```ts
   * new MockTool().activityDescription("test"); // "test description: foo"
   * ```
   */
  activityDescription(name: string): string {
    const definition = this.#definition(name);
    const { description, methodName } = definition.activity;
    try {
      if (definition.template !== undefined) return definition.template.render(this);
      return typeof description === "function"
        ? (description as (tool: Tool) => string)(this)
        : description;
    } catch (error) {
      throw new ActivityConfigError({
        methodName,
        key: "description",
        message: `could not be rendered: ${(error as Error).message}`,
        cause: error,
      });
    }
  }

  /**
   * The JSON Schema (2020-12) of an activity's input: root `type: "object"`, closed objects, extra
   * properties merged in.
   *
   * @example
   * ```ts
   * new MockTool().activitySchema("test_no_schema");
   * // { type: "object", properties: {}, required: [], additionalProperties: false }
   * ```
   */
  activitySchema(name: string): JsonSchemaObject {
    return resolveInputSchema(this, this.#definition(name)).jsonSchema;
  }

  /**
   * Griptape's action schema: what the text (ReAct) protocol asks a model to write for this tool.
   *
   * @example
   * ```ts
   * new CalculatorTool().schema().$id; // "CalculatorTool ToolAction Schema"
   * ```
   */
  schema(): JsonSchemaObject {
    return buildActionSchema(
      this.name,
      this.activities().map((activity) => ({
        activityName: activity.name,
        description: this.activityDescription(activity.name),
        input:
          activity.hasSchema || toolState(this).extras.has(activity.name)
            ? this.activitySchema(activity.name)
            : undefined,
      })),
    );
  }

  /**
   * Griptape's native tool name `<tool>_<activity>`; throws `ToolNameError` for names that break its rules.
   *
   * @example
   * ```ts
   * new MockTool().toNativeToolName("test"); // "MockTool_test"
   * ```
   */
  toNativeToolName(activityName: string): string {
    const native = nativeToolName(this.name, activityName);
    this.#definition(activityName);
    return native;
  }

  /**
   * True when the tool sends its outputs to the task memory it is given (the `offPrompt` option).
   *
   * @example
   * ```ts
   * new WebTool({ offPrompt: true }).offPrompt; // true
   * ```
   */
  get offPrompt(): boolean {
    return toolState(this).memory.offPrompt;
  }

  /**
   * Where each activity's output goes, by activity name; `undefined` when all outputs stay on the prompt.
   *
   * @example
   * ```ts
   * new MockTool({ outputMemory: { test: [memory] } }).outputMemory?.test?.[0] === memory; // true
   * ```
   */
  get outputMemory(): Readonly<Record<string, readonly TaskMemory[]>> | undefined {
    const outputMemory = toolState(this).memory.outputMemory;
    return outputMemory === undefined ? undefined : Object.freeze(Object.fromEntries(outputMemory));
  }

  /**
   * The memories activities may load memory references from (`context.memory`).
   *
   * @example
   * ```ts
   * new MockTool({ inputMemory: [memory] }).inputMemory; // [memory]
   * ```
   */
  get inputMemory(): readonly TaskMemory[] | undefined {
    return toolState(this).memory.inputMemory;
  }

  /**
   * The input memory called `name`, or `undefined`.
   *
   * @example
   * ```ts
   * new MockTool({ inputMemory: [memory] }).findInputMemory("TaskMemory"); // memory
   * ```
   */
  findInputMemory(name: string): TaskMemory | undefined {
    return toolState(this).memory.inputMemory?.find((memory) => memory.name === name);
  }

  /**
   * Gives the tool the task memory of its toolbox or agent (Griptape's `set_default_tools_memory`):
   * `inputMemory` becomes `[memory]` if unset, and an off-prompt tool without `outputMemory` sends the
   * output of every activity enabled now to `memory`. A Toolbox calls it for each tool it holds.
   *
   * @example
   * ```ts
   * const tool = new WebTool({ offPrompt: true });
   * tool.setTaskMemory(memory); // fetch results now go to memory; the model gets a notice
   * ```
   */
  setTaskMemory(memory: TaskMemory): void {
    applyTaskMemory(
      toolState(this).memory,
      memory,
      this.activities().map((activity) => activity.name),
      this.name,
    );
  }

  /**
   * Which npm packages of the class's `static requirements` (`["pdf-parse@^1.1.0", …]`) are installed
   * in a version inside their range, as Node resolves them from `options.cwd`. Nothing is installed:
   * `toolwright install` or `npm install` does that, explicitly. A specifier without a semver range
   * throws `RequirementError`.
   *
   * @example
   * ```ts
   * class PdfTool extends Tool {
   *   static requirements = ["pdf-parse@^1.1.0"];
   * }
   * new PdfTool().checkRequirements(); // { met: [], missing: [{ specifier: "pdf-parse@^1.1.0", … }] }
   * ```
   */
  checkRequirements(options?: CheckRequirementsOptions): RequirementCheck {
    if (options !== undefined) checkRequirementsOptions(this.name, options);
    return checkToolRequirements(this.constructor, this.name, options);
  }

  /**
   * Runs an activity with a model's input and resolves to an artifact. It never rejects for anything a
   * model can cause (unknown activity, invalid input, a throwing or slow method): those come back as
   * an `ErrorArtifact`. Only an abort of `options.signal` rejects, and options that are not
   * `RunOptions` (a developer's mistake) reject with `ToolConfigError`.
   *
   * @example
   * ```ts
   * const artifact = await new CalculatorTool().run("calculate", { expression: "5 * 5" });
   * artifact.toText(); // "25"
   * ```
   */
  async run(activityName: string, input: unknown, options?: RunOptions): Promise<Artifact> {
    if (options !== undefined) checkRunOptions(this.name, options);
    // The Toolbox measures arguments against its own limits; a direct call gets the defaults.
    const over = valueOverLimit(input, defaultInputLimits);
    if (over !== undefined) {
      return new ErrorArtifact(`Activity input refused: ${over}`, { code: "input_too_large" });
    }
    return (await executeActivity(this, activityName, input, options)).artifact;
  }

  #definition(name: string): ActivityDefinition {
    const definition = toolState(this).classActivities.byName.get(name);
    if (definition === undefined) {
      throw new ActivityNameError({
        toolName: this.name,
        activityName: name,
        known: this.#allNames(),
      });
    }
    return definition;
  }

  #allNames(): string[] {
    return toolState(this).classActivities.list.map((activity) => activity.name);
  }

  #checkList(
    list: "allowlist" | "denylist",
    names: readonly string[] | undefined,
  ): readonly string[] | undefined {
    if (names === undefined) return undefined;
    if (!Array.isArray(names)) {
      throw new ToolConfigError({
        toolName: this.name,
        option: list,
        message: "must be an array of activity names",
      });
    }
    const known = toolState(this).classActivities.byName;
    for (const name of names) {
      if (typeof name !== "string" || !known.has(name)) {
        throw new ActivityNameError({
          toolName: this.name,
          activityName: String(name),
          list,
          known: this.#allNames(),
        });
      }
    }
    return Object.freeze([...names]);
  }
}

function normalizeExtras(
  toolName: string,
  definitions: ReadonlyMap<string, ActivityDefinition>,
  extras: ToolOptions["extraSchemaProperties"],
): ReadonlyMap<string, ReadonlyMap<string, ExtraProperty>> {
  const result = new Map<string, Map<string, ExtraProperty>>();
  if (extras === undefined) return result;
  for (const [activityName, properties] of Object.entries(extras)) {
    const option = `extraSchemaProperties.${activityName}`;
    if (!definitions.has(activityName)) {
      throw new ToolConfigError({
        toolName,
        option,
        message: "does not name an activity of the tool",
      });
    }
    const normalized = new Map<string, ExtraProperty>();
    for (const [property, source] of Object.entries(properties)) {
      try {
        normalized.set(property, extraProperty(source));
      } catch (error) {
        if (!(error instanceof SchemaSourceError)) throw error;
        throw new ToolConfigError({
          toolName,
          option: `${option}.${property}`,
          message: error.message,
        });
      }
    }
    result.set(activityName, normalized);
  }
  return result;
}
