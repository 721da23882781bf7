import type { ToolCall } from "../drivers/spec.js";
import { parseToolCalls } from "../formats/parse-tool-calls.js";
import type { JsonObject } from "../schema/json.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import type { Protocol } from "./protocol.js";
import { parseReactOutput } from "./react/parse-react-output.js";
import { reactStopSequence, reactSystemPrompt } from "./react/react-system-prompt.js";

/**
 * @internal Griptape's text protocol: the tools live in the system prompt, the model writes
 * `Thought:` / `Actions:` / `Answer:`, results go back as `<|Response|>: …`.
 */
export const reactProtocol: Protocol = {
  systemPrompt(toolbox, system, reflectOnToolUse) {
    const prompt = reactSystemPrompt({ tools: toolbox.tools, system, reflectOnToolUse });
    return prompt === "" ? undefined : prompt;
  },
  requestFields(_toolbox, driver) {
    // Without stop sequences the reply is still cut at the marker (see `read`).
    return driver.capabilities?.stopSequences === false
      ? {}
      : { stopSequences: [reactStopSequence] };
  },
  read(response, toolbox) {
    const marker = response.text.indexOf(reactStopSequence);
    const text = (marker === -1 ? response.text : response.text.slice(0, marker)).trimEnd();
    // How the reply ended decides a list the reply stops in after a whole value ("length": refused).
    const { finishReason } = response;
    const turn = parseReactOutput(text, { finishReason });
    // No `Actions:` and no `Answer:`: the model may have fallen back to its own tool-call format.
    const native =
      turn.actions.length === 0 && turn.error === undefined && !/^Answer:/m.test(text)
        ? parseToolCalls(text, { finishReason })
        : undefined;
    if (native !== undefined && (native.calls.length > 0 || native.refused.length > 0)) {
      const refused = native.refused[0];
      return {
        assistant: { role: "assistant", content: text },
        calls: native.calls.map((call, index) => ({
          id: call.id ?? `t${index + 1}`,
          name: call.name,
          arguments: call.arguments as ToolCall["arguments"],
        })),
        answer: undefined,
        problem:
          refused === undefined || native.calls.length > 0
            ? undefined
            : `Actions JSON decoding error: ${refused.reason}; write your actions after "Actions:" as the system prompt shows`,
      };
    }
    const calls: ToolCall[] = turn.actions.map((action) => ({
      id: action.tag,
      name: nameFor(toolbox, action.name, action.path),
      // Anything but an object goes as text, for the decoder to repair or refuse.
      arguments:
        typeof action.input === "object" && action.input !== null && !Array.isArray(action.input)
          ? (action.input as JsonObject)
          : JSON.stringify(action.input),
    }));
    return {
      assistant: { role: "assistant", content: text },
      calls,
      answer: turn.answer,
      problem: turn.error,
    };
  },
  reply(results, problem) {
    const body =
      problem ??
      results
        .map(({ call, result }) => `${call.id} output: ${result.artifact.toText()}`)
        .join("\n\n");
    return [{ role: "user", content: `${reactStopSequence}: ${body}` }];
  },
};

function nameFor(toolbox: Toolbox, toolName: string, activityName: string): string {
  const tool = toolbox.tool(toolName);
  if (tool?.findActivity(activityName) !== undefined) return toolbox.nativeName(tool, activityName);
  // Let the decoder resolve variants or answer with the valid names.
  return `${toolName}.${activityName}`;
}
