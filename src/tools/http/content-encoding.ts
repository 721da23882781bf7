import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import { BodyTooLargeError } from "./read-body.js";

type Decoder = () => Transform;

// zstd is in Node's zlib from 22.15 and 23.8; older runtimes neither advertise nor decode it.
const zstd = (zlib as { createZstdDecompress?: () => Transform }).createZstdDecompress;

const decoders: ReadonlyMap<string, Decoder> = new Map<string, Decoder>([
  ["gzip", () => zlib.createGunzip()],
  ["x-gzip", () => zlib.createGunzip()],
  ["deflate", () => new InflateEitherFormat()],
  ["br", () => zlib.createBrotliDecompress()],
  ...(zstd === undefined ? [] : [["zstd", () => zstd()] as const]),
]);

/** @internal The `accept-encoding` a guarded fetch sends: every coding {@link decodeContent} decodes. */
export const acceptEncoding = [...decoders.keys()].filter((name) => name !== "x-gzip").join(", ");

/** Layers of compression undone at most; `gzip, gzip, …` a thousand times would cost a thousand zlibs. */
const maxCodings = 3;

/** @internal Why a body could not be decoded: a coding unknown here, or data the decoder rejects. */
export class ContentDecodingError extends Error {
  constructor(
    readonly reason: "unsupported" | "corrupt",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** @internal A body with its content codings undone, and what went wrong decoding it, if anything. */
export interface DecodedBody {
  readonly body: Readable;
  /** Set once a decoder failed on the data, so a read error can be told from a network error. */
  readonly failure: () => ContentDecodingError | undefined;
}

/**
 * @internal Undoes the `content-encoding` a server declared, as a stream, so a reader that stops at a
 * cap stops the decompression too: a decompression bomb costs the cap, never its inflated size. The
 * compressed bytes are capped at `maxBytes` as well (input that inflates to nothing is no way around the
 * cap). Throws a {@link ContentDecodingError} for codings it does not know.
 */
export function decodeContent(
  body: Readable,
  header: string | string[] | undefined,
  maxBytes: number,
): DecodedBody {
  const codings = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length === 0) return { body, failure: () => undefined };
  if (codings.length > maxCodings) {
    throw new ContentDecodingError(
      "unsupported",
      `the response is compressed ${codings.length} times (${codings.join(", ")}); at most ${maxCodings} layers are decoded`,
    );
  }
  const unknown = codings.find((coding) => !decoders.has(coding));
  if (unknown !== undefined) {
    throw new ContentDecodingError(
      "unsupported",
      `the response is compressed with "${unknown}", which cannot be decoded (supported: ${acceptEncoding})`,
    );
  }
  // The first error tells where a failure began: a decoder (corrupt data) or not (network, cap, abort);
  // the pipeline then hands that same error to every other stream.
  let first: { coding: string | undefined; error: Error } | undefined;
  const watch = <T extends Readable>(stream: T, coding?: string): T =>
    stream.on("error", (error: Error) => {
      first ??= { coding, error };
    });
  // Codings are listed in the order they were applied, so they are undone from the last one.
  const stages = codings
    .reverse()
    .map((coding) => watch((decoders.get(coding) as Decoder)(), coding));
  // Errors reach the reader through the last stream; the callback has nothing left to do.
  pipeline([watch(body), watch(new ByteCap(maxBytes)), ...stages], () => undefined);
  const decoded = stages.at(-1) as Transform;
  const failure = () =>
    first?.coding === undefined
      ? undefined
      : new ContentDecodingError(
          "corrupt",
          `the ${first.coding}-compressed response is corrupt (${first.error.message})`,
          { cause: first.error },
        );
  return { body: decoded, failure };
}

/** Fails with {@link BodyTooLargeError} once more than `maxBytes` bytes went through. */
class ByteCap extends Transform {
  #seen = 0;
  constructor(readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#seen += chunk.byteLength;
    if (this.#seen > this.maxBytes) done(new BodyTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}

/**
 * `deflate` is meant to be zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw deflate; as
 * browsers do, the first byte decides (a zlib stream starts with compression method 8).
 */
class InflateEitherFormat extends Transform {
  #inner: zlib.Inflate | zlib.InflateRaw | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#inner ??= this.#start(chunk);
    this.#inner.write(chunk, () => done());
  }

  override _flush(done: TransformCallback): void {
    if (this.#inner === undefined) {
      done();
      return;
    }
    this.#inner.once("end", () => done());
    this.#inner.end();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    done(error);
  }

  #start(first: Buffer): zlib.Inflate | zlib.InflateRaw {
    const inner = ((first[0] ?? 0) & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
    inner.on("data", (data: Buffer) => this.push(data));
    inner.once("error", (error) => this.destroy(error));
    return inner;
  }
}
