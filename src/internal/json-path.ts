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

/** @internal The value at `path` inside `input`, or `undefined` where the path leads nowhere. */
export function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let node = input;
  for (const key of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}
