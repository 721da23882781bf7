/**
 * The agent loop: sends a toolbox's tools to a model through a prompt driver, runs what the model
 * asks for, and goes on until an answer, an approval pause or its step limit.
 *
 * @example
 * ```ts
 * import { Agent } from "toolwright/agent";
 * import { CalculatorTool } from "toolwright/tools";
 * import { MockPromptDriver } from "toolwright/testing";
 * const agent = new Agent({ driver: new MockPromptDriver({ responses: ["4"] }), tools: [new CalculatorTool()] });
 * const result = await agent.run("What is 2 + 2?");
 * ```
 * @module
 */
import "./node-check.js";
import "./polyfill.js";

export { Agent } from "./agent/agent.js";
export type { AgentElicitHandler } from "./agent/agent-caller.js";
export type { AgentState } from "./agent/agent-state.js";
export type {
  AgentCompletedRun,
  AgentEvent,
  AgentMaxStepsRun,
  AgentOptions,
  AgentPausedRun,
  AgentProtocol,
  AgentRunOptions,
  AgentRunResult,
  AgentRunSummary,
  AgentStatus,
  AgentToolCall,
  ApprovalDecision,
  DurableRuns,
  PendingApproval,
} from "./agent/agent-types.js";
export type { StateKey } from "./agent/state-seal.js";
