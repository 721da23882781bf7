/**
 * @internal How a request to a {@link ChildRunner} ended:
 * - `reply`: the child answered;
 * - `timeout`: the time limit (counted from submission, queue wait included) ran out while the child
 *   worked, and the child was killed;
 * - `busy`: the request never reached a child: the queue was full, or it waited past the pool's wait limit;
 * - `memory`: the child's resident memory passed the pool's cap (`maxResidentMb`, Linux only) and the
 *   child was killed; `residentMb` is the last reading;
 * - `crash`: the child died (a fatal V8 out-of-memory, `outOfMemory: true`, a signal, or the pool was
 *   closed) with the tail of its stderr.
 *
 * @example
 * ```ts
 * const outcome = await runner.request(request, { timeoutMs: 2_000, signal });
 * if (outcome.kind === "busy") return tryAgainLater();
 * ```
 */
export type ChildOutcome<Reply> =
  | { readonly kind: "reply"; readonly reply: Reply }
  | { readonly kind: "timeout" }
  | { readonly kind: "busy" }
  | { readonly kind: "memory"; readonly residentMb: number }
  | { readonly kind: "crash"; readonly detail: string; readonly outOfMemory: boolean };
