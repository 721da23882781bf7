import { ListArtifact } from "../artifacts/list-artifact.js";
import { expandParallel, isParallelWrapper } from "../calls/expand-parallel.js";
import { type DecodeSettings, parseArguments } from "../calls/parse-arguments.js";
import { stepEnabled } from "../calls/repair-steps.js";
import { resolveName } from "../calls/resolve-name.js";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import type { Repair } from "../tool/repair.js";
import { type Catalog, findEntry } from "./catalog.js";

/** @internal What `executeAll` hands the batch: the toolbox's names, ids and its one-call path. */
export interface BatchContext {
  readonly catalog: Catalog;
  readonly settings: DecodeSettings;
  readonly concurrency: number;
  /** The id of a call that came without one. */
  readonly nextId: () => string;
  /** Runs one call (`Toolbox.execute`, or a subclass's). */
  readonly execute: (call: ToolCallInput) => Promise<ToolCallResult>;
}

/**
 * @internal Runs a batch: parallel wrappers expanded into their calls, every call scheduled (at most
 * `concurrency` at once, destructive activities never together), results in call order with a
 * wrapper's results folded back into one.
 */
export async function executeBatch(
  calls: readonly ToolCallInput[],
  { catalog, settings, concurrency, nextId, execute }: BatchContext,
): Promise<ToolCallResult[]> {
  const groups = calls.map((call) => {
    const named = { ...call, id: call.id ?? nextId() };
    const exact = findEntry(catalog, String(call.name), settings.switches, []);
    const inner = exact === undefined ? expandWrapper(named.id, named, settings) : undefined;
    return { call: named, inner };
  });
  const flat = groups.flatMap((group) => group.inner?.calls ?? [group.call]);
  const results = await runBatch(
    flat.map((call) => ({
      // Any name form counts here, as `Toolbox.resolveName` reads it: a destructive call waits its turn.
      exclusive:
        resolveName(catalog.index, String(call.name), [], true)?.target.activity.annotations
          .destructive === true,
      run: () => execute(call),
    })),
    concurrency,
  );
  let position = 0;
  return groups.map((group) => {
    if (group.inner === undefined) return results[position++] as ToolCallResult;
    const inner = results.slice(position, position + group.inner.calls.length);
    position += group.inner.calls.length;
    return parallelResult(group.call.id, String(group.call.name), group.inner, inner);
  });
}

/** @internal One job of a batch: whether it must not overlap another exclusive job, and how to run it. */
export interface BatchJob<T> {
  readonly exclusive: boolean;
  readonly run: () => Promise<T>;
}

/**
 * @internal Runs jobs with at most `concurrency` at once, starting them in order; an exclusive job
 * (a destructive activity) never runs while another exclusive one does, and exclusive jobs keep their
 * relative order. Results come back in job order. A rejection (an aborted signal) rejects the batch.
 */
export function runBatch<T>(jobs: readonly BatchJob<T>[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  if (jobs.length === 0) return Promise.resolve(results);
  return new Promise((resolve, reject) => {
    const pending = jobs.map((_, index) => index);
    let running = 0;
    let exclusiveRunning = false;
    let done = 0;
    let failed = false;
    const pump = () => {
      for (let position = 0; position < pending.length && running < concurrency; ) {
        const index = pending[position] as number;
        const job = jobs[index] as BatchJob<T>;
        if (job.exclusive && exclusiveRunning) {
          // Later exclusive jobs wait behind this one; non-exclusive ones may pass it.
          position = skipExclusive(pending, jobs, position);
          continue;
        }
        pending.splice(position, 1);
        running += 1;
        if (job.exclusive) exclusiveRunning = true;
        job.run().then(
          (result) => {
            results[index] = result;
            running -= 1;
            if (job.exclusive) exclusiveRunning = false;
            done += 1;
            if (done === jobs.length) resolve(results);
            else if (!failed) pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

function skipExclusive<T>(
  pending: readonly number[],
  jobs: readonly BatchJob<T>[],
  from: number,
): number {
  let position = from + 1;
  while (position < pending.length && (jobs[pending[position] as number] as BatchJob<T>).exclusive)
    position++;
  return position;
}

/** @internal The calls inside a parallel wrapper, and the repair that records the expansion. */
export interface ExpandedWrapper {
  readonly calls: ToolCallInput[];
  readonly repairs: Repair[];
}

/**
 * @internal The calls a `multi_tool_use.parallel`-style wrapper holds, or `undefined` when `call` is not
 * one (or the `expand-parallel` step is off, or its arguments list no calls).
 */
export function expandWrapper(
  id: string,
  call: ToolCallInput,
  settings: DecodeSettings,
): ExpandedWrapper | undefined {
  if (!stepEnabled(settings.switches, "expand-parallel") || !isParallelWrapper(String(call.name)))
    return undefined;
  const repairs: Repair[] = [];
  const parsed = parseArguments(call.arguments, repairs, settings);
  const calls = parsed.ok ? expandParallel(id, parsed.value) : undefined;
  if (calls === undefined) return undefined;
  repairs.push({
    step: "expand-parallel",
    detail: `expanded ${calls.length} calls from ${String(call.name)}`,
  });
  return { calls, repairs };
}

/** @internal The one result of a wrapper call: its calls' artifacts as a list, their results kept. */
export function parallelResult(
  id: string,
  name: string,
  wrapper: ExpandedWrapper,
  results: readonly ToolCallResult[],
): ToolCallResult {
  return {
    id,
    name,
    toolName: undefined,
    activityName: undefined,
    artifact: new ListArtifact(results.map((result) => result.artifact)),
    repairs: wrapper.repairs,
    calls: results,
  };
}
