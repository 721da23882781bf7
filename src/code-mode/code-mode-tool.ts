import { activity } from "../activity/activity.js";
import type { ActivityContext } from "../activity/activity-context.js";
import { ErrorArtifact } from "../artifacts/error-artifact.js";
import { InfoArtifact } from "../artifacts/info-artifact.js";
import { JsonArtifact } from "../artifacts/json-artifact.js";
import { TextArtifact } from "../artifacts/text-artifact.js";
import { ToolConfigError } from "../errors/tool-config-error.js";
import { checkOptions } from "../internal/check-options.js";
import { aFunction, anObject, wholeNumber } from "../internal/option-rules.js";
import { requirePackage } from "../internal/optional-package.js";
import type { JsonSchemaObject } from "../schema/json.js";
import { Tool } from "../tool/tool.js";
import { toolOptionRules } from "../tool/tool-option-rules.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type ApiFunction, declarations } from "./declarations.js";
import { runScript } from "./run-script.js";
import type { SandboxLimits } from "./sandbox.js";
import { scriptCalls } from "./script-context.js";
import { loadRecord, newRecord, Replay } from "./script-record.js";

/**
 * The bounds of one script run. Each ends the script with its own error code; the host is unaffected.
 *
 * @example
 * ```ts
 * codeMode(toolbox, { limits: { cpuTimeMs: 500, memoryBytes: 16 * 1024 * 1024 } });
 * ```
 */
export interface CodeModeLimits {
  /** The sandbox's heap, in bytes (32 MiB by default): `script_memory_limit`. */
  memoryBytes?: number | undefined;
  /** Time the script itself may compute, in milliseconds, not counting tool calls (1,000): `script_time_limit`. */
  cpuTimeMs?: number | undefined;
  /** The sandbox's stack, in bytes (256 KiB), which bounds recursion: `script_stack_limit`. */
  stackBytes?: number | undefined;
  /** Longest return value, in characters of JSON (100,000): `script_output_limit`. */
  outputChars?: number | undefined;
  /** Console output kept, in characters (10,000); the rest is cut. */
  logChars?: number | undefined;
  /** Most tool calls one script makes (200): `script_call_limit`. */
  calls?: number | undefined;
}

/**
 * Options of {@link codeMode}: the tool's own (`name`, `timeoutMs`, `offPrompt` …), the limits, and
 * the clock and random source a script reads (recorded, so a re-run reads the same values).
 *
 * @example
 * ```ts
 * codeMode(toolbox, { name: "Scripts", limits: { calls: 50 }, timeoutMs: 120_000 });
 * ```
 */
export interface CodeModeOptions extends ToolOptions {
  limits?: CodeModeLimits | undefined;
  /** Most calls of one round running at once; the toolbox's `concurrency` by default. */
  concurrency?: number | undefined;
  /** What `Date` reads in a script (`Date.now` by default): once per run, then frozen. */
  clock?: (() => number) | undefined;
  /** What `Math.random` returns in a script (`Math.random` by default). */
  random?: (() => number) | undefined;
}

const defaults: SandboxLimits = {
  memoryBytes: 32 * 1024 * 1024,
  cpuTimeMs: 1_000,
  stackBytes: 256 * 1024,
  outputChars: 100_000,
  logChars: 10_000,
  calls: 200,
};

const limitRules = Object.fromEntries(Object.keys(defaults).map((key) => [key, wholeNumber(1)]));

const scriptSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    script: {
      type: "string",
      description:
        "The body of an async JavaScript function: call tools.<name>(input) (each returns a promise), use await and Promise.all, and return the answer.",
    },
  },
  required: ["script"],
  additionalProperties: false,
};

/**
 * A tool with one activity, `run_script`, that runs a JavaScript script against a toolbox in a
 * QuickJS sandbox: the model sees the toolbox as a typed `tools` object, and each call in the script
 * is a real `Toolbox.execute`. Made by {@link codeMode}.
 *
 * @example
 * ```ts
 * const scripts = codeMode(new Toolbox([new CalculatorTool()]));
 * console.log(scripts.declarations());
 * ```
 */
export class CodeModeTool extends Tool {
  /** The toolbox scripts call. */
  readonly toolbox: Toolbox;
  readonly #limits: SandboxLimits;
  readonly #concurrency: number | undefined;
  readonly #clock: () => number;
  readonly #random: () => number;

  constructor(toolbox: Toolbox, options: CodeModeOptions = {}) {
    checkOptions(options, {
      owner: "codeMode",
      rules: {
        ...toolOptionRules,
        limits: anObject,
        concurrency: wholeNumber(1),
        clock: aFunction,
        random: aFunction,
      },
      error: (option, message) => new ToolConfigError({ toolName: "CodeMode", option, message }),
    });
    const { limits = {}, concurrency, clock, random, ...base } = options;
    checkOptions(limits, {
      owner: "codeMode",
      rules: limitRules,
      error: (option, message) =>
        new ToolConfigError({ toolName: "CodeMode", option: `limits.${option}`, message }),
    });
    requirePackage("codeMode", "quickjs-emscripten");
    super({ name: "CodeMode", ...base });
    this.toolbox = toolbox;
    this.#limits = { ...defaults, ...definedOnly(limits) };
    this.#concurrency = concurrency;
    this.#clock = clock ?? Date.now;
    this.#random = random ?? Math.random;
  }

  /**
   * The TypeScript declaration of the `tools` object scripts call, as the model sees it.
   *
   * @example
   * ```ts
   * codeMode(toolbox).declarations(); // "declare const tools: {\n  /** Evaluates … *\/\n  CalculatorTool_calculate(input: …): Promise<any>;\n};"
   * ```
   */
  declarations(): string {
    return declarations(this.#functions());
  }

  @activity({
    name: "run_script",
    description: (tool: CodeModeTool) =>
      `Runs a JavaScript script (the body of an async function) that calls these tools and returns a JSON value. Use it to make several calls in one step: in sequence with await, at once with Promise.all. A failed call throws an Error whose message says why (and whose code names it). No network, files or timers; Date gives the time the script started, Math.random works.\n\n${tool.declarations()}`,
    schema: scriptSchema,
  })
  async run_script(input: unknown, context: ActivityContext) {
    const { script } = input as { script: string };
    const given = scriptCalls.getStore();
    const agent = given?.tool === this ? given : undefined;
    const record = agent?.record === undefined ? newRecord() : loadRecord(agent.record);
    const ran = await runScript(script, {
      toolbox: this.toolbox,
      names: new Map(this.#functions().map((fn) => [fn.name, fn.nativeName])),
      limits: this.#limits,
      replay: new Replay(record, this.#clock, this.#random),
      approvals: agent?.approvals ?? false,
      canPause: agent !== undefined,
      decisions: agent?.decisions ?? new Map(),
      concurrency: this.#concurrency,
      signal: context.signal,
      receipts: agent?.receipts,
      caller: agent?.caller,
    });
    if (ran.status === "paused") {
      (agent as NonNullable<typeof agent>).paused = { held: ran.held, record: ran.record };
      const names = ran.held.map(({ pending }) => `${pending.toolName}.${pending.activityName}`);
      return new InfoArtifact(`The script is waiting for approval of ${names.join(", ")}`);
    }
    const { outcome } = ran;
    const logs = outcome.logs === "" ? "" : `\n\nConsole output:\n${outcome.logs}`;
    if (!outcome.ok)
      return new ErrorArtifact(`Script failed: ${outcome.message}${logs}`, { code: outcome.code });
    const value: unknown = JSON.parse(outcome.json);
    if (logs !== "") return new TextArtifact(`${JSON.stringify(value, null, 2)}${logs}`);
    return typeof value === "string" ? new TextArtifact(value) : new JsonArtifact(value);
  }

  /**
   * Every enabled activity of the toolbox but code-mode tools (a script cannot start a script), named
   * by its native name made a JavaScript identifier (`-` is not one), numbered on a clash.
   */
  #functions(): ApiFunction[] {
    const functions: ApiFunction[] = [];
    const taken = new Set<string>();
    for (const tool of this.toolbox.tools) {
      if (tool instanceof CodeModeTool) continue;
      for (const entry of tool.activities()) {
        const nativeName = this.toolbox.nativeName(tool, entry.name);
        const base = nativeName.replace(/[^A-Za-z0-9_$]/g, "_");
        let name = base;
        for (let copy = 2; taken.has(name); copy++) name = `${base}_${copy}`;
        taken.add(name);
        functions.push({
          name,
          nativeName,
          description: tool.activityDescription(entry.name),
          schema: tool.activitySchema(entry.name),
        });
      }
    }
    return functions;
  }
}

/**
 * A tool that runs model-written scripts against `toolbox`, keeping every guarantee of a tool call
 * for each call a script makes (see docs/code-mode.md). Needs the optional `quickjs-emscripten`.
 *
 * @example
 * ```ts
 * import { codeMode } from "toolwright/code-mode";
 * const agentTools = new Toolbox([codeMode(new Toolbox([new CalculatorTool(), new DateTimeTool()]))]);
 * ```
 */
export function codeMode(toolbox: Toolbox, options: CodeModeOptions = {}): CodeModeTool {
  return new CodeModeTool(toolbox, options);
}

function definedOnly(limits: CodeModeLimits): Partial<SandboxLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}
