import type { JsonObject } from "../schema/json.js";
import type { CallerAbilities, LogLevel, Root } from "./caller-types.js";

/** A content block of a sampling message, in MCP's shape (every caller's lingua franca). */
export type SamplingBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image" | "audio"; readonly data: string; readonly mimeType: string };

/** A form request, as MCP's `elicitation/create` (form mode) carries it. */
export interface ElicitRequest {
  readonly message: string;
  /** A flat object schema of primitive properties. */
  readonly requestedSchema: JsonObject;
  /** The request's name in an `input_required` round, when the method gave one. */
  readonly key: string | undefined;
}

/** The raw answer to a form: checked against the form's schema afterwards. */
export interface ElicitReply {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: unknown;
}

/** A sampling request, as MCP's `sampling/createMessage` carries it. */
export interface SampleRequest {
  readonly messages: readonly {
    readonly role: "user" | "assistant";
    readonly content: SamplingBlock;
  }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly modelPreferences?: { readonly hints: readonly { readonly name: string }[] };
  readonly key: string | undefined;
}

/** The caller model's answer. */
export interface SampleReply {
  readonly role: string;
  readonly content: SamplingBlock | readonly SamplingBlock[];
  readonly model: string;
  readonly stopReason?: string;
}

/**
 * Who called a running activity or prompt and can be asked things: an MCP client (a session, an
 * `input_required` round, a task), an `Agent`, the terminal of `toolwright call`. Pass one as
 * `RunOptions.caller` (`tool.run`, `toolbox.execute`); `context.log/elicit/sample/roots` check and
 * convert, a caller only carries (in MCP's shapes). An ask it cannot carry is never made
 * (`abilities`).
 *
 * @example
 * ```ts
 * const caller: Caller = {
 *   abilities: { elicit: true, sample: false, roots: false },
 *   log: (level, message) => console.error(level, message),
 *   elicit: async () => ({ action: "accept", content: { confirm: true } }),
 *   sample: () => Promise.reject(new Error("no model")),
 *   roots: async () => [],
 * };
 * await toolbox.execute(call, { caller });
 * ```
 */
export interface Caller {
  readonly abilities: CallerAbilities;
  log(level: LogLevel, message: string, data: unknown): void;
  elicit(request: ElicitRequest, signal: AbortSignal): Promise<ElicitReply>;
  sample(request: SampleRequest, signal: AbortSignal): Promise<SampleReply>;
  roots(key: string | undefined, signal: AbortSignal): Promise<readonly Root[]>;
}
