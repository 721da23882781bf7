import type { IncomingMessage } from "node:http";

/** @internal How reading a request body ended. */
export type BodyRead =
  | { readonly outcome: "complete"; readonly text: string }
  /** Over the limit: answer 413; `close` when the rest will not be drained (close the connection). */
  | { readonly outcome: "too-large"; readonly close: boolean }
  /** The whole body did not arrive before the deadline: answer 408 and close the connection. */
  | { readonly outcome: "timeout" }
  /** The client went away mid-body. */
  | { readonly outcome: "aborted" };

/** @internal Limits of {@link readBody}. */
export interface BodyLimits {
  /** Largest body kept, in bytes. */
  readonly maxBytes: number;
  /** Time for the whole body to arrive, from now (milliseconds). */
  readonly timeoutMs: number;
  /** The client sent `Expect: 100-continue` and waits for it before sending the body. */
  readonly awaitingContinue: boolean;
}

/**
 * Bytes past the limit still read and thrown away after a 413, so the client, still sending, gets to
 * read the answer: a server that closes a socket with unread input makes the kernel reset the
 * connection, and the client may lose the 413 it was about to read. Beyond this the connection is cut.
 */
const drainFactor = 4;

/**
 * @internal Reads a request body whole, within a byte limit and a deadline of its own (Node's
 * `requestTimeout` is a backstop only, checked every few seconds). A declared `Content-Length` over the
 * limit is refused before anything is read; a body that grows past it while streaming (chunked) is
 * refused the moment it does. After a refusal the rest is drained within the same deadline and up to
 * four times the limit, then the connection is cut.
 */
export function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  const { maxBytes } = limits;
  const drainLimit = maxBytes * (drainFactor + 1);
  const declared = declaredLength(request);
  return new Promise((resolve) => {
    // Once its answer is sent, a request no longer hears of its connection closing; the socket does.
    const socket = request.socket;
    let settled = false;
    let received = 0;
    const chunks: Buffer[] = [];
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      resolve(read);
    };
    const stop = () => {
      clearTimeout(deadline);
      request.off("data", onData);
      socket.off("close", onSocketClose);
    };
    const cut = () => {
      stop();
      socket.destroy();
    };
    const onSocketClose = () => {
      stop();
      settle({ outcome: "aborted" });
    };
    socket.once("close", onSocketClose);
    const deadline = setTimeout(() => {
      // Still draining after a 413 has been sent: nothing more to answer, just let go.
      if (settled) cut();
      else {
        stop();
        settle({ outcome: "timeout" });
      }
    }, limits.timeoutMs);
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (!settled && received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      settle({ outcome: "too-large", close: false });
      if (received > drainLimit) cut();
    };
    request.once("end", () => {
      stop();
      if (!settled) settle({ outcome: "complete", text: Buffer.concat(chunks).toString("utf8") });
    });
    request.once("close", () => {
      stop();
      settle({ outcome: "aborted" });
    });
    if (declared !== undefined && declared > maxBytes) {
      const close = limits.awaitingContinue || declared > drainLimit;
      settle({ outcome: "too-large", close });
      if (close) {
        stop();
        return;
      }
    }
    request.on("data", onData);
  });
}

/** @internal The request's `Content-Length`, when it declares one. */
export function declaredLength(request: IncomingMessage): number | undefined {
  const header = request.headers["content-length"];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}
