import { ProtocolError, ProtocolErrorCode, type Server } from "@modelcontextprotocol/server";
import type { Completer } from "../declarations/resource-config.js";
import type { Principal } from "../memory/memory-scope.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { memoriesOf, principalOption } from "./memory-resources.js";
import { memoryUriTemplate } from "./memory-uri.js";
import type { ServedCatalog } from "./served-catalog.js";

/** MCP's cap on the values of one completion result. */
const maxValues = 100;

/**
 * @internal `completion/complete`: a prompt argument completes from its `enum` and the prompt's
 * `complete` entry, a resource template variable from the resource's `complete` entry, and the task
 * memory template from the memories' names and the chosen memory's namespaces. Lists are filtered by
 * what was typed; a completer function filters for itself.
 */
export function installCompletionHandler(
  server: Server,
  toolbox: Toolbox,
  catalog: () => ServedCatalog,
  principal: Principal,
): void {
  server.setRequestHandler("completion/complete", async (request) => {
    const { ref, argument, context } = request.params;
    const chosen = context?.arguments ?? {};
    const completer =
      ref.type === "ref/prompt"
        ? promptCompleter(catalog(), ref.name, argument.name)
        : templateCompleter(toolbox, catalog(), ref.uri, { variable: argument.name, principal });
    const values = completer === undefined ? [] : await complete(completer, argument.value, chosen);
    return {
      completion: {
        values: values.slice(0, maxValues),
        total: values.length,
        hasMore: values.length > maxValues,
      },
    };
  });
}

function promptCompleter(
  catalog: ServedCatalog,
  name: string,
  argument: string,
): Completer | undefined {
  const served = catalog.prompts.get(name);
  if (served === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt "${name}" not found`);
  }
  const { definition } = served;
  return (
    definition.complete.get(argument) ??
    definition.arguments.find((candidate) => candidate.name === argument)?.values
  );
}

function templateCompleter(
  toolbox: Toolbox,
  catalog: ServedCatalog,
  uri: string,
  { variable, principal }: { readonly variable: string; readonly principal: Principal },
): Completer | undefined {
  if (uri === memoryUriTemplate) return memoryCompleter(toolbox, variable, principal);
  const served = catalog.templates.find(({ definition }) => definition.key === uri);
  if (served === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource template ${uri} not found`);
  }
  return served.definition.complete.get(variable);
}

/**
 * The memory template's variables: the memories' names, then the chosen memory's namespaces that the
 * client's principal may read.
 */
function memoryCompleter(
  toolbox: Toolbox,
  variable: string,
  principal: Principal,
): Completer | undefined {
  const memories = memoriesOf(toolbox);
  if (variable === "memory_name") return memories.map((memory) => memory.name);
  if (variable !== "artifact_namespace") return undefined;
  return async (prefix, chosen) => {
    const memory = memories.find((candidate) => candidate.name === chosen.memory_name);
    const namespaces =
      memory === undefined ? [] : await memory.namespaces(principalOption(principal));
    return namespaces
      .map((summary) => summary.namespace)
      .filter((namespace) => namespace.startsWith(prefix));
  };
}

async function complete(
  completer: Completer,
  prefix: string,
  chosen: Readonly<Record<string, string>>,
): Promise<string[]> {
  const values =
    typeof completer === "function"
      ? await completer(prefix, chosen)
      : completer.filter((value) => value.startsWith(prefix));
  return [...new Set(values)];
}
