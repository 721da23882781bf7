// Shared by the per-provider agent examples: a question and the tools to answer it with.
import type { Agent } from "../src/agent.js";
import type { PromptDriver } from "../src/index.js";
import { CalculatorTool, DateTimeTool } from "../src/tools.js";

/** The tools every example agent gets: real built-in tools, nothing mocked. */
export function exampleTools() {
  return [new CalculatorTool(), new DateTimeTool()];
}

/** Asks the agent a question that needs both tools, printing tool calls as they happen. */
export async function askAgent(agent: Agent, driver: PromptDriver): Promise<void> {
  console.log(`${driver.provider} / ${driver.model}`);
  for await (const event of agent.stream(
    "How many days are there between 2026-01-01 and 2026-12-25, and what is that number times 24?",
  )) {
    if (event.type === "text-delta") process.stdout.write(event.delta);
    if (event.type === "tool-call")
      console.log(`\n→ ${event.call.name} ${JSON.stringify(event.call.arguments)}`);
    if (event.type === "tool-result") console.log(`← ${event.result.artifact.toText()}`);
    if (event.type === "finish") {
      const { status, steps, usage } = event.result;
      console.log(`\n[${status} after ${steps} model calls, ${usage.totalTokens ?? "?"} tokens]`);
    }
  }
  // The calculator evaluates in a child process; closing it lets the example exit at once.
  await Promise.all(
    agent.toolbox.tools.map((tool) => (tool instanceof CalculatorTool ? tool.close() : undefined)),
  );
}
