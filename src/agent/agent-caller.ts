import type { ImageArtifact } from "../artifacts/image-artifact.js";
import type {
  Caller,
  ElicitReply,
  ElicitRequest,
  SampleReply,
  SampleRequest,
  SamplingBlock,
} from "../caller/caller-channel.js";
import { CallerError } from "../caller/caller-error.js";
import { replyArtifact } from "../caller/sampling-content.js";
import type { PromptDriver, PromptMessage, UserContentPart } from "../drivers/spec.js";

/**
 * Answers the forms an agent's tools ask the person (`context.elicit`, and a remote MCP server's
 * elicitation through `McpTool`): show `request.message` and the flat form `request.requestedSchema`,
 * and return the answer (fields left out get the form's defaults; the answer is checked against it).
 *
 * @example
 * ```ts
 * const onElicit: AgentElicitHandler = async (request) =>
 *   (await askOnSlack(request.message)) ? { action: "accept", content: { confirm: true } } : { action: "decline" };
 * new Agent({ driver, tools, onElicit });
 * ```
 */
export type AgentElicitHandler = (
  request: ElicitRequest,
  signal: AbortSignal,
) => ElicitReply | Promise<ElicitReply>;

/**
 * @internal The caller of an agent's tool calls: forms go to `onElicit` (none without it), sampling
 * to the agent's own driver (text and images), roots are none. Logs go only to the diagnostics
 * channel and the call's span, as for every caller.
 */
export function agentCaller(
  driver: PromptDriver,
  onElicit: AgentElicitHandler | undefined,
): Caller {
  return {
    abilities: { elicit: onElicit !== undefined, sample: true, roots: false },
    log: () => undefined,
    elicit: async (request, signal) => {
      if (onElicit === undefined) {
        throw new CallerError("elicitation_unavailable", "the agent has no onElicit handler");
      }
      return onElicit(request, signal);
    },
    sample: (request, signal) => sampleWith(driver, request, signal),
    roots: async () => [],
  };
}

async function sampleWith(
  driver: PromptDriver,
  request: SampleRequest,
  signal: AbortSignal,
): Promise<SampleReply> {
  const messages: PromptMessage[] = [];
  if (request.systemPrompt) messages.push({ role: "system", content: request.systemPrompt });
  for (const message of request.messages) {
    const part = partOf(message.content);
    if (message.role === "user") {
      messages.push({ role: "user", content: [part] });
    } else if (part.type === "text") {
      messages.push({ role: "assistant", content: part.text });
    } else {
      throw new CallerError(
        "sampling_unavailable",
        "an assistant message of a sampling request holds an image",
      );
    }
  }
  const response = await driver.generate(
    {
      messages,
      maxOutputTokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.stopSequences === undefined ? {} : { stopSequences: [...request.stopSequences] }),
    },
    { signal },
  );
  return {
    role: "assistant",
    model: driver.model,
    content: { type: "text", text: response.text },
    stopReason:
      response.finishReason === "stop"
        ? "endTurn"
        : response.finishReason === "length"
          ? "maxTokens"
          : response.finishReason,
  };
}

function partOf(block: SamplingBlock): UserContentPart {
  if (block.type === "text") return { type: "text", text: block.text };
  if (block.type === "image") {
    return { type: "image", image: replyArtifact(block) as ImageArtifact };
  }
  throw new CallerError("sampling_unavailable", "the agent's model is not given audio to sample");
}
