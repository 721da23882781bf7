/**
 * @internal The encoding to decode a body with: its byte order mark's when it has one (the mark wins
 * over the header, as in browsers), else the declared charset, else for HTML the `<meta>` charset of its
 * first kilobytes, else UTF-8. Charsets `TextDecoder` does not know count as undeclared.
 */
export function textEncoding(
  bytes: Uint8Array,
  declared: string | undefined,
  options: { html: boolean },
): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return known(declared) ?? (options.html ? known(metaCharset(bytes)) : undefined) ?? "utf-8";
}

/** The WHATWG name of a charset, or `undefined` when `TextDecoder` does not know it. */
function known(charset: string | undefined): string | undefined {
  if (charset === undefined) return undefined;
  try {
    return new TextDecoder(charset).encoding;
  } catch {
    return undefined;
  }
}

/**
 * `<meta charset="…">` or `<meta http-equiv="content-type" content="…; charset=…">` in the first 4 KiB,
 * read as Latin-1 (every charset a page may declare this way is ASCII-compatible up to its meta tag).
 */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  return /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}
