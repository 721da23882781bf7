import {
  type CreateMessageRequestParams,
  type InputRequest,
  inputRequired,
} from "@modelcontextprotocol/server";
import type {
  Caller,
  ElicitReply,
  ElicitRequest,
  SampleReply,
  SampleRequest,
} from "../caller/caller-channel.js";
import type { CallerAbilities, LogLevel, Root } from "../caller/caller-types.js";

/** @internal An answer check: does a client's (untrusted) answer have the shape of this kind of ask? */
export type Fits<T> = (answer: unknown) => answer is T;

/**
 * @internal A caller whose asks are answered by keyed responses the client sends later, as MCP
 * 2026-07-28 does it: `input_required` rounds of one request, and `tasks/update` for a task. Every ask
 * gets a key (its own, or `elicit-1`, `sample-2`… in the order of asking) and becomes an
 * `InputRequest`; an answer already there resolves it at once, else `await_` decides what happens.
 * Answers of the wrong shape count as missing.
 */
export abstract class AnswerChannel implements Caller {
  abstract readonly abilities: CallerAbilities;
  readonly #asked = new Set<string>();
  #count = 0;

  abstract log(level: LogLevel, message: string, data: unknown): void;

  /** The client's answer to `key`, if it gave one (unchecked). */
  protected abstract answered(key: string): unknown;

  /** What to do with an ask nobody has answered yet: its key, its request and its answer check. */
  protected abstract await_<T>(key: string, request: InputRequest, fits: Fits<T>): Promise<T>;

  /** Called with every answer an ask used, by key. */
  protected used(_key: string, _answer: unknown): void {}

  elicit(request: ElicitRequest): Promise<ElicitReply> {
    return this.#ask("elicit", request.key, isElicitReply, () =>
      inputRequired.elicit({
        message: request.message,
        requestedSchema: request.requestedSchema as never,
      }),
    );
  }

  sample(request: SampleRequest): Promise<SampleReply> {
    const { key, ...params } = request;
    return this.#ask("sample", key, isSampleReply, () =>
      inputRequired.createMessage(params as unknown as CreateMessageRequestParams),
    );
  }

  async roots(key: string | undefined): Promise<readonly Root[]> {
    const answer = await this.#ask("roots", key, isRootsReply, () => inputRequired.listRoots());
    return answer.roots;
  }

  #ask<T>(
    kind: string,
    key: string | undefined,
    fits: Fits<T>,
    request: () => InputRequest,
  ): Promise<T> {
    this.#count += 1;
    const name = key ?? `${kind}-${this.#count}`;
    if (this.#asked.has(name)) {
      throw new Error(`two asks of one call are named "${name}"; give each its own key`);
    }
    this.#asked.add(name);
    const answer = this.answered(name);
    if (fits(answer)) {
      this.used(name, answer);
      return Promise.resolve(answer);
    }
    return this.await_(name, request(), fits);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isElicitReply(answer: unknown): answer is ElicitReply {
  if (!isObject(answer)) return false;
  const { action, content } = answer;
  if (action === "decline" || action === "cancel") return true;
  return action === "accept" && (content === undefined || isObject(content));
}

function isSampleReply(answer: unknown): answer is SampleReply {
  return isObject(answer) && (isObject(answer.content) || Array.isArray(answer.content));
}

function isRootsReply(answer: unknown): answer is { roots: Root[] } {
  return (
    isObject(answer) &&
    Array.isArray(answer.roots) &&
    answer.roots.every((root) => isObject(root) && typeof root.uri === "string")
  );
}
