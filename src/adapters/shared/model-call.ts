import type { Toolbox } from "../../toolbox/toolbox.js";

/**
 * @internal The native name a called name means in the toolbox (any form `Toolbox.resolveName`
 * reads), or `undefined` when it means none.
 */
export function nativeNameOf(toolbox: Toolbox, called: string): string | undefined {
  const found = toolbox.resolveName(called);
  return found === undefined ? undefined : toolbox.nativeName(found.tool, found.activity.name);
}

/**
 * @internal Text that `JSON.parse` reads as a JSON object: what the frameworks' own argument readers
 * accept as it is (short of duplicate keys, where the last one wins).
 */
export function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
