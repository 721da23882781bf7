/** @internal Bytes from the forms users have at hand; a string is UTF-8 encoded. */
export function toBytes(value: Uint8Array | ArrayBuffer | string): Uint8Array {
  if (typeof value === "string") return new TextEncoder().encode(value);
  if (value instanceof Uint8Array) return value;
  return new Uint8Array(value);
}

/** @internal */
export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** @internal */
export function base64ToBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "base64"));
}

/** @internal `1 MiB`, `64 KiB`, `512 bytes`: sizes as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/**
 * @internal `65,536`: a whole number with thousands separators. Not `toLocaleString`, whose first call
 * loads the locale data (a quarter of a second) inside a call that is being refused.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
