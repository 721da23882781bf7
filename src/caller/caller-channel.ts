import type { JsonObject } from "../schema/json.js";
import type { CallerAbilities, LogLevel, Root } from "./caller-types.js";

/** @internal A content block of a sampling message, in MCP's shape (every caller's lingua franca). */
export type SamplingBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image" | "audio"; readonly data: string; readonly mimeType: string };

/** @internal A form request, as MCP's `elicitation/create` (form mode) carries it. */
export interface ElicitRequest {
  readonly message: string;
  /** A flat object schema of primitive properties. */
  readonly requestedSchema: JsonObject;
  /** The request's name in an `input_required` round, when the method gave one. */
  readonly key: string | undefined;
}

/** @internal The raw answer to a form: checked against the form's schema afterwards. */
export interface ElicitReply {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: unknown;
}

/** @internal A sampling request, as MCP's `sampling/createMessage` carries it. */
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

/** @internal The caller model's answer. */
export interface SampleReply {
  readonly role: string;
  readonly content: SamplingBlock | readonly SamplingBlock[];
  readonly model: string;
  readonly stopReason?: string;
}

/**
 * @internal Who called a running activity or prompt and can be asked things: an MCP client (a session
 * or an `input_required` round), an agent, the terminal. `context.log/elicit/sample/roots` check and
 * convert; a channel only carries. An ask it cannot carry is never made (`abilities`).
 */
export interface CallerChannel {
  readonly abilities: CallerAbilities;
  log(level: LogLevel, message: string, data: unknown): void;
  elicit(request: ElicitRequest, signal: AbortSignal): Promise<ElicitReply>;
  sample(request: SampleRequest, signal: AbortSignal): Promise<SampleReply>;
  roots(key: string | undefined, signal: AbortSignal): Promise<readonly Root[]>;
}
