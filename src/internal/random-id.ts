import { randomFillSync } from "node:crypto";

// One call to the CSPRNG fills ids for 256 artifacts: per artifact, only a slice is hex-encoded.
const idBytes = 16;
const pool = Buffer.alloc(idBytes * 256);
let offset = pool.length;

/**
 * @internal A random UUID v4 as 32 lower-case hex digits (`crypto.randomUUID()` without its dashes),
 * drawn from a pooled buffer of cryptographically strong random bytes.
 */
export function randomHexId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += idBytes;
  // The version (4) and variant (10xx) bits make it a valid UUID v4, as randomUUID's are.
  pool[start + 6] = ((pool[start + 6] as number) & 0x0f) | 0x40;
  pool[start + 8] = ((pool[start + 8] as number) & 0x3f) | 0x80;
  return pool.toString("hex", start, offset);
}
