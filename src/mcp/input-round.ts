import { createHash } from "node:crypto";
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequest,
  type InputRequiredResult,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { CallerAbilities, LogLevel } from "../caller/caller-types.js";
import { AnswerChannel } from "./answer-channel.js";
import { abilitiesOf, logData } from "./session-caller.js";

/**
 * @internal What an `input_required` round carries from one retry to the next, signed (HMAC) by the
 * server's state codec: the call it belongs to (a digest of the method, name and arguments) and the
 * answers given so far, by request key.
 */
export interface RoundState {
  readonly call: string;
  readonly answers: Readonly<Record<string, unknown>>;
}

/** Why a run was stopped: it asked something the client has not answered yet. */
export class InputNeeded extends Error {
  constructor() {
    super("the call needs input from the client: answered in the next round");
    this.name = "InputNeeded";
  }
}

/**
 * @internal The caller of a call on 2026-07-28, which has no server-to-client requests: the method
 * runs, and an ask the client has already answered (in this retry's `inputResponses`, or an earlier
 * one's, carried in the signed `requestState`) resolves at once; the first ask it has not answered
 * stops the run, and the call returns `input_required` with every ask made in that turn of the event
 * loop (several asks under one `Promise.all` go out together) and the state for the retry. So a method
 * runs again from the start on each retry: what it does before an ask, it does again (ask first, act
 * after). Answers of the wrong shape count as missing and are asked again; answers to keys the run
 * does not ask are dropped.
 */
export class InputRound extends AnswerChannel {
  readonly abilities: CallerAbilities;
  /** Resolves when the run has asked something unanswered; the call then returns `result()`. */
  readonly needed: Promise<void>;
  readonly #ctx: ServerContext;
  readonly #call: string;
  readonly #given: ReadonlyMap<string, unknown>;
  readonly #kept = new Map<string, unknown>();
  readonly #requests: Record<string, InputRequest> = {};
  #signalNeeded: () => void = () => undefined;
  #scheduled = false;

  private constructor(ctx: ServerContext, call: string, given: ReadonlyMap<string, unknown>) {
    super();
    this.#ctx = ctx;
    this.#call = call;
    this.#given = given;
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    this.abilities = abilitiesOf(
      envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined,
    );
    this.needed = new Promise((resolve) => {
      this.#signalNeeded = resolve;
    });
  }

  /**
   * The round of one request: `params` are the request's own (the call they bind the state to). State
   * minted for another call is refused with -32602 (the SDK has already refused state that fails its
   * signature or expired).
   */
  static open(ctx: ServerContext, method: string, params: unknown): InputRound {
    const call = callDigest(method, params);
    const state = ctx.mcpReq.requestState<RoundState>();
    if (state !== undefined && state.call !== call) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Invalid requestState: it belongs to another request (a different method, name or arguments)",
      );
    }
    const given = new Map(Object.entries(state?.answers ?? {}));
    for (const [key, answer] of Object.entries(ctx.mcpReq.inputResponses ?? {})) {
      given.set(key, answer);
    }
    return new InputRound(ctx, call, given);
  }

  /** The `input_required` result for what the run asked, with the state for the retry. */
  async result(codec: RequestStateCodec<RoundState>): Promise<InputRequiredResult> {
    const state: RoundState = { call: this.#call, answers: Object.fromEntries(this.#kept) };
    return inputRequired({ inputRequests: this.#requests, requestState: await codec.mint(state) });
  }

  log(level: LogLevel, message: string, data: unknown): void {
    void this.#ctx.mcpReq.log(level, logData(message, data)).catch(() => undefined);
  }

  protected answered(key: string): unknown {
    return this.#given.get(key);
  }

  protected override used(key: string, answer: unknown): void {
    this.#kept.set(key, answer);
  }

  protected await_<T>(key: string, request: InputRequest): Promise<T> {
    this.#requests[key] = request;
    if (!this.#scheduled) {
      this.#scheduled = true;
      // Asks made in the same turn (under one Promise.all) join this round.
      setImmediate(this.#signalNeeded);
    }
    // Never settles: the run is stopped (its signal aborted) and starts over on the retry.
    return new Promise<T>(() => undefined);
  }
}

/** A digest of the request a round belongs to: its method and parameters, keys in a fixed order. */
function callDigest(method: string, params: unknown): string {
  const { _meta, inputResponses, requestState, ...own } = (params ?? {}) as Record<string, unknown>;
  return createHash("sha256")
    .update(stableJson([method, own]))
    .digest("base64url");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
