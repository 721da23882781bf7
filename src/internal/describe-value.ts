/** @internal A short, model-readable rendering of a value: its kind and a truncated preview. */
export function describeValue(value: unknown, maxLength = 60): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  const kind = Array.isArray(value) ? "array" : typeof value;
  let preview: string;
  try {
    preview = typeof value === "bigint" ? `${value}n` : (JSON.stringify(value) ?? String(value));
  } catch {
    preview = String(value);
  }
  if (preview.length > maxLength) preview = `${preview.slice(0, maxLength - 1)}…`;
  return kind === "boolean" || kind === "number" ? preview : `${kind} ${preview}`;
}
