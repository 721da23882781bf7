// Child-process entry of `context.runIsolated`: imports a module and calls one of its exports per
// message. It runs in its own process so the parent can kill it at the call's time limit, which stops
// synchronous loops and native calls that no abort signal reaches. Self-contained: Node runs it from
// source, and it imports nothing of toolwright's.

/** @internal One function call to run: the module's URL, the export's name and its argument. */
export interface IsolatedRequest {
  readonly module: string;
  readonly exportName: string;
  readonly input: unknown;
}

/** @internal The child's answer: the function's result, or why there is none. */
export type IsolatedReply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

async function run(request: IsolatedRequest): Promise<IsolatedReply> {
  const loaded = (await import(request.module)) as Record<string, unknown>;
  const target = loaded[request.exportName];
  if (typeof target !== "function") {
    return {
      ok: false,
      message: `${request.module} has no function export "${request.exportName}" (it has: ${Object.keys(loaded).join(", ") || "no exports"})`,
    };
  }
  return { ok: true, value: await target(request.input) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

process.on("message", (message: { id: number; request: IsolatedRequest }) => {
  run(message.request)
    .catch((error: unknown): IsolatedReply => ({ ok: false, message: messageOf(error) }))
    .then((reply) => {
      try {
        process.send?.({ id: message.id, reply });
      } catch (error) {
        // A result the structured clone cannot carry (a function, a class with private state…).
        process.send?.({
          id: message.id,
          reply: { ok: false, message: `its result cannot be sent back: ${messageOf(error)}` },
        });
      }
    });
});
process.send?.("ready");
