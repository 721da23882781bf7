import type {
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
} from "@modelcontextprotocol/server";
import type { NamespaceSummary } from "../memory/artifact-store.js";
import type { Principal, ScopeOption } from "../memory/memory-scope.js";
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

/** @internal The `principal` option of a memory's reads: nothing for the default space. */
export function principalOption(principal: Principal): ScopeOption {
  return principal === undefined ? {} : { principal };
}

/** @internal `resources/list`: one resource per namespace the principal may read, of every memory. */
export async function listMemoryResources(
  toolbox: Toolbox,
  principal: Principal,
): Promise<Resource[]> {
  const resources: Resource[] = [];
  for (const memory of memoriesOf(toolbox)) {
    for (const summary of await memory.namespaces(principalOption(principal))) {
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
 * names no namespace the principal may read.
 */
export async function readMemoryResource(
  toolbox: Toolbox,
  uri: string,
  principal: Principal,
): Promise<ReadResourceResult | undefined> {
  const summary = await findMemoryNamespace(toolbox, uri, principal);
  if (summary === undefined) return undefined;
  const { memory, namespace } = summary;
  const scope = principalOption(principal);
  if (namespace.kind === "text") {
    const page = await memory.read(namespace.namespace, {
      offset: 0,
      limit: namespace.length,
      ...scope,
    });
    return { contents: [{ uri, mimeType: "text/plain", text: page?.text ?? "" }] };
  }
  const stored = await memory.loadArtifacts(namespace.namespace, scope);
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

/**
 * @internal The memory and namespace a memory URI names, when the principal may read it; `undefined`
 * for any other URI (another principal's namespace is as unknown as one never stored).
 */
export async function findMemoryNamespace(
  toolbox: Toolbox,
  uri: string,
  principal: Principal,
): Promise<{ readonly memory: TaskMemory; readonly namespace: NamespaceSummary } | undefined> {
  const reference = parseMemoryUri(uri);
  if (reference === undefined) return undefined;
  const memory = memoriesOf(toolbox).find((candidate) => candidate.name === reference.memory_name);
  if (memory === undefined) return undefined;
  const namespace = (await memory.namespaces(principalOption(principal))).find(
    (candidate) => candidate.namespace === reference.artifact_namespace,
  );
  return namespace === undefined ? undefined : { memory, namespace };
}
