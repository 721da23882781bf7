import type { Caller } from "./caller-channel.js";
import { CallerError } from "./caller-error.js";
import { logTo } from "./caller-log.js";
import type {
  AskOptions,
  CallerAbilities,
  CallerRequests,
  ElicitAnswer,
  LogLevel,
  Root,
  SamplingMessage,
  SamplingOptions,
  SamplingResult,
} from "./caller-types.js";
import { formOf, withDefaults } from "./form-schema.js";
import { replyArtifact, toSamplingBlock } from "./sampling-content.js";

const nobody: CallerAbilities = Object.freeze({ elicit: false, sample: false, roots: false });

/**
 * @internal `context.log/elicit/sample/roots` over a caller channel (none: logs go only to the
 * diagnostics channel, asks fail with `CallerError`). Forms are checked and their answers validated
 * here, so every channel only carries.
 */
export function callerRequests(
  caller: Caller | undefined,
  signal: AbortSignal,
  toolName: string,
): CallerRequests {
  const unavailable = (code: CallerError["code"], what: string): never => {
    throw new CallerError(
      code,
      `the caller cannot ${what}: ${caller === undefined ? "this call has no caller to ask (run it through serveMcp, an Agent with a handler, or toolwright call on a terminal)" : "it did not declare that it can"}`,
    );
  };
  return {
    canAsk: caller?.abilities ?? nobody,
    log(level: LogLevel, message: string, data?: unknown) {
      logTo(caller, { level, message, data, toolName });
    },
    async elicit<S>(message: string, schema: S, options?: AskOptions) {
      const form = formOf(schema, toolName);
      if (caller?.abilities.elicit !== true)
        unavailable("elicitation_unavailable", "answer a form");
      const reply = await (caller as Caller).elicit(
        { message, requestedSchema: form.requestedSchema, key: options?.key },
        signal,
      );
      if (reply.action !== "accept") return { action: reply.action } as ElicitAnswer<never>;
      const checked = await form.schema.validate(withDefaults(form.requestedSchema, reply.content));
      if (!checked.ok) {
        throw new CallerError(
          "invalid_answer",
          `the answer to "${message}" does not fit the form`,
          {
            cause: checked.issues,
          },
        );
      }
      return { action: "accept", content: checked.value } as ElicitAnswer<never>;
    },
    async sample(
      messages: string | readonly SamplingMessage[],
      options: SamplingOptions,
    ): Promise<SamplingResult> {
      if (caller?.abilities.sample !== true) unavailable("sampling_unavailable", "run its model");
      const list: readonly SamplingMessage[] =
        typeof messages === "string" ? [{ role: "user", content: messages }] : messages;
      const reply = await (caller as Caller).sample(
        {
          messages: list.map((entry) => ({
            role: entry.role,
            content: toSamplingBlock(entry.content),
          })),
          maxTokens: options.maxTokens,
          ...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
          ...(options.stopSequences === undefined ? {} : { stopSequences: options.stopSequences }),
          ...(options.modelHints === undefined
            ? {}
            : { modelPreferences: { hints: options.modelHints.map((name) => ({ name })) } }),
          key: options.key,
        },
        signal,
      );
      return {
        role: "assistant",
        content: replyArtifact(reply.content),
        // A client's answer is untrusted: one without a model name still counts.
        model: typeof reply.model === "string" ? reply.model : "unknown",
        ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
      };
    },
    async roots(options?: AskOptions): Promise<readonly Root[]> {
      if (caller?.abilities.roots !== true) unavailable("roots_unavailable", "list its roots");
      return (caller as Caller).roots(options?.key, signal);
    },
  };
}
