/**
 * @internal A property name the dialect accepts: the name itself when it fits `pattern`, else a
 * deterministic rewrite (accents dropped, other characters → `_`, a leading `_` before a digit, a
 * numeric suffix against collisions). The decoder maps it back through the plan.
 */
export function renameProperty(
  key: string,
  pattern: RegExp | undefined,
  taken: ReadonlySet<string>,
): string {
  if (pattern === undefined || (pattern.test(key) && !taken.has(key))) return key;
  let base = key
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9_]/g, "_");
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  base = base.slice(0, 60);
  let name = base;
  for (let index = 2; taken.has(name) || !pattern.test(name); index++) {
    name = `${base}_${index}`;
    if (index > 10_000) break;
  }
  return name;
}
