/** @internal A short, model-readable rendering of a value: its kind and a truncated preview. */
export function describeValue(value: unknown, maxLength = 60): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  const kind = Array.isArray(value) ? "array" : typeof value;
  let preview: string;
  try {
    preview = typeof value === "bigint" ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    // A cycle, a throwing toJSON, or nesting deep enough to exhaust the stack: String() would recurse
    // into the same arrays, so only flat values are rendered.
    preview = typeof value === "object" ? "…" : String(value);
  }
  if (preview.length > maxLength) preview = `${preview.slice(0, maxLength - 1)}…`;
  return kind === "boolean" || kind === "number" ? preview : `${kind} ${preview}`;
}

/** @internal What a developer passed, for "must be …; got …" messages: `a number (5)`, `null`, `a Map`. */
export function describeReceived(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return `an array (${describeValue(value, 40).slice("array ".length)})`;
  switch (typeof value) {
    case "string":
      return `a string (${describeValue(value, 40).slice("string ".length)})`;
    case "number":
    case "boolean":
    case "bigint":
      return `a ${typeof value} (${describeValue(value)})`;
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default: {
      const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
        ?.constructor?.name;
      return typeof name === "string" && name !== "" && name !== "Object"
        ? `an instance of ${name}`
        : `an object (${describeValue(value, 40).slice("object ".length)})`;
    }
  }
}
