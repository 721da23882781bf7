/** @internal Thrown by {@link readBody} when a body exceeds its cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the response is larger than ${maxBytes} bytes`);
  }
}

/**
 * @internal Reads a response body up to `maxBytes`, stopping (and destroying the stream) as soon as it
 * grows past the cap, so a huge or endless response costs no more than the cap.
 */
export async function readBody(
  body: DiscardableBody,
  maxBytes: number,
  declaredLength?: string | string[],
): Promise<Uint8Array> {
  if (typeof declaredLength === "string" && Number(declaredLength) > maxBytes) {
    discardBody(body);
    throw new BodyTooLargeError(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.byteLength;
    if (length > maxBytes) {
      discardBody(body);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, length));
}

/** @internal A response body stream (undici's `BodyReadable`). */
export type DiscardableBody = AsyncIterable<Uint8Array> & {
  destroy(error?: Error): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
};

/** @internal Drops a body unread; the abort error a destroyed undici body emits is expected, not a crash. */
export function discardBody(body: DiscardableBody): void {
  body.on("error", () => undefined);
  body.destroy();
}

/** @internal The media type and charset of a `content-type` header. */
export function parseContentType(header: string | string[] | undefined): {
  mediaType: string | undefined;
  charset: string | undefined;
} {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return { mediaType: undefined, charset: undefined };
  const [type, ...parameters] = value.split(";");
  const charset = parameters
    .map((parameter) => parameter.trim().split("="))
    .find(([key]) => key?.toLowerCase() === "charset")?.[1]
    ?.replace(/^"|"$/g, "");
  return { mediaType: type?.trim().toLowerCase() || undefined, charset };
}

/** @internal Decodes text in its declared charset, UTF-8 when none or an unknown one is declared. */
export function decodeText(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
