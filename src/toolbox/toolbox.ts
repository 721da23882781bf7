import type { ToolActivity } from "../activity/tool-activity.js";
import { type CustomRepairStep, runCustomSteps } from "../calls/custom-repair-step.js";
import { duplicateKeysAmong } from "../calls/duplicate-keys.js";
import { settleInputLimits } from "../calls/input-limits.js";
import {
  type CustomSteps,
  checked,
  type DecodeSettings,
  duplicateFailure,
  type ParsedArguments,
  parseArguments,
} from "../calls/parse-arguments.js";
import type { Repair } from "../calls/repair.js";
import { stepEnabled } from "../calls/repair-steps.js";
import { resolveName, unknownNameMessage } from "../calls/resolve-name.js";
import type { PreparedCall, ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { anyDialectProfile } from "../dialects/capabilities.js";
import { type CompiledTools, compileTools, isDialect } from "../dialects/compile-tools.js";
import type { DecodePlan } from "../dialects/decode-plan.js";
import type { Dialect, DialectOptions, DialectTarget } from "../dialects/dialect.js";
import { lowerSchema } from "../dialects/lower-schema.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import { ToolboxError } from "../errors/toolbox-error.js";
import { deepFreeze } from "../internal/deep-freeze.js";
import { describeReceived } from "../internal/describe-value.js";
import { loadOnUse } from "../internal/load-on-use.js";
import { siblingModuleUrl } from "../internal/sibling-module.js";
import type { TaskMemory } from "../memory/task-memory.js";
import {
  observeToolCall,
  observingToolCalls,
  publishingToolCalls,
  tracingRegistered,
} from "../observe/tool-call-channels.js";
import type { CallDescription, TelemetryOptions } from "../observe/tool-call-span.js";
import {
  type ActivityOutcome,
  type InputOwnership,
  runActivity,
  validateActivityInput,
} from "../tool/run-activity.js";
import { withToolboxTimeout } from "../tool/time-limit.js";
import { Tool } from "../tool/tool.js";
import { buildCatalog, type Catalog, type CatalogEntry, nativeNameOf } from "./catalog.js";
import {
  coercionFor,
  decodeCall,
  failedCall,
  quickCheckOf,
  repairContext,
  UnreadableCall,
} from "./decode-call.js";
import { defaultTaskMemory } from "./default-task-memory.js";
import { expandWrapper, parallelResult } from "./parallel-wrapper.js";
import { quickFloor } from "./quick-check.js";
import { runBatch } from "./run-batch.js";
import {
  checkCall,
  checkCalls,
  checkDialectOptions,
  checkExecuteOptions,
  checkTaskMemory,
  checkToolboxArguments,
} from "./toolbox-checks.js";
import { shareTaskMemory } from "./toolbox-memory.js";
import type { ExecuteAllOptions, ExecuteOptions, ToolboxOptions } from "./toolbox-options.js";

interface CacheEntry {
  readonly stamp: readonly (readonly ToolActivity[])[];
  readonly compiled: CompiledTools<Dialect>;
}

// Shared by calls that pass no options: `execute` runs per model call, a default `{}` would be made
// each time; and options known to be empty need no check.
const noOptions: ExecuteOptions = Object.freeze({});
const noDialectOptions: DialectOptions = Object.freeze({});

// The span code (and `@opentelemetry/api` behind it) loads on the first call traced, so the root
// entry stays light for everyone who does not trace.
const toolCallSpans = loadOnUse<typeof import("../observe/tool-call-span.js")>(
  siblingModuleUrl(import.meta.url, "../observe/tool-call-span").href,
);

/**
 * A set of tools as one provider-facing unit: names that every provider accepts, each provider's
 * `tools` value, and tolerant execution of the calls models send back.
 *
 * @example
 * ```ts
 * const toolbox = new Toolbox([new CalculatorTool(), new WeatherTool()]);
 * const tools = toolbox.toProviderTools("openai-chat", { strict: true });
 * const results = await toolbox.executeAll(calls, { dialect: { dialect: "openai-chat", strict: true } });
 * ```
 */
export class Toolbox {
  readonly #tools: Tool[] = [];
  readonly #byName = new Map<string, Tool>();
  readonly #compiled = new Map<string, CacheEntry>();
  readonly #concurrency: number;
  readonly #decode: DecodeSettings;
  readonly #memoryTool: boolean;
  readonly #timeoutMs: number | null | undefined;
  readonly #telemetry: TelemetryOptions | undefined;
  #taskMemory: TaskMemory | undefined;
  /**
   * No `taskMemory` option: off-prompt tools get an in-memory one, as in Griptape's structures; made
   * on first use, so a `setTaskMemory` right after construction comes first.
   */
  readonly #defaultMemory: boolean;
  #memorySettled = false;
  /** Set while `#executeObserved` calls `execute`, so the events are published once. */
  #observed = false;
  #memoryIsDefault = false;
  #catalog: Catalog | undefined;
  #nextId = 0;

  constructor(tools: Iterable<Tool> = [], options: ToolboxOptions = {}) {
    checkToolboxArguments(tools, options);
    this.#concurrency = options.concurrency ?? 8;
    this.#decode = Object.freeze({
      switches: options.repairs,
      limits: settleInputLimits(options.inputLimits),
      resolveName: (name: string) => resolveName(this.#catalogNow().index, name, [], true)?.target,
      custom: groupCustomSteps(options.customRepairs),
    });
    this.#memoryTool = options.memoryTool ?? true;
    this.#timeoutMs = options.timeoutMs;
    this.#telemetry = options.telemetry;
    this.#defaultMemory = options.taskMemory === undefined;
    for (const tool of tools) this.#attach(tool);
    if (options.taskMemory !== undefined && options.taskMemory !== null)
      this.setTaskMemory(options.taskMemory);
  }

  /**
   * The task memory shared by the toolbox's tools: the one set, or the in-memory one an off-prompt
   * tool got by default (`undefined` when neither).
   *
   * @example
   * ```ts
   * new Toolbox([new WebScraperTool()]).taskMemory?.name; // "TaskMemory"
   * ```
   */
  get taskMemory(): TaskMemory | undefined {
    this.#settleMemory();
    return this.#taskMemory;
  }

  /**
   * Gives every tool (also ones added later) this task memory, as Griptape's structures do: tools
   * without `inputMemory` read from it, off-prompt tools store their outputs in it. When any tool is
   * off-prompt, the memory's `TaskMemoryTool` joins the toolbox (unless `memoryTool: false`) so the
   * model can list, read and search what was stored.
   *
   * @example
   * ```ts
   * const toolbox = new Toolbox([new WebScraperTool()]).setTaskMemory(new TaskMemory({ store }));
   * toolbox.tools.map((tool) => tool.name); // ["WebScraperTool", "TaskMemoryTool"]
   * ```
   */
  setTaskMemory(memory: TaskMemory): this {
    checkTaskMemory(memory);
    if (this.#memoryIsDefault && memory !== this.#taskMemory) {
      // Its tools already store into the default memory, and its memory tool has the name.
      throw new ToolboxError({
        message:
          "setTaskMemory after first use: the off-prompt tools already have the default in-memory TaskMemory; set it before using the toolbox, or pass `taskMemory` to the constructor",
      });
    }
    this.#taskMemory = memory;
    this.#shareMemory();
    return this;
  }

  /**
   * The tools, in the order they were given (the order of `toProviderTools`).
   *
   * @example
   * ```ts
   * toolbox.tools.map((tool) => tool.name); // ["CalculatorTool", "WeatherTool"]
   * ```
   */
  get tools(): readonly Tool[] {
    this.#settleMemory();
    return this.#tools;
  }

  /**
   * Adds tools after construction (the task-memory tool is added this way); throws `ToolboxError` for a
   * name already taken.
   *
   * @example
   * ```ts
   * toolbox.add(new DateTimeTool());
   * ```
   */
  add(...tools: Tool[]): this {
    for (const tool of tools) this.#attach(tool);
    return this;
  }

  /**
   * The tool called `name`, or `undefined`.
   *
   * @example
   * ```ts
   * toolbox.tool("CalculatorTool")?.activities();
   * ```
   */
  tool(name: string): Tool | undefined {
    this.#settleMemory();
    return this.#byName.get(name);
  }

  /**
   * The name providers see for an activity: `Tool_activity`, or its portable rewrite.
   *
   * @example
   * ```ts
   * toolbox.nativeName("CalculatorTool", "calculate"); // "CalculatorTool_calculate"
   * ```
   */
  nativeName(tool: Tool | string, activityName: string): string {
    const owner = typeof tool === "string" ? this.#byName.get(tool) : tool;
    const entry =
      owner === undefined ? undefined : this.#catalogNow().byTool.get(owner)?.get(activityName);
    if (entry === undefined) {
      const toolName = typeof tool === "string" ? tool : tool.name;
      throw new ToolboxError({
        toolName,
        message: `no activity "${activityName}" on tool "${toolName}" in this toolbox`,
      });
    }
    return entry.nativeName;
  }

  /**
   * What a called name means: the exact native name, or a variant models write (`Tool.activity`, another
   * case, a bare activity name when unique, `functions.` prefixes); `undefined` when nothing matches.
   *
   * @example
   * ```ts
   * const { tool, activity } = toolbox.resolveName("CalculatorTool.calculate") ?? {};
   * ```
   */
  resolveName(nativeName: string): { tool: Tool; activity: ToolActivity } | undefined {
    const found = resolveName(this.#catalogNow().index, nativeName, [], true);
    return found === undefined
      ? undefined
      : { tool: found.target.tool, activity: found.target.activity };
  }

  /**
   * The `tools` value of a provider request: every enabled activity, in toolbox then declaration order,
   * lowered to what the dialect accepts. Cached per dialect and options until tools or their enabled
   * activities change. Throws `DialectError` for a schema the dialect cannot express.
   *
   * @example
   * ```ts
   * await openai.chat.completions.create({ model, messages, tools: toolbox.toProviderTools("openai-chat") });
   * ```
   */
  toProviderTools<D extends Dialect>(
    dialect: D,
    options: DialectOptions = noDialectOptions,
  ): ProviderTools[D] {
    if (options !== noDialectOptions) checkDialectOptions(options);
    return this.#compile(dialect, options).tools;
  }

  /**
   * Decodes, repairs, validates and runs one call. Never rejects for what the model caused: an unknown
   * name, unreadable or invalid input and a failing method all come back as an `ErrorArtifact`; only an
   * aborted `options.signal` rejects.
   *
   * @example
   * ```ts
   * const result = await toolbox.execute({ id: "c1", name: "CalculatorTool_calculate", arguments: '{"expression":"2+2"}' });
   * result.artifact.toText(); // "4"
   * ```
   */
  async execute(call: ToolCallInput, options: ExecuteOptions = noOptions): Promise<ToolCallResult> {
    // Developer mistakes reject; a call without options pays a `typeof` for them. (The body stays
    // here rather than in a helper that `executeAll` could share: the extra call costs ~5%.)
    checkCall("Toolbox.execute", call);
    if (options !== noOptions) checkExecuteOptions("Toolbox.execute", options);
    const id = call.id ?? `call_${++this.#nextId}`;
    // `node:diagnostics_channel` listeners get the call's events and a registered OpenTelemetry SDK its
    // span; without either, this check is all a call pays.
    if (!this.#observed && observingToolCalls())
      return this.#executeObserved({ ...call, id }, options);
    const name = String(call.name);
    const settings = this.#settings(options);
    const switches = settings.switches;
    const repairs: Repair[] = [];
    const found = resolveName(
      this.#catalogNow().index,
      name,
      repairs,
      stepEnabled(switches, "resolve-name"),
    );
    // The rare paths wait in their own method: with no `await` here, a synchronous call settles sooner.
    if (found === undefined)
      return this.#executeUnknown(id, name, call, options, settings, repairs);
    const entry = found.target;
    const plan = this.#plan(entry, options.dialect);
    const raw = call.arguments;
    // Arguments sent as text are parsed here, so no one else holds the value: it needs no copy. Most
    // parse into keys no decode step touches: one pass over them stands in for those steps.
    let ownership: InputOwnership = "shared";
    let read: ParsedArguments | undefined;
    let decoded: unknown;
    const custom = settings.custom;
    if (typeof raw === "string") {
      ownership = "owned";
      const text = custom === undefined ? raw : beforeParse(custom, raw, entry, repairs);
      let parsed = parseArguments(text, repairs, settings, true);
      // Steps of the toolbox's own after parsing need the full decode: no quick path then.
      const check = parsed.ok && custom === undefined ? quickCheckOf(entry, plan) : undefined;
      const floor = check === undefined || !parsed.ok ? undefined : quickFloor(check, parsed.value);
      if (parsed.ok && parsed.unchecked === true) {
        // The duplicate-key check the parse left to us, with the value the quick check measured.
        if (floor === undefined) parsed = checked(text as string, parsed.value);
        else {
          const duplicate = duplicateKeysAmong(text as string, floor);
          if (duplicate !== undefined) parsed = duplicateFailure(duplicate);
        }
      }
      if (parsed.ok && floor !== undefined) {
        ownership = "checked";
        decoded = parsed.value;
      }
      read = parsed;
    }
    if (ownership !== "checked") {
      decoded = decodeCall(id, name, entry, call, plan, settings, repairs, read);
      if (decoded instanceof UnreadableCall) return decoded.result;
    }
    const coerce = coercionFor(entry, switches, custom);
    // Not awaited when nothing waits: a synchronous activity's result comes back without extra ticks.
    const outcome = runActivity(
      entry.tool,
      entry.activity.name,
      decoded,
      withToolboxTimeout(options, this.#timeoutMs),
      coerce,
      ownership,
    );
    return outcome instanceof Promise
      ? outcome.then((done) => callResult(id, name, entry, done, repairs))
      : callResult(id, name, entry, outcome, repairs);
  }

  /**
   * Decodes, repairs and validates one call like `execute`, without running it: the tool, the activity
   * and the exact input the method would receive, or the result the model would get instead. What an
   * approval step shows a human.
   *
   * @example
   * ```ts
   * const prepared = await toolbox.prepare({ id: "c1", name: "FileManagerTool_save_content_to_file", arguments });
   * if (prepared.ok) console.log(prepared.activity.annotations.destructive, prepared.input);
   * ```
   */
  async prepare(call: ToolCallInput, options: ExecuteOptions = noOptions): Promise<PreparedCall> {
    checkCall("Toolbox.prepare", call);
    if (options !== noOptions) checkExecuteOptions("Toolbox.prepare", options);
    const id = call.id ?? `call_${++this.#nextId}`;
    const name = String(call.name);
    const settings = this.#settings(options);
    const switches = settings.switches;
    const repairs: Repair[] = [];
    const found = resolveName(
      this.#catalogNow().index,
      name,
      repairs,
      stepEnabled(switches, "resolve-name"),
    );
    if (found === undefined) {
      const message = unknownNameMessage(name, this.#enabledNames());
      return { ok: false, result: failedCall(id, name, message, "unknown_tool", repairs) };
    }
    const entry = found.target;
    const plan = this.#plan(entry, options.dialect);
    const custom = settings.custom;
    const read =
      custom !== undefined && typeof call.arguments === "string"
        ? parseArguments(beforeParse(custom, call.arguments, entry, repairs), repairs, settings)
        : undefined;
    const decoded = decodeCall(id, name, entry, call, plan, settings, repairs, read);
    if (decoded instanceof UnreadableCall) return { ok: false, result: decoded.result };
    const { tool, activity } = entry;
    const coerce = coercionFor(entry, switches, settings.custom);
    const checked = await validateActivityInput(tool, activity.name, decoded, coerce);
    const allRepairs = [...repairs, ...checked.repairs];
    if (!checked.ok) {
      const result: ToolCallResult = {
        id,
        name,
        toolName: tool.name,
        activityName: activity.name,
        artifact: checked.artifact,
        repairs: allRepairs,
      };
      return { ok: false, result };
    }
    return { ok: true, id, name, tool, activity, input: checked.value, repairs: allRepairs };
  }

  /**
   * Runs a batch of calls: results in call order, one bad call never stops the others, at most
   * `concurrency` at once (default 8), and destructive activities never run at the same time as each other.
   *
   * @example
   * ```ts
   * const results = await toolbox.executeAll(message.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })));
   * ```
   */
  async executeAll(
    calls: readonly ToolCallInput[],
    options: ExecuteAllOptions = noOptions,
  ): Promise<ToolCallResult[]> {
    checkCalls(calls);
    if (options !== noOptions) checkExecuteOptions("Toolbox.executeAll", options);
    const concurrency = options.concurrency ?? this.#concurrency;
    const settings = this.#settings(options);
    const switches = settings.switches;
    const index = this.#catalogNow().index;
    const groups = calls.map((call) => {
      const id = call.id ?? `call_${++this.#nextId}`;
      const named = { ...call, id };
      const exact = resolveName(
        index,
        String(call.name),
        [],
        stepEnabled(switches, "resolve-name"),
      );
      const inner = exact === undefined ? expandWrapper(id, named, settings) : undefined;
      return { call: named, inner };
    });
    const flat = groups.flatMap((group) => group.inner?.calls ?? [group.call]);
    const results = await runBatch(
      flat.map((call) => ({
        exclusive: this.resolveName(String(call.name))?.activity.annotations.destructive === true,
        run: () => this.execute(call, withCallProgress(options, call)),
      })),
      concurrency,
    );
    let position = 0;
    return groups.map((group) => {
      if (group.inner === undefined) return results[position++] as ToolCallResult;
      const inner = results.slice(position, position + group.inner.calls.length);
      position += group.inner.calls.length;
      return parallelResult(group.call.id, String(group.call.name), group.inner, inner);
    });
  }

  /** Every tool passes through here, at construction and in `add`: toolbox-wide settings are applied to each tool here. */
  #attach(tool: Tool): void {
    if (!(tool instanceof Tool)) {
      throw new ToolboxError({
        message: `expected Tool instances; got ${describeReceived(tool)}`,
      });
    }
    if (this.#byName.has(tool.name)) {
      throw new ToolboxError({
        toolName: tool.name,
        message: `two tools are named "${tool.name}"; give one a \`name\` option`,
      });
    }
    this.#byName.set(tool.name, tool);
    this.#tools.push(tool);
    this.#catalog = undefined;
    this.#compiled.clear();
    if (this.#taskMemory !== undefined) this.#shareMemory();
    else if (this.#memorySettled) this.#settleMemory(true);
  }

  /** Gives off-prompt tools the default memory when none was set, once, on first use. */
  #settleMemory(again = false): void {
    if (this.#memorySettled && !again) return;
    this.#memorySettled = true;
    if (this.#taskMemory !== undefined || !this.#defaultMemory) return;
    if (!this.#tools.some((tool) => tool.offPrompt && tool.outputMemory === undefined)) return;
    this.setTaskMemory(defaultTaskMemory());
    this.#memoryIsDefault = true;
  }

  #shareMemory(): void {
    const memory = this.#taskMemory as TaskMemory;
    const memoryTool = shareTaskMemory(this.#tools, memory, { memoryTool: this.#memoryTool });
    if (memoryTool !== undefined) this.#attach(memoryTool);
  }

  #catalogNow(): Catalog {
    if (!this.#memorySettled) this.#settleMemory();
    this.#catalog ??= buildCatalog(this.#tools);
    return this.#catalog;
  }

  #enabledNames(): string[] {
    return this.#catalogNow()
      .entries.filter((entry) => entry.tool.findActivity(entry.activity.name) !== undefined)
      .map((entry) => entry.nativeName);
  }

  #compile<D extends Dialect>(dialect: D, options: DialectOptions): CompiledTools<D> {
    if (!isDialect(dialect)) {
      throw new ToolboxError({ message: `unknown dialect ${JSON.stringify(dialect)}` });
    }
    this.#settleMemory();
    const key = `${dialect}|${options.strict === true}|${options.geminiSchemaField ?? ""}|${options.jsonSchemaDraft ?? ""}`;
    const stamp = this.#tools.map((tool) => tool.activities());
    const cached = this.#compiled.get(key);
    if (cached?.stamp.every((activities, index) => activities === stamp[index])) {
      return cached.compiled as CompiledTools<D>;
    }
    const catalog = this.#catalogNow();
    const entries = this.#tools.flatMap((tool, index) =>
      (stamp[index] ?? []).map((activity) => ({
        name: nativeNameOf(catalog, tool, activity.name),
        toolName: tool.name,
        activityName: activity.name,
        description: tool.activityDescription(activity.name),
        schema: tool.activitySchema(activity.name),
        annotations: activity.annotations,
        outputSchema: activity.outputSchema,
      })),
    );
    const compiled = compileTools(entries, dialect, options);
    deepFreeze(compiled.tools);
    this.#compiled.set(key, { stamp, compiled });
    return compiled;
  }

  #plan(entry: CatalogEntry, target: DialectTarget | undefined): DecodePlan | undefined {
    if (target !== undefined) {
      const { dialect, ...options } = typeof target === "string" ? { dialect: target } : target;
      return this.#compile(dialect, options).plans.get(entry.nativeName);
    }
    if (entry.genericPlan === undefined) {
      let plan: DecodePlan | undefined;
      try {
        plan = lowerSchema(entry.tool.activitySchema(entry.activity.name), anyDialectProfile).plan;
      } catch {
        // a schema no dialect can lower still decodes, just without reversals
      }
      entry.genericPlan = { plan };
    }
    return entry.genericPlan.plan;
  }

  #settings(options: ExecuteOptions): DecodeSettings {
    if (options.repairs === undefined) return this.#decode;
    return { ...this.#decode, switches: { ...this.#decode.switches, ...options.repairs } };
  }

  /** `execute` inside its span, with its `toolwright:tool-call:*` events published around it. */
  #executeObserved(
    call: ToolCallInput & { readonly id: string },
    options: ExecuteOptions,
  ): Promise<ToolCallResult> {
    const run = () => {
      // `execute` reads the flag before its first `await`, so it cannot leak to another call.
      this.#observed = true;
      try {
        return this.execute(call, options);
      } finally {
        this.#observed = false;
      }
    };
    const observed = () => (publishingToolCalls() ? observeToolCall(call, run) : run());
    if (!tracingRegistered()) return observed();
    return toolCallSpans().traceToolCall(call, {
      telemetry: this.#telemetry,
      describe: (result) => this.#describe(result),
      run: observed,
    });
  }

  /** The native name and rendered description of the activity a call ran, for its span. */
  #describe(result: ToolCallResult): CallDescription | undefined {
    const tool = result.toolName === undefined ? undefined : this.#byName.get(result.toolName);
    if (tool === undefined || result.activityName === undefined) return undefined;
    return {
      nativeName: this.nativeName(tool, result.activityName),
      description: tool.activityDescription(result.activityName),
    };
  }

  async #executeUnknown(
    id: string,
    name: string,
    call: ToolCallInput,
    options: ExecuteOptions,
    settings: DecodeSettings,
    repairs: Repair[],
  ): Promise<ToolCallResult> {
    const inner = expandWrapper(id, call, settings);
    if (inner !== undefined)
      return parallelResult(id, name, inner, await this.executeAll(inner.calls, options));
    const message = unknownNameMessage(name, this.#enabledNames());
    return failedCall(id, name, message, "unknown_tool", repairs);
  }
}

/** The argument text after the toolbox's `before-parse` steps (which only ever get text). */
function beforeParse(
  custom: CustomSteps,
  raw: string,
  entry: CatalogEntry,
  repairs: Repair[],
): unknown {
  if (custom.beforeParse.length === 0) return raw;
  return runCustomSteps(custom.beforeParse, raw, repairContext(entry), repairs);
}

function groupCustomSteps(steps: readonly CustomRepairStep[] | undefined): CustomSteps | undefined {
  if (steps === undefined || steps.length === 0) return undefined;
  return Object.freeze({
    beforeParse: steps.filter((step) => step.at === "before-parse"),
    afterParse: steps.filter((step) => step.at === "after-parse"),
    afterValidationFailure: steps.filter((step) => step.at === "after-validation-failure"),
  });
}

function callResult(
  id: string,
  name: string,
  { tool, activity }: CatalogEntry,
  outcome: ActivityOutcome,
  repairs: readonly Repair[],
): ToolCallResult {
  return {
    id,
    name,
    toolName: tool.name,
    activityName: activity.name,
    artifact: outcome.artifact,
    repairs: outcome.repairs.length === 0 ? repairs : [...repairs, ...outcome.repairs],
  };
}

/** A batch's options for one of its calls: `onCallProgress` becomes the call's own `onProgress`. */
function withCallProgress(options: ExecuteAllOptions, call: ToolCallInput): ExecuteOptions {
  const listener = options.onCallProgress;
  if (listener === undefined) return options;
  // Every call of a batch has its id by now (given, made up, or `<wrapper id>.<n>` inside a wrapper).
  const owner = { id: call.id ?? "", name: String(call.name) };
  return { ...options, onProgress: (progress) => listener(owner, progress) };
}
