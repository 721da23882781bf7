import type { Artifact } from "../artifacts/artifact.js";
import { artifactFromJSON } from "../artifacts/artifact-from-json.js";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import { AgentError } from "../errors/agent-error.js";
import type { ReceiptOptions } from "../receipts/receipt-options.js";
import type { ReceiptStore } from "../receipts/receipt-store.js";
import type { JsonObject } from "../schema/json.js";
import { type AgentState, loadState, type PausedRun, saveState } from "./agent-state.js";
import type { AgentStatus, ApprovalDecision } from "./agent-types.js";
import type { StateKey } from "./state-seal.js";

// A finished run's record stays this long by default, so a caller that lost the result can ask again.
const keepFinishedMs = 86_400_000;

/** @internal A durable run as its store keeps it. */
interface RunRecord {
  readonly version: 1;
  /** `running`: between steps, or inside the step whose calls `state.paused.calls` lists. */
  readonly status: "running" | AgentStatus;
  readonly state: AgentState;
  /** Decisions given for the paused step, recorded before any of them ran: they are used once. */
  readonly decisions?: Readonly<Record<string, ApprovalDecision>> | undefined;
  readonly output?: ArtifactJSON | undefined;
}

/** @internal A run loaded from its store: where it stands, and the revision its next save needs. */
export interface LoadedRun {
  readonly status: RunRecord["status"];
  readonly run: PausedRun;
  readonly decisions: Readonly<Record<string, ApprovalDecision>> | undefined;
  readonly output: Artifact | undefined;
  /** The seal of the stored state. */
  readonly seal: string;
  readonly recorder: RunRecorder;
}

/** @internal The receipts a run's calls go under: its own scope, so call ids never meet another run's. */
export function runReceipts(store: ReceiptStore, runId: string): ReceiptOptions {
  return { store, scope: `run:${runId}` };
}

/**
 * @internal Saves one durable run after every step, each save applied only on the revision it
 * follows, so two processes never both advance a run.
 */
export class RunRecorder {
  readonly #store: ReceiptStore;
  readonly #key: StateKey | undefined;
  readonly #keepMs: number;
  #revision: number;

  constructor(
    store: ReceiptStore,
    settings: { revision: number; key: StateKey | undefined; retentionMs: number | undefined },
  ) {
    this.#store = store;
    this.#key = settings.key;
    this.#revision = settings.revision;
    this.#keepMs = settings.retentionMs ?? keepFinishedMs;
  }

  /** Saves the run where it stands: `running`, or paused for approval. */
  save(
    run: PausedRun,
    status: "running" | "needs-approval",
    decisions?: Readonly<Record<string, ApprovalDecision>>,
  ): Promise<void> {
    return this.#write(run, { status, decisions }, undefined);
  }

  /** Records the run's end (kept `retentionMs` for `resume(runId)`), then drops its receipts. */
  async finish(run: PausedRun, status: AgentStatus, output: Artifact): Promise<void> {
    await this.#write(run, { status, output: output.toJSON() }, Date.now() + this.#keepMs);
    await this.#store.release(runReceipts(this.#store, run.runId).scope as string);
  }

  async #write(
    run: PausedRun,
    fields: Pick<RunRecord, "status" | "decisions" | "output">,
    expiresAt: number | undefined,
  ): Promise<void> {
    const record: RunRecord = { version: 1, ...fields, state: saveState(run, this.#key) };
    const saved = await this.#store.saveRun({
      runId: run.runId,
      state: JSON.parse(JSON.stringify(record)) as JsonObject,
      revision: this.#revision,
      expiresAt,
    });
    if (!saved) {
      throw new AgentError({
        code: "invalid_agent_state",
        subject: `run "${run.runId}"`,
        message:
          this.#revision === 0
            ? "exists already in the durable store: resume it with agent.resume(runId), or give the new run another runId"
            : "was saved by another process since this one loaded it: only one process advances a run",
      });
    }
    this.#revision += 1;
  }
}

/** @internal A durable run's record, its seal checked; `undefined` when the store has no such run. */
export async function loadRun(
  store: ReceiptStore,
  runId: string,
  settings: { key: StateKey | undefined; retentionMs: number | undefined },
): Promise<LoadedRun | undefined> {
  const stored = await store.loadRun(runId);
  if (stored === undefined) return undefined;
  const record = stored.state as unknown as RunRecord;
  const run = loadState(record.state, settings.key);
  if (record.version !== 1 || run.runId !== runId) {
    throw new AgentError({
      code: "invalid_agent_state",
      subject: `run "${runId}"`,
      message: "its stored record is not a run of this id",
    });
  }
  return {
    status: record.status,
    run,
    decisions: record.decisions,
    output: record.output === undefined ? undefined : artifactFromJSON(record.output),
    seal: record.state.seal,
    recorder: new RunRecorder(store, { ...settings, revision: stored.revision }),
  };
}
