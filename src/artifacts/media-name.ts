import { randomBytes } from "node:crypto";

/**
 * @internal Griptape's default name of a media artifact: `<kind>_artifact_<yymmddHHMMSS>_<4 hex>.<format>`
 * (UTC, where Griptape uses local time, so names do not depend on the machine's zone).
 */
export function defaultMediaName(kind: "image" | "audio", format: string): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, "0");
  const stamp = [
    two(now.getUTCFullYear() % 100),
    two(now.getUTCMonth() + 1),
    two(now.getUTCDate()),
    two(now.getUTCHours()),
    two(now.getUTCMinutes()),
    two(now.getUTCSeconds()),
  ].join("");
  return `${kind}_artifact_${stamp}_${randomBytes(2).toString("hex")}.${format.toLowerCase()}`;
}
