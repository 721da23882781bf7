import type { ToolActivity } from "../activity/tool-activity.js";
import { duplicateKeysAmong } from "../calls/duplicate-keys.js";
import {
  checked,
  type DecodeSettings,
  duplicateFailure,
  type ParsedArguments,
  parseArguments,
} from "../calls/parse-arguments.js";
import { resolveName, unknownNameMessage } from "../calls/resolve-name.js";
import type { PreparedCall, ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import type { Dialect, DialectOptions } from "../dialects/dialect.js";
import type { ProviderTools } from "../dialects/provider-tools.js";
import type { TaskMemory } from "../memory/task-memory.js";
import { observingToolCalls, runObserved } from "../observe/tool-call-channels.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { Repair } from "../tool/repair.js";
import { type InputOwnership, runActivity } from "../tool/run-activity.js";
import { withToolboxTimeout } from "../tool/time-limit.js";
import type { Tool } from "../tool/tool.js";
import { type Catalog, findEntry, ToolRoster } from "./catalog.js";
import {
  beforeParse,
  callResult,
  coercionFor,
  decodeCall,
  failedCall,
  prepareCall,
  quickCheckOf,
  UnreadableCall,
} from "./decode-call.js";
import { DialectCache } from "./dialect-cache.js";
import { executeBatch, expandWrapper, hasMadeUpId, parallelResult } from "./execute-batch.js";
import { executeReceipted } from "./execute-receipted.js";
import { quickFloor } from "./quick-check.js";
import {
  callSettings,
  checkCall,
  checkCalls,
  checkDialectOptions,
  checkExecuteOptions,
  checkSearch,
  checkToolboxArguments,
  readOnlySettings,
  settleToolboxOptions,
  type ToolboxSettings,
  withCallProgress,
} from "./toolbox-checks.js";
import { ToolboxMemory } from "./toolbox-memory.js";
import type {
  ExecuteAllOptions,
  ExecuteOptions,
  SearchOptions,
  ToolboxOptions,
} from "./toolbox-options.js";
import { type SearchHit, ToolboxSearch } from "./toolbox-search.js";

// Shared by calls that pass no options: `execute` runs per model call, a default `{}` would be made
// each time; and options known to be empty need no check.
const noOptions: ExecuteOptions = Object.freeze({});
const noDialectOptions: DialectOptions = Object.freeze({});

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
  // The parts, one job each: the tools and their native names, the compiled dialects, the shared
  // task memory. The class holds them together and keeps `execute`, the path every call takes.
  readonly #roster = new ToolRoster();
  readonly #search: ToolboxSearch;
  readonly #dialects: DialectCache;
  readonly #memory: ToolboxMemory;
  readonly #settings: ToolboxSettings;
  readonly #decode: DecodeSettings;
  /** `#decode` for read-only activities. */
  readonly #decodeReadOnly: DecodeSettings;
  readonly #timeoutMs: number | null | undefined;
  readonly #receipts: ReceiptOptions | undefined;
  /** Set while `execute` runs inside its observation, so the events are published once. */
  #observed = false;
  #nextId = 0;

  constructor(tools: Iterable<Tool> = [], options: ToolboxOptions = {}) {
    checkToolboxArguments(tools, options);
    this.#settings = settleToolboxOptions(
      options,
      (name) => resolveName(this.#catalogNow().index, name, [], true)?.target,
    );
    this.#decode = this.#settings.decode;
    this.#decodeReadOnly = Object.freeze({ ...this.#decode, readOnly: true });
    this.#timeoutMs = this.#settings.timeoutMs;
    this.#receipts = this.#settings.receipts;
    this.#search = new ToolboxSearch(this.#roster.list, () => this.#catalogNow(), options);
    this.#dialects = new DialectCache(this.#roster.list, () => this.#catalogNow(), this.#search);
    this.#memory = new ToolboxMemory(this.#roster.list, (tool) => this.#attach(tool), {
      useDefault: this.#settings.defaultMemory,
      memoryTool: this.#settings.memoryTool,
    });
    for (const tool of tools) this.#attach(tool);
    if (this.#search.defers) this.#attach(this.#search.searchTool());
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
    this.#memory.settle();
    return this.#memory.current;
  }

  /**
   * The receipts calls are recorded with (the `receipts` option), or `undefined`.
   *
   * @example
   * ```ts
   * new Toolbox(tools, { receipts: { store: new InMemoryReceiptStore() } }).receipts?.store;
   * ```
   */
  get receipts(): ReceiptOptions | undefined {
    return this.#receipts;
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
    this.#memory.set(memory);
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
    this.#memory.settle();
    return this.#roster.list;
  }

  /**
   * The time limit of calls whose own options, activity and tool set none (the `timeoutMs` option):
   * milliseconds, `null` for deliberately none, `undefined` when unset and the 60 s default applies.
   *
   * @example
   * ```ts
   * new Toolbox([], { timeoutMs: 5_000 }).timeoutMs; // 5000
   * ```
   */
  get timeoutMs(): number | null | undefined {
    return this.#timeoutMs;
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
    this.#memory.settle();
    return this.#roster.get(name);
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
    return this.#roster.nativeName(this.#catalogNow(), tool, activityName);
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
    return this.#dialects.compile(dialect, options).tools;
  }

  /**
   * The enabled activities that best match `query` (BM25F over their names, descriptions, parameter
   * names and parameter descriptions; fused with `search.embed`'s ranking when given), best first, at
   * most `limit` (default 5). The index is built on the first search and kept up to date as tools join
   * or activities are enabled and disabled; a disabled or unknown activity is never returned.
   *
   * @example
   * ```ts
   * const hits = await toolbox.search("weather forecast for a city", { limit: 3 });
   * hits.map((hit) => hit.name); // ["WeatherTool_forecast", …]
   * ```
   */
  search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = checkSearch(query, options);
    this.#memory.settle();
    return this.#search.search(query, limit);
  }

  /**
   * The deferred activities searches have loaded (native names, in the order they were found): the
   * ones a deferring toolbox appends to requests. Saved with a paused agent's state.
   *
   * @example
   * ```ts
   * toolbox.loadedActivities; // ["WeatherTool_forecast"]
   * ```
   */
  get loadedActivities(): readonly string[] {
    return [...this.#search.loaded];
  }

  /**
   * Loads deferred activities by native name as a search would, after those loaded before; names that
   * are unknown, not deferred or already loaded are skipped. `agent.resume` calls it with the saved set.
   *
   * @example
   * ```ts
   * toolbox.loadActivities(["WeatherTool_forecast"]);
   * ```
   */
  loadActivities(names: readonly string[]): void {
    this.#search.load(names);
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
    // Receipts decode and validate first, then consult the store: their own path.
    const receipts =
      options === noOptions || options.receipts === undefined
        ? this.#receipts
        : (options.receipts ?? undefined);
    if (receipts !== undefined) {
      const ownId = call.id !== undefined && !hasMadeUpId(call);
      const unknown = (inner: ToolCallInput & { readonly id: string }) =>
        this.#executeUnknown(
          inner.id,
          String(inner.name),
          inner,
          options,
          callSettings(this.#decode, options),
          [],
        );
      const setup = { toolbox: this, timeoutMs: this.#timeoutMs, unknown };
      return executeReceipted(setup, { ...call, id }, options, { ownId, receipts });
    }
    const name = String(call.name);
    let settings = callSettings(this.#decode, options);
    const repairs: Repair[] = [];
    const found = findEntry(this.#catalogNow(), name, settings.switches, repairs);
    // The rare paths wait in their own method: with no `await` here, a synchronous call settles sooner.
    if (found === undefined)
      return this.#executeUnknown(id, name, call, options, settings, repairs);
    const entry = found.target;
    if (entry.activity.annotations.readOnly === true)
      settings = readOnlySettings(settings, this.#decode, this.#decodeReadOnly);
    const plan = this.#dialects.plan(entry, options.dialect);
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
    const coerce = coercionFor(entry, settings.switches, custom);
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
    let settings = callSettings(this.#decode, options);
    const repairs: Repair[] = [];
    const catalog = this.#catalogNow();
    const found = findEntry(catalog, String(call.name), settings.switches, repairs);
    if (found === undefined) {
      const message = unknownNameMessage(String(call.name), this.#roster.enabledNames(catalog));
      return {
        ok: false,
        result: failedCall(id, String(call.name), message, "unknown_tool", repairs),
      };
    }
    const entry = found.target;
    if (entry.activity.annotations.readOnly === true)
      settings = readOnlySettings(settings, this.#decode, this.#decodeReadOnly);
    const plan = this.#dialects.plan(entry, options.dialect);
    return prepareCall({ ...call, id }, { entry, plan, settings, repairs });
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
    return executeBatch(calls, {
      catalog: this.#catalogNow(),
      settings: callSettings(this.#decode, options),
      concurrency: options.concurrency ?? this.#settings.concurrency,
      nextId: () => `call_${++this.#nextId}`,
      execute: (call) => this.execute(call, withCallProgress(options, call)),
    });
  }

  /** Every tool passes through here, at construction and in `add`: toolbox-wide settings are applied to each tool here. */
  #attach(tool: Tool): void {
    this.#roster.add(tool);
    this.#dialects.clear();
    this.#memory.joined();
  }

  #catalogNow(): Catalog {
    if (!this.#memory.settled) this.#memory.settle();
    return this.#roster.catalog ?? this.#roster.buildCatalog();
  }

  /** `execute` inside its span, with its `toolwright:tool-call:*` events published around it. */
  #executeObserved(
    call: ToolCallInput & { readonly id: string },
    options: ExecuteOptions,
  ): Promise<ToolCallResult> {
    return runObserved(call, {
      run: () => {
        // `execute` reads the flag before its first `await`, so it cannot leak to another call.
        this.#observed = true;
        try {
          return this.execute(call, options);
        } finally {
          this.#observed = false;
        }
      },
      telemetry: this.#settings.telemetry,
      describe: (result) => this.#roster.describe(this.#catalogNow(), result),
    });
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
    const message = unknownNameMessage(name, this.#roster.enabledNames(this.#catalogNow()));
    return failedCall(id, name, message, "unknown_tool", repairs);
  }
}
