import { readFileSync } from "node:fs";

let cached: string | undefined;

/** @internal toolwright's own version, from its package.json (two levels up from `src/` and `dist/` files). */
export function packageVersion(): string {
  if (cached === undefined) {
    const manifest = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ) as { version?: unknown };
    cached = typeof manifest.version === "string" ? manifest.version : "0.0.0";
  }
  return cached;
}
