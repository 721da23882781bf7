import type { Artifact } from "../artifacts/artifact.js";
import type { CallerRequests } from "../caller/caller-types.js";
import type { SchemaSource } from "../schema/normalize-schema.js";
import type { Tool } from "../tool/tool.js";
import type { Completer } from "./resource-config.js";

/**
 * The config of `@prompt`.
 *
 * @example
 * ```ts
 * const config: PromptConfig = {
 *   description: "Review a pull request",
 *   arguments: z.object({ pr: z.string().describe("The PR number"), tone: z.enum(["kind", "blunt"]).optional() }),
 * };
 * ```
 */
export interface PromptConfig<S extends SchemaSource | undefined = SchemaSource | undefined> {
  /** What the prompt is for, shown to the person choosing it. */
  description: string;
  /** The prompt's name; the method name by default. Letters, digits and `_`. */
  name?: string;
  /** A human-readable name. */
  title?: string;
  /**
   * The arguments, as an object schema whose properties are strings (MCP prompt arguments are text):
   * each property is an argument, its `description` and whether it is required come from the schema,
   * and `enum` values are offered as completions. Arguments are validated before the method runs.
   */
  arguments?: S;
  /** Completions for arguments beyond their enums (`completion/complete`), by argument name. */
  complete?: Readonly<Record<string, Completer>>;
}

/**
 * A resource embedded in a prompt message: its URI and its text or bytes.
 *
 * @example
 * ```ts
 * const embedded: EmbeddedResource = { uri: "docs://readme", mimeType: "text/markdown", text: "# Hello" };
 * ```
 */
export type EmbeddedResource =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: Uint8Array };

/**
 * One message of a prompt: who says it and what: text, an artifact (an image, audio, a text) or an
 * embedded resource.
 *
 * @example
 * ```ts
 * const message: PromptTurn = { role: "assistant", content: "Which file should I start with?" };
 * ```
 */
export interface PromptTurn {
  readonly role: "user" | "assistant";
  readonly content: string | Artifact | EmbeddedResource;
}

/**
 * What a `@prompt` method returns: one text or artifact (a user message), a message, or several (a
 * string or artifact among them is a user message).
 *
 * @example
 * ```ts
 * const result: PromptResult = ["Here is the diff:", new TextArtifact(diff), { role: "assistant", content: "Got it." }];
 * ```
 */
export type PromptResult =
  | string
  | Artifact
  | PromptTurn
  | readonly (string | Artifact | PromptTurn)[];

/**
 * The second argument of a `@prompt` method: its tool, a signal, and what it can ask of the caller
 * (`log`, `elicit`, `sample`, `roots`; over MCP 2026-07-28 an ask is an `input_required` round).
 *
 * @example
 * ```ts
 * @prompt({ description: "Summarise today's tickets" })
 * async summary(_args: Record<string, never>, context: PromptContext) {
 *   return `Summarise:\n${await loadTickets({ signal: context.signal })}`;
 * }
 * ```
 */
export interface PromptContext<T extends Tool = Tool> extends CallerRequests {
  /** The tool instance the prompt comes from. */
  readonly tool: T;
  /** Aborted when the client goes away or the server closes. */
  readonly signal: AbortSignal;
}
