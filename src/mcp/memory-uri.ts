import type { MemoryReference } from "../memory/memory-reference.js";

const prefix = "toolwright://memory/";

/**
 * @internal The MCP resource URI of a task-memory namespace:
 * `toolwright://memory/<memory_name>/<artifact_namespace>`, both parts percent-encoded.
 */
export function memoryUri(reference: MemoryReference): string {
  return `${prefix}${encodeURIComponent(reference.memory_name)}/${encodeURIComponent(reference.artifact_namespace)}`;
}

/** @internal The reference a `memoryUri` names, or `undefined` for any other URI. */
export function parseMemoryUri(uri: string): MemoryReference | undefined {
  if (!uri.startsWith(prefix)) return undefined;
  const parts = uri.slice(prefix.length).split("/");
  if (parts.length !== 2 || parts[0] === "" || parts[1] === "") return undefined;
  try {
    return {
      memory_name: decodeURIComponent(parts[0] as string),
      artifact_namespace: decodeURIComponent(parts[1] as string),
    };
  } catch {
    return undefined;
  }
}

/** @internal The URI template clients can fill in to read any namespace. */
export const memoryUriTemplate = `${prefix}{memory_name}/{artifact_namespace}`;
