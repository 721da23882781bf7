import { PromptRequestError } from "../../errors/prompt-request-error.js";
import type {
  AssistantMessage,
  PromptMessage,
  SystemMessage,
  ToolResultMessage,
  UserMessage,
} from "../spec.js";
import { checkToolResults, type DriverIdentity } from "./request-checks.js";

/**
 * @internal What a message converter does with each kind of message, in transcript order.
 */
export interface MessageVisitor {
  system(message: SystemMessage): void;
  user(message: UserMessage): void;
  assistant(message: AssistantMessage): void;
  /** A run of consecutive tool results, which most providers take together in one turn. */
  toolResults(results: ToolResultMessage[]): void;
}

/**
 * @internal The walk every message converter shares: checks that each tool result answers a call of
 * the assistant message before it, hands each message to the visitor (consecutive tool results as
 * one run), and rejects a role it does not know, naming the message's index.
 *
 * @example
 * ```ts
 * const converted: Message[] = [];
 * visitMessages(identity, messages, {
 *   system: (message) => converted.push({ role: "system", content: message.content }),
 *   user: …, assistant: …, toolResults: …,
 * });
 * ```
 */
export function visitMessages(
  identity: DriverIdentity,
  messages: readonly PromptMessage[],
  visitor: MessageVisitor,
): void {
  checkToolResults(identity, messages);
  let results: ToolResultMessage[] = [];
  const flush = () => {
    if (results.length > 0) visitor.toolResults(results);
    results = [];
  };
  messages.forEach((message, index) => {
    if (message.role === "tool") {
      results.push(message);
      return;
    }
    flush();
    switch (message.role) {
      case "system":
        visitor.system(message);
        break;
      case "user":
        visitor.user(message);
        break;
      case "assistant":
        visitor.assistant(message);
        break;
      default:
        unknownMessage(identity, index, message);
    }
  });
  flush();
}

function unknownMessage(identity: DriverIdentity, index: number, message: never): never {
  const role = (message as { role?: unknown }).role;
  throw new PromptRequestError({
    ...identity,
    path: `messages[${index}].role`,
    message: `unknown role ${JSON.stringify(role)}; expected system, user, assistant or tool`,
  });
}
