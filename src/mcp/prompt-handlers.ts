import {
  type GetPromptResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from "@modelcontextprotocol/server";
import { callerRequests } from "../caller/caller-requests.js";
import type { PromptDefinition } from "../declarations/prompt.js";
import type { PromptResult } from "../declarations/prompt-config.js";
import { formatValidationIssues } from "../schema/format-issues.js";
import { type CallerSettings, missingCapability, withCaller } from "./caller-scope.js";
import type { ServedCatalog } from "./served-catalog.js";
import { toPromptMessages } from "./to-mcp-result.js";

/**
 * @internal `prompts/list` and `prompts/get` over the tools' `@prompt` methods, named
 * `<tool name>_<prompt name>`. Arguments are validated by the prompt's schema first: a problem is
 * -32602 in toolwright's words, as is an unknown prompt (naming the known ones).
 */
export function installPromptHandlers(
  server: Server,
  settings: CallerSettings & { readonly catalog: () => ServedCatalog },
): void {
  const { catalog } = settings;
  server.setRequestHandler("prompts/list", () => ({
    prompts: [...catalog().prompts].map(([name, { definition }]) => listed(name, definition)),
  }));
  server.setRequestHandler("prompts/get", async (request, ctx) => {
    const { name, arguments: given = {} } = request.params;
    const served = catalog().prompts.get(name);
    if (served === undefined) {
      const known = [...catalog().prompts.keys()];
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt "${name}" not found. ${known.length === 0 ? "This server has no prompts." : `Prompts: ${known.join(", ")}`}`,
      );
    }
    const { tool, definition } = served;
    let args: unknown = given;
    if (definition.schema !== undefined) {
      const checked = await definition.schema.validate(given);
      if (!checked.ok) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          formatValidationIssues(checked.issues, 1000, `Invalid arguments for prompt "${name}": `),
        );
      }
      args = checked.value;
    }
    return withCaller(server, ctx, settings, request.params, async ({ caller, signal }) => {
      const context = { tool, signal, ...callerRequests(caller, signal, tool.name) };
      let result: PromptResult;
      try {
        result = (await definition.method(tool).call(tool, args, context)) as PromptResult;
      } catch (error) {
        throw missingCapability(settings.kind, error) ?? error;
      }
      return {
        description: definition.description,
        messages: toPromptMessages(result),
      } satisfies GetPromptResult;
    });
  });
}

function listed(name: string, definition: PromptDefinition): Prompt {
  return {
    name,
    description: definition.description,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    arguments: definition.arguments.map((argument) => ({
      name: argument.name,
      required: argument.required,
      ...(argument.description === undefined ? {} : { description: argument.description }),
    })),
  };
}
