import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { AgentError } from "../errors/agent-error.js";
import { writeCanonical } from "../receipts/input-hash.js";

/**
 * The secret paused states are signed with (HMAC-SHA256): any string or bytes, the same on every
 * agent that resumes them. Without one, states carry a SHA-256 of themselves instead.
 *
 * @example
 * ```ts
 * new Agent({ driver, tools, approvals: true, stateKey: process.env.AGENT_STATE_KEY });
 * ```
 */
export type StateKey = string | Uint8Array;

/**
 * @internal The seal of a saved state (every field but `seal`): `hmac-sha256:<hex>` with a key,
 * `sha256:<hex>` without one, over the state's canonical JSON (key order does not matter).
 */
export function sealOf(state: object, key: StateKey | undefined): string {
  const { seal: _, ...fields } = state as { seal?: unknown };
  const mac = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  writeCanonical(mac, fields);
  return `${key === undefined ? "sha256" : "hmac-sha256"}:${mac.digest("hex")}`;
}

/**
 * @internal Refuses a state whose seal is missing or does not match its fields: a state edited after
 * it was saved (another input, another tool, another pending call) resumes nothing.
 */
export function checkSeal(state: object, key: StateKey | undefined): void {
  const seal = (state as { seal?: unknown }).seal;
  const expected = sealOf(state, key);
  if (typeof seal === "string" && seal.length === expected.length) {
    if (timingSafeEqual(Buffer.from(seal), Buffer.from(expected))) return;
  }
  const signed = typeof seal === "string" && seal.startsWith("hmac-sha256:");
  let message = "was changed after it was saved (its seal does not match its contents): refused";
  if (typeof seal !== "string") message = "has no seal: it was not saved by an Agent; refused";
  else if (signed !== (key !== undefined)) {
    message = signed
      ? "is signed with a key and this agent has none: give it the same `stateKey`"
      : "is not signed and this agent has a `stateKey`: it resumes only states signed with it";
  }
  throw new AgentError({ code: "invalid_agent_state", subject: "state", message });
}
