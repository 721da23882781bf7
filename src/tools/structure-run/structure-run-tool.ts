import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { type Artifact, isArtifact } from "../../artifacts/artifact.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { nonEmptyString, type OptionRule } from "../../internal/option-rules.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";

/**
 * What a structure run sees besides its prompt: the arguments as the model sent them, the call's
 * signal, and a way to report progress to whoever watches the parent.
 *
 * @example
 * ```ts
 * const run: StructureRun = async (prompt, { signal }) => (await researcher.run(prompt, { signal })).output;
 * ```
 */
export interface StructureRunContext {
  readonly args: readonly string[];
  readonly signal: AbortSignal;
  progress(done: number, total?: number, message?: string): void;
}

/**
 * Any function of a prompt that a {@link StructureRunTool} can run: its result (an artifact, or text)
 * is what the calling model reads.
 *
 * @example
 * ```ts
 * const translate: StructureRun = async (prompt) => new TextArtifact(await myTranslator(prompt));
 * ```
 */
export type StructureRun = (
  prompt: string,
  context: StructureRunContext,
) => Artifact | string | Promise<Artifact | string>;

/**
 * What a {@link StructureRunTool} reads of an agent's events; an `Agent`'s events fit it (the tool
 * is below the agent in the layers, so it names no agent type): a `tool-result` event's `call`, a
 * `step-finish` event's `step`, and the `finish` event's `result` (`status`, `output`, `pending`).
 *
 * @example
 * ```ts
 * const event: StructureEvent = { type: "step-finish", step: 1 };
 * ```
 */
export interface StructureEvent {
  readonly type: string;
  readonly step?: number | undefined;
  readonly call?: { readonly name: string } | undefined;
  readonly result?: unknown;
}

/** How an agent's run ended, as its `finish` event carries it. */
interface RunOutcome {
  readonly status: string;
  readonly output: Artifact;
  readonly pending?: readonly { readonly toolName: string; readonly activityName: string }[];
}

function isRunOutcome(value: unknown): value is RunOutcome {
  if (typeof value !== "object" || value === null) return false;
  const outcome = value as Record<string, unknown>;
  return typeof outcome.status === "string" && isArtifact(outcome.output);
}

/**
 * An agent a {@link StructureRunTool} runs: anything with the `Agent`'s `stream` (so an `Agent` from
 * `toolwright/agent`, with its own tools, limits and memory).
 *
 * @example
 * ```ts
 * const researcher: StructureAgent = new Agent({ driver, tools: [new WebScraperTool()], maxSteps: 8 });
 * ```
 */
export interface StructureAgent {
  stream(
    prompt: string,
    options: { signal?: AbortSignal | undefined },
  ): AsyncIterable<StructureEvent>;
}

/**
 * Options of a {@link StructureRunTool}.
 *
 * @example
 * ```ts
 * new StructureRunTool({ name: "Researcher", description: "Researches a topic on the web", structure: researcher });
 * ```
 */
export interface StructureRunToolOptions extends ToolOptions {
  /** What the structure does: the activity's description the calling model reads. */
  description: string;
  /** The agent (or function of a prompt) to run. */
  structure: StructureAgent | StructureRun;
}

const runSchema = z.object({
  args: z
    .array(z.string())
    .min(1)
    .describe("A list of string arguments to submit to the Structure Run"),
});

const structureRule: OptionRule = Object.freeze({
  expected: "an Agent (something with stream(prompt, options)) or a function of a prompt",
  test: (value: unknown) =>
    typeof value === "function" ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { stream?: unknown }).stream === "function"),
});

/** Time limit of a structure run unless the tool's options set one: an agent takes many model calls. */
const structureTimeoutMs = 600_000;

/**
 * Griptape's StructureRunTool: an agent as an activity of another agent. `run_structure` gives the
 * model's arguments (joined by blank lines) to the structure as its prompt and returns its answer.
 * An `Agent` runs with its own tools, limits and memory; its steps are reported as the call's
 * progress, and with OpenTelemetry its `invoke_agent` span is a child of the parent's
 * `execute_tool` span. A run that ends without an answer (`max-steps`) returns its `ErrorArtifact`;
 * one that would wait for a human approval is an `ErrorArtifact` (code `structure_needs_approval`).
 *
 * @example
 * ```ts
 * const researcher = new Agent({ driver, tools: [new WebScraperTool()], name: "researcher" });
 * const lead = new Agent({
 *   driver,
 *   tools: [new StructureRunTool({ description: "Researches a topic on the web", structure: researcher })],
 * });
 * ```
 */
export class StructureRunTool extends Tool {
  /** What the structure does. */
  readonly description: string;
  readonly #structure: StructureAgent | StructureRun;

  constructor(options: StructureRunToolOptions) {
    checkBuiltInToolOptions(
      new.target,
      options,
      { description: nonEmptyString, structure: structureRule },
      ["description", "structure"],
    );
    const { description, structure, ...base } = options;
    super({ timeoutMs: structureTimeoutMs, ...base });
    this.description = description;
    this.#structure = structure;
  }

  @activity({
    description: (tool: StructureRunTool) =>
      `Can be used to run a Structure with the following description: ${tool.description}`,
    schema: runSchema,
    annotations: { openWorld: true },
  })
  async run_structure(input: z.output<typeof runSchema>, context: ActivityContext) {
    const prompt = input.args.join("\n\n");
    const structure = this.#structure;
    if (typeof structure === "function") {
      const output = await structure(prompt, {
        args: input.args,
        signal: context.signal,
        progress: (done, total, message) => context.progress(done, total, message),
      });
      return isArtifact(output) ? output : new TextArtifact(String(output));
    }
    let reported = 0;
    let result: RunOutcome | undefined;
    for await (const event of structure.stream(prompt, { signal: context.signal })) {
      if (event.type === "tool-result") {
        context.progress(++reported, undefined, `step ${event.step}: ${event.call?.name}`);
      } else if (event.type === "step-finish") {
        context.progress(++reported, undefined, `step ${event.step} done`);
      } else if (event.type === "finish" && isRunOutcome(event.result)) result = event.result;
    }
    if (result === undefined) {
      return new ErrorArtifact("the structure ended without a result", {
        code: "structure_failed",
      });
    }
    if (result.status === "needs-approval") {
      const names = (result.pending ?? []).map((call) => `${call.toolName}.${call.activityName}`);
      return new ErrorArtifact(
        `the structure stopped to wait for a human's approval of ${names.join(", ")}; a structure run as a tool cannot wait, so those calls did not run`,
        { code: "structure_needs_approval" },
      );
    }
    return result.output;
  }
}
