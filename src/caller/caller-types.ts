import type { Artifact } from "../artifacts/artifact.js";
import type { JsonObject } from "../schema/json.js";

/**
 * How much a log message matters (syslog's levels, as MCP uses them), least first.
 *
 * @example
 * ```ts
 * context.log("warning", "the cache is cold", { misses: 12 });
 * ```
 */
export type LogLevel =
  | "debug"
  | "info"
  | "notice"
  | "warning"
  | "error"
  | "critical"
  | "alert"
  | "emergency";

/**
 * What the person answered to `context.elicit`: the form's content (checked against its schema), or
 * that they declined or dismissed it.
 *
 * @example
 * ```ts
 * const answer = await context.elicit("Deploy to production?", z.object({ confirm: z.boolean() }));
 * if (answer.action !== "accept" || !answer.content.confirm) return "Not deployed";
 * ```
 */
export type ElicitAnswer<T = JsonObject> =
  | { readonly action: "accept"; readonly content: T }
  | { readonly action: "decline" }
  | { readonly action: "cancel" };

/**
 * Options of `context.elicit`, `context.sample` and `context.roots`.
 *
 * @example
 * ```ts
 * await context.elicit("Your name?", schema, { key: "user_name" });
 * ```
 */
export interface AskOptions {
  /**
   * Names the request in a 2026-07-28 `input_required` round (its `inputRequests` key); by default
   * `elicit-1`, `sample-2`, `roots-3`… in the order the call asks. Unique within one call.
   */
  key?: string;
}

/**
 * One message of a `context.sample` conversation: text, or an image or audio artifact.
 *
 * @example
 * ```ts
 * const message: SamplingMessage = { role: "user", content: "Summarise this diff in one line." };
 * ```
 */
export interface SamplingMessage {
  readonly role: "user" | "assistant";
  readonly content: string | Artifact;
}

/**
 * Options of `context.sample`: what the caller's model should do.
 *
 * @example
 * ```ts
 * await context.sample("Name this function", { maxTokens: 20, temperature: 0 });
 * ```
 */
export interface SamplingOptions extends AskOptions {
  /** Most tokens to generate. */
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: readonly string[];
  /** Models to prefer, by name or family (`"claude"`, `"gpt-5"`); the caller decides. */
  modelHints?: readonly string[];
}

/**
 * What the caller's model answered to `context.sample`.
 *
 * @example
 * ```ts
 * const reply = await context.sample("Name this function", { maxTokens: 20 });
 * reply.content.toText(); // "parseDuration"
 * ```
 */
export interface SamplingResult {
  readonly role: "assistant";
  /** A `TextArtifact`, or an image or audio artifact. */
  readonly content: Artifact;
  /** The model that answered. */
  readonly model: string;
  readonly stopReason?: string;
}

/**
 * A root the caller exposes (a folder, a repository), by URI.
 *
 * @example
 * ```ts
 * const [first] = await context.roots(); // { uri: "file:///home/ada/project", name: "project" }
 * ```
 */
export interface Root {
  readonly uri: string;
  readonly name?: string;
}

/**
 * What the caller of this run can answer: an MCP client that declared the capability, an agent with a
 * handler, the command line on a terminal.
 *
 * @example
 * ```ts
 * if (context.canAsk.elicit) await context.elicit("Which branch?", schema);
 * ```
 */
export interface CallerAbilities {
  readonly elicit: boolean;
  readonly sample: boolean;
  readonly roots: boolean;
}

/**
 * What a running activity or prompt can ask of whoever called it: log to them, ask the person a
 * question (a form), ask their model, list their roots. Over MCP these are the client's logging,
 * elicitation, sampling and roots (on 2026-07-28, `input_required` rounds); in `Agent`, its handlers
 * and its driver; in `toolwright call`, prompts on the terminal. A caller that cannot answer makes the
 * ask reject with a `CallerError` (which becomes an `ErrorArtifact`), never a hang.
 *
 * @example
 * ```ts
 * async deploy(input: { env: string }, context: ActivityContext) {
 *   context.log("info", `deploying to ${input.env}`);
 *   const answer = await context.elicit(`Deploy to ${input.env}?`, z.object({ confirm: z.boolean() }));
 *   return answer.action === "accept" && answer.content.confirm ? "deployed" : "not deployed";
 * }
 * ```
 */
export interface CallerRequests {
  /** What this run's caller can answer. */
  readonly canAsk: CallerAbilities;
  /**
   * Logs to the caller (MCP `notifications/message`, honouring the client's level), and to the
   * `toolwright:log` diagnostics channel and the call's span. Never throws.
   */
  log(level: LogLevel, message: string, data?: unknown): void;
  /**
   * Asks the person for input with a form: `schema` is a flat object of strings, numbers, booleans and
   * enums (MCP's rule for forms; defaults and titled enums allowed). An accepted answer is validated
   * by the schema and typed by it.
   */
  elicit<S>(message: string, schema: S, options?: AskOptions): Promise<ElicitAnswer<FormOf<S>>>;
  /** Asks the caller's model to continue a conversation (a string is one user message). */
  sample(
    messages: string | readonly SamplingMessage[],
    options: SamplingOptions,
  ): Promise<SamplingResult>;
  /** The caller's roots. */
  roots(options?: AskOptions): Promise<readonly Root[]>;
}

/** The content type of a form schema: the schema's output type when it has one (zod, Standard Schema). */
export type FormOf<S> = S extends { readonly "~standard": { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : JsonObject
  : JsonObject;
