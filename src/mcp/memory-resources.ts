import type {
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
} from "@modelcontextprotocol/server";
import type { TaskMemory } from "../memory/task-memory.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { memoryUri, memoryUriTemplate, parseMemoryUri } from "./memory-uri.js";

type ResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];

/** @internal The template of memory namespace URIs, in `resources/templates/list`. */
export const memoryTemplate: ResourceTemplate = {
  uriTemplate: memoryUriTemplate,
  name: "task-memory",
  title: "Task memory namespace",
  description:
    "The text of tool output stored in a task memory, by memory_name and artifact_namespace",
  mimeType: "text/plain",
};

/** @internal Every task memory a toolbox's tools write to or read from, the toolbox's own first. */
export function memoriesOf(toolbox: Toolbox): TaskMemory[] {
  const found = new Set<TaskMemory>();
  if (toolbox.taskMemory !== undefined) found.add(toolbox.taskMemory);
  for (const tool of toolbox.tools) {
    for (const memories of Object.values(tool.outputMemory ?? {})) {
      for (const memory of memories) found.add(memory);
    }
    for (const memory of tool.inputMemory ?? []) found.add(memory);
  }
  return [...found];
}

/** @internal `resources/list`: one resource per namespace of every memory. */
export async function listMemoryResources(toolbox: Toolbox): Promise<Resource[]> {
  const resources: Resource[] = [];
  for (const memory of memoriesOf(toolbox)) {
    for (const summary of await memory.namespaces()) {
      const reference = { memory_name: memory.name, artifact_namespace: summary.namespace };
      const count = `${summary.artifactCount} artifact${summary.artifactCount === 1 ? "" : "s"}`;
      resources.push({
        uri: memoryUri(reference),
        name: summary.namespace,
        title: `${summary.source} output`,
        description: `Output of "${summary.source}" stored in task memory "${memory.name}" (${count}, ${summary.length} characters)`,
        mimeType: summary.kind === "text" ? "text/plain" : "application/octet-stream",
      });
    }
  }
  return resources;
}

/**
 * @internal `resources/read` of a memory URI: a text namespace as its whole text (its artifacts'
 * texts joined by a blank line), a blob namespace as one blob per artifact; `undefined` when the URI
 * names no stored namespace.
 */
export async function readMemoryResource(
  toolbox: Toolbox,
  uri: string,
): Promise<ReadResourceResult | undefined> {
  const reference = parseMemoryUri(uri);
  if (reference === undefined) return undefined;
  const memory = memoriesOf(toolbox).find((candidate) => candidate.name === reference.memory_name);
  if (memory === undefined) return undefined;
  const summary = (await memory.namespaces()).find(
    (candidate) => candidate.namespace === reference.artifact_namespace,
  );
  if (summary === undefined) return undefined;
  if (summary.kind === "text") {
    const page = await memory.read(summary.namespace, { offset: 0, limit: summary.length });
    return { contents: [{ uri, mimeType: "text/plain", text: page?.text ?? "" }] };
  }
  const stored = await memory.loadArtifacts(summary.namespace);
  return {
    contents: stored.value.map((artifact) => ({
      uri,
      mimeType:
        artifact.type === "BlobArtifact" ||
        artifact.type === "ImageArtifact" ||
        artifact.type === "AudioArtifact"
          ? artifact.mimeType
          : "application/octet-stream",
      blob: Buffer.from(artifact.toBytes()).toString("base64"),
    })),
  };
}
