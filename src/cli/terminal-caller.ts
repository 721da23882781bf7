import type { Caller } from "../caller/caller-channel.js";
import { CallerError } from "../caller/caller-error.js";
import { type PromptStreams, promptForm } from "./form-prompt.js";

/** @internal The caller of `toolwright call` on a terminal, and whether it is asking right now. */
export interface TerminalCaller extends Caller {
  /** True while a form is on the screen: the progress bar must not draw over it. */
  readonly asking: boolean;
}

/**
 * @internal The person at the terminal as the caller of `toolwright call`: forms (`context.elicit`,
 * and a remote MCP server's elicitation through `McpTool`) are asked with {@link promptForm}, one at a
 * time; there is no model to sample and no roots. Only when both ends are TTYs: elsewhere (a pipe, a
 * file, CI) `undefined`, and an ask is refused as for any call without a caller.
 *
 * @example
 * ```ts
 * const caller = terminalCaller({ input: process.stdin, output: process.stdout }, () => bar?.clear());
 * await toolbox.execute(call, caller === undefined ? {} : { caller });
 * ```
 */
export function terminalCaller(
  streams: PromptStreams,
  beforeAsk: () => void = () => undefined,
): TerminalCaller | undefined {
  if (!isTerminal(streams.input) || !isTerminal(streams.output)) return undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let asking = 0;
  return {
    abilities: { elicit: true, sample: false, roots: false },
    get asking() {
      return asking > 0;
    },
    log: () => undefined,
    elicit(request, signal) {
      // Calls run side by side (`--raw`) may ask at once: one form on the screen at a time.
      const mine = turn.then(async () => {
        asking += 1;
        try {
          beforeAsk();
          return await promptForm(request, streams, signal);
        } finally {
          asking -= 1;
        }
      });
      turn = mine.catch(() => undefined);
      return mine;
    },
    sample: () =>
      Promise.reject(
        new CallerError("sampling_unavailable", "toolwright call has no model to lend"),
      ),
    roots: () =>
      Promise.reject(new CallerError("roots_unavailable", "toolwright call has no roots")),
  };
}

function isTerminal(stream: NodeJS.ReadableStream | NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}
