import { ToolboxError } from "../errors/toolbox-error.js";

/** Every provider accepts these (OpenAI, Anthropic, Gemini, Ollama, MCP). */
const portable = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const maxLength = 64;

/** @internal One (tool, activity) pair to name. */
export interface NameRequest {
  readonly toolName: string;
  readonly activityName: string;
}

/**
 * @internal Names every (tool, activity) pair for every provider at once. `Tool_activity` (Griptape's
 * native name) when it is portable; otherwise a rewrite within `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`
 * (accents dropped, other characters → `_`). A rewrite that is cut to 64 characters or collides with
 * another name gets an 8-hex-digit hash of the full name, so names depend only on the set of pairs,
 * not on their order, and stay the same across runs. Returns names in request order.
 */
export function assignNativeNames(requests: readonly NameRequest[]): string[] {
  const candidates = requests.map(({ toolName, activityName }) => {
    const full = `${toolName}_${activityName}`;
    if (portable.test(full)) return { full, base: full, legal: true };
    let base = full
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^a-zA-Z0-9_-]/g, "_");
    if (!/^[a-zA-Z_]/.test(base)) base = `_${base}`;
    return { full, base, legal: false };
  });
  const counts = new Map<string, number>();
  for (const { base } of candidates) counts.set(base, (counts.get(base) ?? 0) + 1);
  const legalBases = new Set(candidates.filter((entry) => entry.legal).map((entry) => entry.base));
  const names = candidates.map(({ full, base, legal }) => {
    const shared = (counts.get(base) ?? 0) > 1;
    // A portable name keeps its plain form unless another portable name spells the same.
    const plain = legal
      ? !shared || countLegal(candidates, base) === 1
      : !shared && !legalBases.has(base);
    if (plain && base.length <= maxLength) return base;
    return `${base.slice(0, maxLength - 9)}_${hash(full)}`;
  });
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const previous = seen.get(name);
    if (previous !== undefined) {
      const a = requests[previous] as NameRequest;
      const b = requests[index] as NameRequest;
      throw new ToolboxError({
        toolName: b.toolName,
        message: `native name "${name}" would name both "${a.toolName}"."${a.activityName}" and "${b.toolName}"."${b.activityName}"; rename one of them`,
      });
    }
    seen.set(name, index);
  });
  return names;
}

function countLegal(candidates: readonly { base: string; legal: boolean }[], base: string): number {
  return candidates.filter((entry) => entry.legal && entry.base === base).length;
}

/** FNV-1a, 32 bits: small, stable across runs and platforms. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, "0");
}
