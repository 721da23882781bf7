/** Byte signatures of common binary formats; `undefined` matches any byte. */
const signatures: readonly (readonly [string, readonly (number | undefined)[]])[] = [
  ["gzip data", [0x1f, 0x8b]],
  ["zstd data", [0x28, 0xb5, 0x2f, 0xfd]],
  ["xz data", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ["a 7z archive", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ["a ZIP archive", [0x50, 0x4b, 0x03, 0x04]],
  ["a PDF document", bytesOf("%PDF-")],
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", bytesOf("GIF8")],
  [
    "a WebP image",
    [...bytesOf("RIFF"), undefined, undefined, undefined, undefined, ...bytesOf("WEBP")],
  ],
  ["an MP4 video", [undefined, undefined, undefined, undefined, ...bytesOf("ftyp")]],
  ["an ELF executable", [0x7f, 0x45, 0x4c, 0x46]],
  ["a WebAssembly module", [0x00, 0x61, 0x73, 0x6d]],
];

/** How much of the body is looked at: NUL bytes in its first 64 KiB, characters in its first 64 Ki. */
const sampleLength = 65_536;
/**
 * More undecodable or control characters than this, in the sample, and the body is binary. Random bytes
 * read as UTF-8 are about half U+FFFD; a page in a charset it does not declare (Latin-1 read as UTF-8,
 * or even CJK) stays under this.
 */
const maxNonTextRatio = 0.3;

/**
 * @internal What binary content a body labelled (or taken) as text holds, or `undefined` when it reads
 * as text: a known format by its signature, a NUL byte, or more than 30% undecodable or control
 * characters.
 */
export function binaryContent(
  bytes: Uint8Array,
  text: string,
  encoding: string,
): string | undefined {
  for (const [name, signature] of signatures) {
    if (signature.every((byte, index) => byte === undefined || bytes[index] === byte)) return name;
  }
  // As git does: text has no NUL byte (unless it is UTF-16, where every ASCII character has one).
  if (!encoding.startsWith("utf-16") && bytes.subarray(0, sampleLength).includes(0)) {
    return "binary data (it contains NUL bytes)";
  }
  const sample = Math.min(text.length, sampleLength);
  let nonText = 0;
  for (let index = 0; index < sample; index++) {
    if (isNonText(text.charCodeAt(index))) nonText++;
  }
  if (sample > 0 && nonText / sample > maxNonTextRatio) {
    const share = Math.round((100 * nonText) / sample);
    return `data that does not read as ${encoding} text (${share}% undecodable or control characters: binary, or text in a charset the server did not declare)`;
  }
  return undefined;
}

/** U+FFFD (what a byte the charset cannot decode becomes), DEL and C0 controls but tab, line breaks,
 * form feed and escape (terminal colours in logs). */
function isNonText(code: number): boolean {
  return (
    code === 0xfffd ||
    code === 0x7f ||
    (code < 0x20 && ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b].includes(code))
  );
}

function bytesOf(ascii: string): number[] {
  return [...ascii].map((character) => character.charCodeAt(0));
}
