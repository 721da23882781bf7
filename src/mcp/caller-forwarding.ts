import { AsyncLocalStorage } from "node:async_hooks";
import type { ActivityContext } from "../activity/activity-context.js";
import { CallerError } from "../caller/caller-error.js";
import type { CallerAbilities, SamplingMessage } from "../caller/caller-types.js";
import { replyArtifact, toSamplingBlock } from "../caller/sampling-content.js";
import type {
  McpElicitationResult,
  McpElicitHandler,
  McpSampleHandler,
  McpSamplingRequest,
  ServerRequestHandlers,
} from "./server-requests.js";

// A remote server's questions, asked while one of its tools runs, go to whoever called that tool:
// the `ActivityContext` of the McpTool call (an upstream MCP client through serveMcp, an agent's
// handler, a terminal). The call's context is found through the async scope its request was sent
// in (every HTTP response, and a 2026-07-28 `input_required` round, is read in it); a question that
// arrives outside any scope (stdio, a 2025 server's GET stream) belongs to the call in flight when
// exactly one is, and is refused otherwise rather than guessed.

interface ForwardedCall {
  readonly owner: CallerForwarding;
  readonly context: ActivityContext;
  /** The first refusal of a question during the call, to report in place of the server's error. */
  refusal: CallerError | undefined;
}

const scopes = new AsyncLocalStorage<ForwardedCall>();

/** @internal What McpTool forwards to the caller: elicitation always, sampling when allowed. */
export interface ForwardingOptions {
  /** The server, in messages. */
  readonly server: string;
  /** Whether the server may use the caller's model (sampling); off unless the user allows it. */
  readonly allowSampling: boolean;
}

/**
 * @internal One connection's forwarding of server questions to the caller of the McpTool call they
 * belong to, with the handlers the connection answers with (explicit `onElicit`/`onSample` win).
 */
export class CallerForwarding {
  readonly #options: ForwardingOptions;
  readonly #inflight = new Set<ForwardedCall>();

  constructor(options: ForwardingOptions) {
    this.#options = options;
  }

  /** The handlers: the user's own where given, else forwarding to the caller. */
  handlers(given: ServerRequestHandlers): ServerRequestHandlers {
    return {
      onElicit: given.onElicit ?? this.#elicit,
      onSample: given.onSample ?? (this.#options.allowSampling ? this.#sample : undefined),
      roots: given.roots,
      refuseSampling: this.#refuseSample,
      // A forwarded question is a form: toolwright's callers answer forms, not addresses to open.
      urlElicitation: given.onElicit !== undefined,
    };
  }

  /**
   * What the handlers can answer during a call from this `canAsk` (the 2026-07-28 per-request
   * capabilities): the user's handlers always, forwarding when the caller can answer.
   */
  abilities(given: ServerRequestHandlers, canAsk: CallerAbilities): CallerAbilities {
    return {
      elicit: given.onElicit !== undefined || canAsk.elicit,
      sample: given.onSample !== undefined || (this.#options.allowSampling && canAsk.sample),
      roots: given.roots !== undefined,
    };
  }

  /**
   * Runs one tool call with `context` as the caller its questions go to; a question refused during it
   * is returned as `refusal`, so the call reports why rather than the server's echo of the error.
   */
  async during<T>(
    context: ActivityContext,
    run: () => Promise<T>,
  ): Promise<{ value: T; refusal: CallerError | undefined }> {
    const call: ForwardedCall = { owner: this, context, refusal: undefined };
    this.#inflight.add(call);
    try {
      const value = await scopes.run(call, run);
      return { value, refusal: call.refusal };
    } catch (error) {
      if (call.refusal !== undefined) throw call.refusal;
      throw error;
    } finally {
      this.#inflight.delete(call);
    }
  }

  #call(what: string): ForwardedCall {
    const scoped = scopes.getStore();
    if (scoped?.owner === this) return scoped;
    if (this.#inflight.size === 1) return [...this.#inflight][0] as ForwardedCall;
    throw new Error(
      this.#inflight.size === 0
        ? `${what} arrived while no tool call of this client was running`
        : `${what} arrived outside the call it belongs to, while ${this.#inflight.size} calls were running: it cannot be told which`,
    );
  }

  #refuse(call: ForwardedCall, error: CallerError): never {
    call.refusal ??= error;
    throw error;
  }

  readonly #elicit: McpElicitHandler = async (question) => {
    const call = this.#call("a question for the person (elicitation)");
    const { server } = this.#options;
    if (question.mode === "url") {
      this.#refuse(
        call,
        new CallerError(
          "elicitation_unavailable",
          `MCP server "${server}" asked the person to open an address (${question.url ?? "none given"}); toolwright forwards only forms to its caller: connect with an onElicit handler to answer it`,
        ),
      );
    }
    if (!call.context.canAsk.elicit) {
      this.#refuse(
        call,
        new CallerError(
          "elicitation_unavailable",
          `MCP server "${server}" asked the person "${question.message}", (elicitation), but this call has no caller who can answer a form (run it through serveMcp for a client that elicits, an Agent with onElicit, toolwright call on a terminal, or connect with an onElicit handler)`,
        ),
      );
    }
    try {
      const answer = await call.context.elicit(question.message, question.requestedSchema ?? {});
      // Checked against the server's own form by the caller API: its values are the form's.
      return answer as McpElicitationResult;
    } catch (error) {
      if (CallerError.isInstance(error)) this.#refuse(call, error);
      throw error;
    }
  };

  readonly #refuseSample: McpSampleHandler = () => {
    const call = this.#call("a sampling request");
    this.#refuse(
      call,
      new CallerError(
        "sampling_unavailable",
        `MCP server "${this.#options.server}" asked for the caller's model (sampling), which is not lent to it: connect it with allowSampling: true (or an onSample handler) to allow it`,
      ),
    );
  };

  readonly #sample: McpSampleHandler = async (request) => {
    const call = this.#call("a sampling request");
    const { server } = this.#options;
    if (!call.context.canAsk.sample) {
      this.#refuse(
        call,
        new CallerError(
          "sampling_unavailable",
          `MCP server "${server}" asked for the caller's model (sampling), but this call's caller has none to lend`,
        ),
      );
    }
    if (request.tools !== undefined || request.toolChoice !== undefined) {
      this.#refuse(
        call,
        new CallerError(
          "sampling_unavailable",
          `MCP server "${server}" asked for sampling with tools, which toolwright does not forward`,
        ),
      );
    }
    try {
      const reply = await call.context.sample(samplingMessages(request), {
        maxTokens: request.maxTokens,
        ...(request.systemPrompt === undefined ? {} : { systemPrompt: request.systemPrompt }),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
        ...modelHints(request),
      });
      const block = toSamplingBlock(reply.content);
      return {
        role: "assistant",
        model: reply.model,
        content: block,
        ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
      } as Awaited<ReturnType<McpSampleHandler>>;
    } catch (error) {
      if (CallerError.isInstance(error)) this.#refuse(call, error);
      throw error;
    }
  };
}

type SamplingBlockIn = Parameters<typeof replyArtifact>[0];

/** A server's sampling messages as the caller API's: each content block one message, in order. */
function samplingMessages(request: McpSamplingRequest): SamplingMessage[] {
  const messages: SamplingMessage[] = [];
  for (const message of request.messages) {
    for (const block of [message.content].flat() as { type: string }[]) {
      if (block.type !== "text" && block.type !== "image" && block.type !== "audio") {
        throw new CallerError(
          "sampling_unavailable",
          `sampling content of type "${block.type}" is not forwarded to the caller`,
        );
      }
      const artifact = replyArtifact(block as SamplingBlockIn);
      messages.push({
        role: message.role,
        content: block.type === "text" ? artifact.toText() : artifact,
      });
    }
  }
  return messages;
}

function modelHints(request: McpSamplingRequest): { modelHints?: string[] } {
  const hints = (request.modelPreferences?.hints ?? [])
    .map((hint) => hint.name)
    .filter((name): name is string => typeof name === "string" && name !== "");
  return hints.length === 0 ? {} : { modelHints: hints };
}
