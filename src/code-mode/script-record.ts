import type { ApprovalDecision } from "../agent/agent-types.js";
import { AgentError } from "../errors/agent-error.js";
import { randomHexId } from "../internal/random-id.js";
import type { SandboxAnswer } from "./sandbox.js";

/**
 * One call of a recorded script: what it called with, the answer it got (kept when no receipt store
 * holds it), and the human's decision when it needed one.
 */
export interface RecordedCall {
  readonly name: string;
  readonly input: string;
  answer?: SandboxAnswer;
  decision?: ApprovalDecision;
}

/**
 * What a script run did, as plain JSON, so that a re-run of the same script sees the same world: its
 * id (the prefix of its calls' ids, and so of their receipts), each call in the order the script made
 * it, and every value of `Date` and `Math.random` it read.
 *
 * @example
 * ```ts
 * const record: ScriptRecord = { version: 1, id: "script_9f2c", calls: [], entropy: [1764806400000] };
 * ```
 */
export interface ScriptRecord {
  readonly version: 1;
  readonly id: string;
  readonly calls: RecordedCall[];
  readonly entropy: number[];
}

/** @internal A new, empty record. */
export function newRecord(): ScriptRecord {
  return { version: 1, id: `script_${randomHexId()}`, calls: [], entropy: [] };
}

/** @internal A saved record checked and copied (it may come from another process), or an error. */
export function loadRecord(saved: unknown): ScriptRecord {
  const record = saved as Partial<ScriptRecord> | null;
  const valid =
    typeof record === "object" &&
    record !== null &&
    record.version === 1 &&
    typeof record.id === "string" &&
    Array.isArray(record.calls) &&
    record.calls.every(
      (call) =>
        typeof call === "object" &&
        call !== null &&
        typeof call.name === "string" &&
        typeof call.input === "string",
    ) &&
    Array.isArray(record.entropy) &&
    record.entropy.every((value) => typeof value === "number");
  if (!valid) {
    throw new AgentError({
      code: "invalid_agent_state",
      subject: "state",
      message: "cannot be resumed: a paused script's record is not a script record of version 1",
    });
  }
  const copy = JSON.parse(JSON.stringify(record)) as ScriptRecord;
  return copy;
}

/** @internal A re-run found the script doing something else than the recorded run did. */
export class ScriptDiverged extends Error {}

/**
 * @internal Replays a record while a script runs again and extends it past its end: call `seq` gets
 * its recorded entry (checked to be the same call), entropy `n` its recorded value.
 */
export class Replay {
  #nextCall = 0;
  #nextEntropy = 0;
  #start: number | undefined;

  readonly record: ScriptRecord;
  readonly #clock: () => number;
  readonly #random: () => number;

  constructor(record: ScriptRecord, clock: () => number, random: () => number) {
    this.record = record;
    this.#clock = clock;
    this.#random = random;
  }

  /** The entry of the script's next call: the recorded one, or a new one appended. */
  nextCall(name: string, input: string): { seq: number; entry: RecordedCall } {
    const seq = this.#nextCall++;
    const recorded = this.record.calls[seq];
    if (recorded === undefined) {
      const entry: RecordedCall = { name, input };
      this.record.calls.push(entry);
      return { seq, entry };
    }
    if (recorded.name !== name || recorded.input !== input) {
      throw new ScriptDiverged(
        `the script's call ${seq + 1} was ${recorded.name}(${recorded.input}) when it first ran, and is ${name}(${input}) now`,
      );
    }
    return { seq, entry: recorded };
  }

  /**
   * The script's clock: read once, at its first use, and frozen for the run, so a script cannot time
   * its tool calls (their speed would otherwise tell it about data it is not given).
   */
  now(): number {
    this.#start ??= this.#entropy(this.#clock);
    return this.#start;
  }

  random(): number {
    return this.#entropy(this.#random);
  }

  #entropy(source: () => number): number {
    const index = this.#nextEntropy++;
    const recorded = this.record.entropy[index];
    if (recorded !== undefined) return recorded;
    const value = source();
    this.record.entropy.push(value);
    return value;
  }
}
