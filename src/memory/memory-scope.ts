import { MemoryConfigError } from "../errors/memory-config-error.js";
import type { ArtifactStore, PassageHit, StoreScope } from "./artifact-store.js";
import { checkPrincipal } from "./principal-space.js";

/**
 * Whose task memory a call works in. `principal` owns what the call stores and sees its own
 * namespaces; `readsFrom` names other principals whose namespaces it may also list, read, load and
 * search (never write): sharing is only ever this explicit list. A bare string is a principal that
 * reads only its own. Without any, a call works in the default space (a single-user process).
 *
 * @example
 * ```ts
 * const scope: MemoryScope = { principal: "alice", readsFrom: ["team-reports"] };
 * await toolbox.execute(call, { principal: scope });
 * ```
 */
export interface MemoryScope {
  readonly principal: string;
  readonly readsFrom?: readonly string[] | undefined;
}

/**
 * Who a call acts for: a principal's name, a {@link MemoryScope}, or `undefined` for the default space.
 *
 * @example
 * ```ts
 * const principal: Principal = "session:4f1c…";
 * ```
 */
export type Principal = string | MemoryScope | undefined;

/**
 * @internal The spaces a call may read, its own first (`[undefined]` for the default space), and the
 * one it writes to; a principal is checked against the store first: a store that does not keep
 * principals apart is refused one rather than mixing everyone's namespaces.
 */
export function scopeSpaces(
  subject: string,
  store: ArtifactStore,
  principal: Principal,
): { readonly writes: string | undefined; readonly reads: readonly (string | undefined)[] } {
  if (principal === undefined) return defaultSpaces;
  const scope = typeof principal === "string" ? { principal } : principal;
  if (typeof scope !== "object" || scope === null) {
    throw new MemoryConfigError({
      subject,
      option: "principal",
      message: `must be a string or { principal, readsFrom? }; got ${typeof scope}`,
    });
  }
  // A scope object must name its principal: an object without one is a mistake, not the default space.
  const own = checkPrincipal(subject, scope.principal ?? null) as string;
  if (store.principals !== true) {
    throw new MemoryConfigError({
      subject,
      option: "principal",
      message:
        "the memory's store does not keep principals apart (its `principals` is not true); use a built-in store or one that does",
    });
  }
  const shared = scope.readsFrom ?? [];
  if (!Array.isArray(shared)) {
    throw new MemoryConfigError({
      subject,
      option: "principal.readsFrom",
      message: "must be an array of principals",
    });
  }
  const reads = [own];
  for (const other of shared) {
    const checked = checkPrincipal(subject, other) as string;
    if (!reads.includes(checked)) reads.push(checked);
  }
  return { writes: own, reads };
}

const defaultSpaces = { writes: undefined, reads: [undefined] } as const;

/**
 * The `principal` option of `TaskMemory`'s reads (`loadArtifacts`, `namespaces`).
 *
 * @example
 * ```ts
 * await memory.namespaces({ principal: "alice" } satisfies ScopeOption);
 * ```
 */
export interface ScopeOption {
  /** Whose namespaces (see {@link MemoryScope}); the default space when absent. */
  principal?: Principal;
}

/** @internal The store scope of one space. */
export function scopeOf(principal: string | undefined): StoreScope {
  return principal === undefined ? {} : { principal };
}

/**
 * @internal The first space (own first) where `find` finds something: a namespace name in several
 * readable spaces is the earliest one's.
 */
export async function firstIn<T>(
  spaces: { readonly reads: readonly (string | undefined)[] },
  find: (scope: StoreScope) => Promise<T | undefined>,
): Promise<T | undefined> {
  for (const principal of spaces.reads) {
    const found = await find(scopeOf(principal));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * @internal A search over every readable space: `searchOne` ranks one space's passages (with its own
 * statistics), the hits are merged best first (ties: the earlier space), and a hit in a namespace an
 * earlier space also names is dropped, since a read of that name reads the earlier one.
 */
export async function searchSpaces(
  store: ArtifactStore,
  reads: readonly (string | undefined)[],
  limit: number,
  searchOne: (scope: StoreScope) => Promise<PassageHit[]>,
): Promise<PassageHit[]> {
  const [own] = reads;
  if (reads.length === 1) return searchOne(scopeOf(own));
  const merged: PassageHit[] = [];
  for (const [index, principal] of reads.entries()) {
    for (const hit of await searchOne(scopeOf(principal))) {
      if (await namedEarlier(store, reads.slice(0, index), hit.namespace)) continue;
      merged.push(hit);
    }
  }
  // A stable sort keeps the earlier space first among equal scores.
  return merged.sort((a, b) => b.score - a.score).slice(0, limit);
}

async function namedEarlier(
  store: ArtifactStore,
  earlier: readonly (string | undefined)[],
  namespace: string,
): Promise<boolean> {
  for (const principal of earlier) {
    if ((await store.read(namespace, 0, 0, scopeOf(principal))) !== undefined) return true;
  }
  return false;
}
