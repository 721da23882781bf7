import { ArtifactError } from "../errors/artifact-error.js";

/**
 * What to do with a character or byte the encoding cannot represent, as Python's `errors=` names it:
 * `strict` throws an `ArtifactError`, `replace` substitutes (`?` when encoding, U+FFFD when decoding),
 * `ignore` drops it, `backslashreplace` writes an escape (`\xdf`). Encodings that only `TextDecoder`
 * knows take `strict` and `replace` only.
 *
 * @example
 * ```ts
 * const handler: EncodingErrorHandler = "replace";
 * ```
 */
export type EncodingErrorHandler = "strict" | "replace" | "ignore" | "backslashreplace";

/** @internal The handlers, for option checks and revivers. */
export const encodingErrorHandlers: readonly EncodingErrorHandler[] = Object.freeze([
  "strict",
  "replace",
  "ignore",
  "backslashreplace",
]);

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
// In `u` mode a surrogate pair is one code point, so this matches unpaired halves only.
const loneSurrogate = /\p{Cs}/u;

type Codec = "utf-8" | "ascii" | "latin-1";

// Python's names. The WHATWG labels "ascii" and "latin1" mean windows-1252, which would decode bytes
// Python refuses, so these three are handled here and never handed to TextDecoder.
const aliases: Record<string, Codec> = {
  "utf-8": "utf-8",
  utf8: "utf-8",
  u8: "utf-8",
  utf: "utf-8",
  ascii: "ascii",
  "us-ascii": "ascii",
  "646": "ascii",
  "latin-1": "latin-1",
  latin1: "latin-1",
  l1: "latin-1",
  "iso-8859-1": "latin-1",
  "iso8859-1": "latin-1",
  "8859": "latin-1",
  cp819: "latin-1",
};

function codecOf(encoding: string): Codec | undefined {
  const key = encoding.trim().toLowerCase().replaceAll("_", "-");
  return Object.hasOwn(aliases, key) ? aliases[key] : undefined;
}

/**
 * @internal Throws an `ArtifactError` at `options.encoding` unless `encoding` can go in `direction`
 * with `handler`: encoding to bytes knows UTF-8, ASCII and Latin-1; decoding also knows every label
 * `TextDecoder` does, with `strict` or `replace`.
 */
export function checkEncoding(
  encoding: string,
  handler: EncodingErrorHandler,
  direction: "encode" | "decode",
): void {
  if (!encodingErrorHandlers.includes(handler)) {
    throw new ArtifactError({
      path: "options.encodingErrorHandler",
      message: `unknown handler ${JSON.stringify(handler)}; expected one of ${encodingErrorHandlers.join(", ")}`,
    });
  }
  if (codecOf(encoding) !== undefined) return;
  if (direction === "encode") {
    throw new ArtifactError({
      path: "options.encoding",
      message: `cannot encode text as ${JSON.stringify(encoding)}; expected utf-8, ascii or latin-1`,
    });
  }
  try {
    new TextDecoder(encoding);
  } catch (error) {
    throw new ArtifactError({
      path: "options.encoding",
      message: `unknown encoding ${JSON.stringify(encoding)}`,
      cause: error,
    });
  }
  if (handler !== "strict" && handler !== "replace") {
    throw new ArtifactError({
      path: "options.encodingErrorHandler",
      message: `${JSON.stringify(encoding)} decodes with "strict" or "replace" only`,
    });
  }
}

/** @internal `text` as bytes in `encoding` (checked by `checkEncoding` beforehand). */
export function encodeText(
  text: string,
  encoding: string,
  handler: EncodingErrorHandler,
): Uint8Array {
  const codec = codecOf(encoding) ?? "utf-8";
  if (codec === "utf-8" && !loneSurrogate.test(text)) return new TextEncoder().encode(text);
  const limit = codec === "ascii" ? 0x80 : codec === "latin-1" ? 0x100 : 0x110000;
  const utf8 = new TextEncoder();
  const out: number[] = [];
  let position = 0;
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    const surrogate = point >= 0xd800 && point <= 0xdfff;
    if (point < limit && !surrogate) {
      if (codec === "utf-8") out.push(...utf8.encode(char));
      else out.push(point);
    } else if (handler === "strict") {
      throw new ArtifactError({
        path: "$.value",
        message: `cannot encode ${escapePoint(point)} at position ${position} as ${codec}`,
      });
    } else if (handler === "replace") {
      out.push(0x3f);
    } else if (handler === "backslashreplace") {
      for (const unit of escapePoint(point)) out.push(unit.charCodeAt(0));
    }
    position += char.length;
  }
  return Uint8Array.from(out);
}

/** @internal `bytes` as text in `encoding` (checked by `checkEncoding` beforehand). */
export function decodeBytes(
  bytes: Uint8Array,
  encoding: string,
  handler: EncodingErrorHandler,
): string {
  const codec = codecOf(encoding);
  if (codec === undefined || (codec === "utf-8" && handler === "replace")) {
    return decodeWithTextDecoder(bytes, codec ?? encoding, handler);
  }
  if (codec === "utf-8" && handler === "strict") {
    // Valid text, the usual case, decodes in one call; the walk below is for the error's position.
    try {
      return strictUtf8.decode(bytes);
    } catch {}
  }
  let text = "";
  let index = 0;
  while (index < bytes.length) {
    const length = validLength(bytes, index, codec);
    if (length > 0) {
      text +=
        codec === "utf-8"
          ? new TextDecoder().decode(bytes.subarray(index, index + length))
          : String.fromCharCode(bytes[index] as number);
      index += length;
      continue;
    }
    const byte = bytes[index] as number;
    if (handler === "strict") {
      throw new ArtifactError({
        path: "$.value",
        message: `cannot decode byte 0x${hex(byte)} at position ${index} as ${codec}`,
      });
    }
    if (handler === "replace") text += "\ufffd";
    else if (handler === "backslashreplace") text += `\\x${hex(byte)}`;
    index += 1;
  }
  return text;
}

function decodeWithTextDecoder(
  bytes: Uint8Array,
  encoding: string,
  handler: EncodingErrorHandler,
): string {
  try {
    return new TextDecoder(encoding, { fatal: handler === "strict" }).decode(bytes);
  } catch (error) {
    throw new ArtifactError({
      path: "$.value",
      message: `the bytes are not valid ${encoding}`,
      cause: error,
    });
  }
}

/**
 * Length of the well-formed sequence at `index`, 0 when the byte there starts none. Errors are then
 * handled a byte at a time, which for `ignore` and `backslashreplace` gives what Python's
 * maximal-subpart grouping gives: continuation bytes never start a sequence.
 */
function validLength(bytes: Uint8Array, index: number, codec: Codec): number {
  const lead = bytes[index] as number;
  if (codec === "latin-1") return 1;
  if (lead < 0x80) return 1;
  if (codec === "ascii") return 0;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let offset = 1; offset < length; offset++) {
    const byte = bytes[index + offset];
    const [min, max] = offset === 1 ? [low, high] : [0x80, 0xbf];
    if (byte === undefined || byte < min || byte > max) return 0;
  }
  return length;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}

/** Python's `backslashreplace` escape of one code point. */
function escapePoint(point: number): string {
  if (point < 0x100) return `\\x${hex(point)}`;
  if (point < 0x10000) return `\\u${point.toString(16).padStart(4, "0")}`;
  return `\\U${point.toString(16).padStart(8, "0")}`;
}

/**
 * The encoding options of `TextArtifact` and `BlobArtifact`, as Griptape's `encoding` and
 * `encoding_error_handler`.
 *
 * @example
 * ```ts
 * const options: EncodingOptions = { encoding: "ascii", encodingErrorHandler: "backslashreplace" };
 * ```
 */
export interface EncodingOptions {
  /** The text's encoding as bytes; `utf-8` by default. */
  encoding?: string;
  /** What to do with what the encoding cannot represent; see {@link EncodingErrorHandler}. */
  encodingErrorHandler?: EncodingErrorHandler;
}

/** @internal The resolved options, and the JSON fields that carry them when they are not the defaults. */
export function resolveEncoding(
  options: EncodingOptions | undefined,
  defaultHandler: EncodingErrorHandler,
  direction: "encode" | "decode",
): { encoding: string; encodingErrorHandler: EncodingErrorHandler } {
  const encoding = options?.encoding ?? "utf-8";
  const encodingErrorHandler = options?.encodingErrorHandler ?? defaultHandler;
  if (options?.encoding !== undefined || options?.encodingErrorHandler !== undefined) {
    checkEncoding(encoding, encodingErrorHandler, direction);
  }
  return { encoding, encodingErrorHandler };
}

/** @internal The JSON fields of the encoding options, only those that differ from the defaults. */
export function encodingJSON(
  artifact: { encoding: string; encodingErrorHandler: EncodingErrorHandler },
  defaultHandler: EncodingErrorHandler,
): { encoding?: string; encodingErrorHandler?: string } {
  return {
    ...(artifact.encoding === "utf-8" ? {} : { encoding: artifact.encoding }),
    ...(artifact.encodingErrorHandler === defaultHandler
      ? {}
      : { encodingErrorHandler: artifact.encodingErrorHandler }),
  };
}
