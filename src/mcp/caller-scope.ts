import {
  type InputRequiredResult,
  MissingRequiredClientCapabilityError,
  type RequestStateCodec,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Caller } from "../caller/caller-channel.js";
import { CallerError } from "../caller/caller-error.js";
import { InputNeeded, InputRound, type RoundState } from "./input-round.js";
import { sessionCaller } from "./session-caller.js";

/**
 * @internal How a server instance reaches its client: a 2025-era `session` (asks are requests on the
 * call's stream), a 2025-era stateless `request` (no session to answer on: log only), or a
 * 2026-07-28 `round` (asks are `input_required` results).
 */
export type CallerKind = "session" | "request" | "round";

/** @internal What a call needs to run with its caller. */
export interface CallerSettings {
  readonly kind: CallerKind;
  readonly shutdown: AbortSignal;
  readonly stateCodec: RequestStateCodec<RoundState>;
}

/** What a run gets: its caller and its signal (the client's, the server's close, a stopped round). */
export interface CallScope {
  readonly caller: Caller;
  readonly signal: AbortSignal;
}

/**
 * @internal Runs `work` (an activity, a prompt) with the caller of this request. In a round, a run that
 * asks something unanswered is stopped and the request answers `input_required` instead. An ask the
 * client declared no capability for fails the run with a `CallerError`; on 2026-07-28 a run that ends
 * that way (the method did not catch it) is the protocol's -32021, naming the capability.
 */
export async function withCaller<T>(
  server: Server,
  ctx: ServerContext,
  settings: CallerSettings,
  params: unknown,
  work: (scope: CallScope) => Promise<T>,
): Promise<T | InputRequiredResult> {
  const base = [ctx.mcpReq.signal, settings.shutdown];
  if (settings.kind !== "round") {
    const caller = sessionCaller(server, ctx, settings.kind === "session");
    return work({ caller, signal: AbortSignal.any(base) });
  }
  const round = InputRound.open(ctx, ctx.mcpReq.method, params);
  const stop = new AbortController();
  const running = work({ caller: round, signal: AbortSignal.any([...base, stop.signal]) });
  const first = await Promise.race([
    running.then((value) => ({ value })),
    round.needed.then(() => undefined),
  ]);
  if (first !== undefined) return first.value;
  stop.abort(new InputNeeded());
  running.catch(() => undefined);
  return round.result(settings.stateCodec);
}

const capabilityOf: Partial<Record<CallerError["code"], string>> = {
  elicitation_unavailable: "elicitation",
  sampling_unavailable: "sampling",
  roots_unavailable: "roots",
};

/**
 * @internal The -32021 error for a run that failed on an ask of an undeclared capability (`cause` is
 * what it failed with), on 2026-07-28; `undefined` for anything else.
 */
export function missingCapability(
  kind: CallerKind,
  cause: unknown,
): MissingRequiredClientCapabilityError | undefined {
  if (kind !== "round" || !CallerError.isInstance(cause)) return undefined;
  const capability = capabilityOf[cause.code];
  if (capability === undefined) return undefined;
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { [capability]: {} } },
    `Missing required client capability: ${capability} (${cause.message})`,
  );
}
