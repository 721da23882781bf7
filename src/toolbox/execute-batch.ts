import type { DecodeSettings } from "../calls/parse-arguments.js";
import { resolveName } from "../calls/resolve-name.js";
import type { ToolCallInput, ToolCallResult } from "../calls/tool-call.js";
import { type Catalog, findEntry } from "./catalog.js";
import { expandWrapper, parallelResult } from "./parallel-wrapper.js";
import { runBatch } from "./run-batch.js";

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
