const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** @internal `["a", 0, "b c"]` → `$.a[0]["b c"]`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = "$";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (identifier.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
