// The Tasks extension's fixtures (io.modelcontextprotocol/tasks on 2026-07-28): activities marked
// `task` run as MCP tasks for clients that declared the extension; the code is plain activity code.
import { type ActivityContext, activity, Tool } from "../../src/index.js";

/** Waits `ms`, or rejects when the call is aborted (a cancelled task, a closing server). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

const confirmForm = {
  type: "object",
  properties: { confirm: { type: "boolean" } },
  required: ["confirm"],
};
const nameForm = {
  type: "object",
  properties: { name: { type: "string" }, confirm: { type: "boolean" } },
};

export class TaskTool extends Tool {
  @activity({
    description: "Greets someone at once (never a task)",
    schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  })
  greet(input: { name: string }) {
    return `Hello, ${input.name}!`;
  }

  @activity({
    description: "Computes for a number of seconds (a task for clients that can poll one)",
    task: "optional",
    schema: {
      type: "object",
      properties: { seconds: { type: "number", minimum: 0 }, label: { type: "string" } },
      required: ["seconds"],
    },
  })
  async slow_compute(input: { seconds: number; label?: string }, context: ActivityContext) {
    await pause(input.seconds * 1000, context.signal);
    return `Computed ${input.label ?? "result"} in ${input.seconds}s`;
  }

  @activity({ description: "Fails as a tool after a second (only as a task)", task: "required" })
  async failing_job(_input: object, context: ActivityContext) {
    await pause(1000, context.signal);
    throw new Error("The job failed: the input data was not found");
  }

  @activity({
    description:
      "Needs the client's roots, which a client without the roots capability cannot give",
    task: "optional",
  })
  async protocol_error_job(_input: object, context: ActivityContext) {
    const roots = await context.roots();
    return `${roots.length} root(s)`;
  }

  @activity({
    description: "Deletes a file once the person confirms (asks while running as a task)",
    task: "optional",
    schema: { type: "object", properties: { filename: { type: "string" } } },
  })
  async confirm_delete(input: { filename?: string }, context: ActivityContext) {
    const name = input.filename ?? "the file";
    const answer = await context.elicit(`Delete ${name}?`, confirmForm);
    return answer.action === "accept" && answer.content.confirm === true
      ? `Deleted ${name}`
      : `Kept ${name}`;
  }

  @activity({ description: "Asks two questions at once (as a task)", task: "optional" })
  async multi_input(_input: object, context: ActivityContext) {
    const [first, second] = await Promise.all([
      context.elicit("First name?", nameForm),
      context.elicit("Second name?", nameForm),
    ]);
    const named = (answer: typeof first) =>
      answer.action === "accept" ? String(answer.content.name) : answer.action;
    return `Got ${named(first)} and ${named(second)}`;
  }
}
