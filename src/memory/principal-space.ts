import { createHash } from "node:crypto";
import { MemoryConfigError } from "../errors/memory-config-error.js";

/** Longest principal a store takes, in characters: an id, not a document. */
export const maxPrincipalLength = 1_024;

/**
 * @internal Checks a principal given to a store or a `TaskMemory` (absent, or a non-empty string of at
 * most 1,024 characters), throwing `MemoryConfigError` naming `subject` otherwise.
 */
export function checkPrincipal(subject: string, principal: unknown): string | undefined {
  if (principal === undefined) return undefined;
  if (typeof principal !== "string" || principal.length === 0) {
    throw new MemoryConfigError({
      subject,
      option: "principal",
      message: `must be a non-empty string; got ${principal === "" ? '""' : typeof principal}`,
    });
  }
  if (principal.length > maxPrincipalLength) {
    throw new MemoryConfigError({
      subject,
      option: "principal",
      message: `must be at most ${maxPrincipalLength} characters; got ${principal.length}`,
    });
  }
  return principal;
}

/**
 * @internal The name of a principal's space inside a store: 32 hex digits of the SHA-256 of the
 * principal (128 bits, so two principals never share one), safe in a Redis key and an SQL table name
 * whatever characters the principal holds, and the same in every process.
 */
export function spaceTag(principal: string): string {
  return createHash("sha256").update(principal, "utf8").digest("hex").slice(0, 32);
}
