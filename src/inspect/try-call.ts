import { isParallelWrapper } from "../calls/expand-parallel.js";
import { defaultDecodeSettings } from "../calls/parse-arguments.js";
import type { ToolCallInput } from "../calls/tool-call.js";
import type { DialectTarget } from "../dialects/dialect.js";
import type { RefusedToolCall } from "../formats/tool-call-format.js";
import type { Repair } from "../tool/repair.js";
import { expandWrapper } from "../toolbox/execute-batch.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { type ArtifactView, viewArtifact } from "./artifact-view.js";
import { callReasons } from "./confirm-gate.js";
import { dialectTarget, variantChoices } from "./dialect-comparison.js";
import { RequestProblem } from "./request-problem.js";

/** @internal What the Try view sends: one call (name and arguments) or a model's whole raw reply. */
export interface TryRequest {
  /** The name as the model called it (any variant the toolbox resolves). */
  readonly name?: string;
  /** The arguments as the model sent them: a string (possibly broken) or a form's object. */
  readonly arguments?: unknown;
  /** A model's whole raw text reply, in any format `parseToolCalls` reads. */
  readonly reply?: string;
  /** The reply's format; auto-detected by default. */
  readonly format?: string;
  /** A dialect variant id: the call is decoded as a reply to that dialect's tools (lowering undone). */
  readonly dialect?: string;
  /** Run the calls after decoding them; otherwise only decode. */
  readonly run?: boolean;
  /** The person confirmed running calls that need it (destructive, approval, may write). */
  readonly confirm?: boolean;
}

/** @internal One call: how it was decoded, why it needs confirming, and its result once run. */
export interface CallOutcome {
  readonly id: string;
  readonly name: string;
  /** The `multi_tool_use.parallel` call this one was inside, if any. */
  readonly wrapper?: string;
  readonly arguments: unknown;
  readonly prepared:
    | {
        readonly ok: true;
        readonly tool: string;
        readonly activity: string;
        readonly nativeName: string;
        /** The exact input the method would receive. */
        readonly input: unknown;
        readonly repairs: readonly Repair[];
      }
    | { readonly ok: false; readonly repairs: readonly Repair[]; readonly artifact: ArtifactView };
  readonly confirm: readonly string[];
  readonly result?: {
    readonly artifact: ArtifactView;
    readonly repairs: readonly Repair[];
    readonly durationMs: number;
  };
}

/** @internal The answer of `POST /api/try`. */
export interface TryResponse {
  /** The format that read the reply (`null` for one call, or a reply without calls). */
  readonly format: string | null;
  /** The reply's text around the calls (`null` for one call). */
  readonly text: string | null;
  /** Calls the reply started but that cannot be read (cut off, malformed): never run. */
  readonly refused: readonly RefusedToolCall[];
  readonly calls: readonly CallOutcome[];
  readonly ran: boolean;
  /** Set when running was asked for but a call needs confirming first: nothing ran. */
  readonly needsConfirmation?: string;
}

let nextId = 0;

/**
 * @internal Decodes what a model sent as the toolbox would (`prepare`: every repair, the final input
 * or the error the model would read) and, when asked, runs it through `toolbox.execute`. A call of an
 * activity that is destructive, needs approval or may write runs only with `confirm: true`; without
 * it nothing runs and `needsConfirmation` says why. A reply's cut-off calls are listed, never run.
 *
 * @example
 * ```ts
 * const answer = await tryCall(toolbox, { name: "calculator_calculate", arguments: "{'expression': '1+1'}", run: true });
 * ```
 */
export async function tryCall(toolbox: Toolbox, request: TryRequest): Promise<TryResponse> {
  const { dialect, run, confirm } = checkRequest(request);
  const options = dialect === undefined ? {} : { dialect };
  const read = await readCalls(request);
  const outcomes: CallOutcome[] = [];
  for (const call of unwrapped(toolbox, read.calls)) {
    const id = `inspect-${++nextId}`;
    const prepared = await toolbox.prepare({ ...call, id }, options);
    outcomes.push({
      id,
      name: call.name,
      ...(call.wrapper === undefined ? {} : { wrapper: call.wrapper }),
      arguments: call.arguments,
      prepared: prepared.ok
        ? {
            ok: true,
            tool: prepared.tool.name,
            activity: prepared.activity.name,
            nativeName: toolbox.nativeName(prepared.tool, prepared.activity.name),
            input: prepared.input,
            repairs: prepared.repairs,
          }
        : {
            ok: false,
            repairs: prepared.result.repairs,
            artifact: viewArtifact(prepared.result.artifact),
          },
      confirm: prepared.ok
        ? await callReasons(prepared.tool, prepared.activity, prepared.input)
        : [],
    });
  }
  const answer = { format: read.format, text: read.text, refused: read.refused };
  if (!run) return { ...answer, calls: outcomes, ran: false };
  const gated = outcomes.filter((outcome) => outcome.confirm.length > 0);
  if (gated.length > 0 && !confirm) {
    const reasons = gated.map((outcome) => `${outcome.name}: ${outcome.confirm.join("; ")}`);
    return {
      ...answer,
      calls: outcomes,
      ran: false,
      needsConfirmation: `nothing ran: confirm first (send confirm: true once a person has) — ${reasons.join(" | ")}`,
    };
  }
  const ran: CallOutcome[] = [];
  for (const outcome of outcomes) {
    if (!outcome.prepared.ok && isParallelWrapper(outcome.name)) {
      // A wrapper left whole (its arguments hold no list of calls) would be expanded by `execute`
      // into calls nobody confirmed: it gets the answer `prepare` gave instead.
      const { artifact, repairs } = outcome.prepared;
      ran.push({ ...outcome, result: { artifact, repairs, durationMs: 0 } });
      continue;
    }
    const started = performance.now();
    const result = await toolbox.execute(
      { id: outcome.id, name: outcome.name, arguments: outcome.arguments },
      options,
    );
    const durationMs = performance.now() - started;
    ran.push({
      ...outcome,
      result: { artifact: viewArtifact(result.artifact), repairs: result.repairs, durationMs },
    });
  }
  return { ...answer, calls: ran, ran: true };
}

/**
 * The calls with every `multi_tool_use.parallel` wrapper replaced by the calls it holds, as `execute`
 * would expand it, so that each is decoded, shown and confirmed on its own before anything runs.
 */
function unwrapped(
  toolbox: Toolbox,
  calls: readonly ToolCallInput[],
): (ToolCallInput & { readonly wrapper?: string })[] {
  return calls.flatMap((call) => {
    const name = String(call.name);
    if (!isParallelWrapper(name) || toolbox.resolveName(name) !== undefined) return [call];
    const inner = expandWrapper("wrapper", call, defaultDecodeSettings);
    if (inner === undefined) return [call];
    return inner.calls.map((innerCall) => ({ ...innerCall, wrapper: name }));
  });
}

function checkRequest(request: TryRequest): {
  dialect: DialectTarget | undefined;
  run: boolean;
  confirm: boolean;
} {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new RequestProblem(400, "send a JSON object: { name, arguments } or { reply }");
  }
  const hasReply = request.reply !== undefined;
  if (hasReply === (request.arguments !== undefined || request.name !== undefined)) {
    throw new RequestProblem(
      400,
      "send either `name` (with `arguments`: a string or an object) or `reply` (a model's whole raw text)",
    );
  }
  if (hasReply && typeof request.reply !== "string") {
    throw new RequestProblem(400, "`reply` must be a string: the model's raw text");
  }
  if (!hasReply && typeof request.name !== "string") {
    throw new RequestProblem(400, "`name` must be a string: the name the model called");
  }
  for (const key of ["run", "confirm"] as const) {
    if (request[key] !== undefined && typeof request[key] !== "boolean") {
      throw new RequestProblem(400, `\`${key}\` must be true or false`);
    }
  }
  let dialect: DialectTarget | undefined;
  if (request.dialect !== undefined && request.dialect !== "") {
    dialect = typeof request.dialect === "string" ? dialectTarget(request.dialect) : undefined;
    if (dialect === undefined) {
      throw new RequestProblem(
        400,
        `unknown dialect ${JSON.stringify(request.dialect)}; one of ${variantChoices.map((choice) => choice.id).join(", ")}`,
      );
    }
  }
  return { dialect, run: request.run === true, confirm: request.confirm === true };
}

async function readCalls(request: TryRequest): Promise<{
  calls: ToolCallInput[];
  format: string | null;
  text: string | null;
  refused: readonly RefusedToolCall[];
}> {
  if (request.reply === undefined) {
    const call = { name: request.name as string, arguments: request.arguments };
    return { calls: [call], format: null, text: null, refused: [] };
  }
  // Fifty-odd format readers: loaded when a reply is first pasted, not when the inspector starts.
  const { parseToolCalls, toolCallFormatNames } = await import("../formats/parse-tool-calls.js");
  const format = request.format ?? "auto";
  const known: readonly string[] = toolCallFormatNames();
  if (format !== "auto" && !known.includes(format)) {
    throw new RequestProblem(
      400,
      `unknown format ${JSON.stringify(format)}; known: ${known.join(", ")}`,
    );
  }
  const parsed = parseToolCalls(request.reply, { format: format as "auto" });
  return {
    calls: parsed.calls.map((call) => ({ name: call.name, arguments: call.arguments })),
    format: parsed.format ?? null,
    text: parsed.text,
    refused: parsed.refused,
  };
}
