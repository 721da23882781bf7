import { ArtifactError } from "../errors/artifact-error.js";
import { describeReceived } from "../internal/describe-value.js";

/**
 * What a bytes artifact (Blob, Image, Audio) accepts as its value: bytes as they are; a string,
 * number, bigint or boolean as the UTF-8 bytes of its text, as Griptape's `str(value).encode()`
 * does (so `1` is the one byte `"1"`, never `new Uint8Array(1)`).
 *
 * @example
 * ```ts
 * const value: BytesInput = new Uint8Array([104, 105]);
 * ```
 */
export type BytesInput =
  | Uint8Array
  | ArrayBuffer
  | ArrayBufferView
  | string
  | number
  | bigint
  | boolean;

/** @internal The bytes of `value`; anything but `BytesInput` throws an `ArtifactError` at `$.value`. */
export function bytesOf(value: BytesInput): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value))
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  switch (typeof value) {
    case "string":
    case "number":
    case "bigint":
    case "boolean":
      return new TextEncoder().encode(String(value));
    default:
      throw new ArtifactError({
        path: "$.value",
        message: `expected bytes (Uint8Array, ArrayBuffer) or text; got ${describeReceived(value)}`,
      });
  }
}
