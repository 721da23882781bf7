import {
  type ListResourceTemplatesResult,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
  type Server,
} from "@modelcontextprotocol/server";
import type { ResourceDefinition } from "../declarations/resource.js";
import type { Principal } from "../memory/memory-scope.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import {
  findMemoryNamespace,
  listMemoryResources,
  memoryTemplate,
  readMemoryResource,
} from "./memory-resources.js";
import { parseMemoryUri } from "./memory-uri.js";
import { catalogOf, type Served } from "./served-catalog.js";
import { toResourceContents } from "./to-mcp-result.js";

type ResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];

/**
 * @internal `resources/*` over a toolbox: the tools' `@resource` methods (fixed URIs and templates)
 * and the task memories' namespaces. A read of an unknown URI is the SDK's resource-not-found error
 * (-32602, the URI in `data`); a method that throws is -32603 with its message. `subscriptions`
 * (2025-era sessions) records the URIs this session subscribed to.
 */
export function installResourceHandlers(
  server: Server,
  toolbox: Toolbox,
  options: {
    readonly signal: AbortSignal;
    readonly subscriptions: Set<string>;
    /** Whose task memory the client sees (mcp-principal.ts). */
    readonly principal: Principal;
  },
): void {
  const { principal } = options;
  server.setRequestHandler("resources/list", async () => {
    const declared: Resource[] = [...catalogOf(toolbox).resources.values()].map(listed);
    return { resources: [...declared, ...(await listMemoryResources(toolbox, principal))] };
  });
  server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: [...catalogOf(toolbox).templates.map(listedTemplate), memoryTemplate],
  }));
  server.setRequestHandler("resources/read", async (request, ctx) => {
    const { uri } = request.params;
    const signal = AbortSignal.any([ctx.mcpReq.signal, options.signal]);
    const result =
      (await readDeclared(toolbox, uri, signal)) ??
      (await readMemoryResource(toolbox, uri, principal));
    if (result === undefined) throw new ResourceNotFoundError(uri);
    return result;
  });
  server.setRequestHandler("resources/subscribe", async (request) => {
    const { uri } = request.params;
    // A memory URI is subscribed to only by who may read it: another principal's is not found.
    if (parseMemoryUri(uri) !== undefined) {
      if ((await findMemoryNamespace(toolbox, uri, principal)) === undefined) {
        throw new ResourceNotFoundError(uri);
      }
    }
    options.subscriptions.add(uri);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    options.subscriptions.delete(request.params.uri);
    return {};
  });
}

function listed({ definition }: Served<ResourceDefinition>): Resource {
  return {
    uri: definition.key,
    name: definition.name,
    ...described(definition),
  };
}

function listedTemplate({ definition }: Served<ResourceDefinition>): ResourceTemplate {
  return {
    uriTemplate: definition.key,
    name: definition.name,
    ...described(definition),
  };
}

function described(definition: ResourceDefinition) {
  return {
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.mimeType === undefined ? {} : { mimeType: definition.mimeType }),
  };
}

/** A read of a `@resource`: a fixed URI first, then the templates in the tools' order. */
async function readDeclared(
  toolbox: Toolbox,
  uri: string,
  signal: AbortSignal,
): Promise<ReadResourceResult | undefined> {
  const catalog = catalogOf(toolbox);
  let served = catalog.resources.get(uri);
  let variables: Record<string, string> = {};
  if (served === undefined) {
    for (const candidate of catalog.templates) {
      const matched = candidate.definition.template?.match(uri);
      if (matched !== undefined) {
        served = candidate;
        variables = matched;
        break;
      }
    }
  }
  if (served === undefined) return undefined;
  const { tool, definition } = served;
  try {
    const value = await definition.method(tool).call(tool, variables, { tool, uri, signal });
    return { contents: toResourceContents(value, uri, definition.mimeType) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ProtocolError(ProtocolErrorCode.InternalError, `Reading ${uri} failed: ${message}`, {
      uri,
    });
  }
}
