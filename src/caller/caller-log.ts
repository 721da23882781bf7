import { channel } from "node:diagnostics_channel";
import type { Caller } from "./caller-channel.js";
import type { LogLevel } from "./caller-types.js";

/**
 * What `toolwright:log` publishes for every `context.log`, whoever the caller is (subscribe with
 * `node:diagnostics_channel`).
 *
 * @example
 * ```ts
 * subscribe("toolwright:log", (event) => console.error((event as LogEvent).message));
 * ```
 */
export interface LogEvent {
  readonly level: LogLevel;
  readonly message: string;
  readonly data: unknown;
  /** The tool that logged. */
  readonly toolName: string;
}

const logChannel = channel("toolwright:log");

/**
 * @internal `context.log`: to the `toolwright:log` diagnostics channel, and to the caller when there
 * is one. Never throws: logging must never end a call.
 */
export function logTo(caller: Caller | undefined, event: LogEvent): void {
  if (logChannel.hasSubscribers) logChannel.publish(event);
  try {
    caller?.log(event.level, event.message, event.data);
  } catch {
    // The caller's sink failed; the call goes on.
  }
}
