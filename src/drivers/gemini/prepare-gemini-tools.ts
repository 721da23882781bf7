import type { FunctionCallingConfigMode, Tool, ToolConfig } from "@google/genai";
import type { JsonObject } from "../../schema/json.js";
import { checkToolChoiceName, checkTools, type DriverIdentity } from "../shared/request-checks.js";
import { isJsonObject } from "../shared/tool-call-arguments.js";
import type { PromptRequest } from "../spec.js";

/**
 * The `tools` and `toolConfig` of a Gemini request. Tools come already compiled
 * (`toolbox.toProviderTools("gemini")`: `Tool` objects with `functionDeclarations`) and pass
 * through; bare function declarations are gathered into one `Tool`. Gemini has no switch for
 * parallel calls, so `parallelToolCalls` is not sent.
 *
 * @example
 * ```ts
 * prepareGeminiTools({ tools, toolChoice: { name: "Calc_calculate" } }, identity);
 * // { tools, toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["Calc_calculate"] } } }
 * ```
 */
export function prepareGeminiTools(
  request: Pick<PromptRequest, "tools" | "toolChoice">,
  identity: DriverIdentity,
): { tools?: Tool[]; toolConfig?: ToolConfig } {
  const given = checkTools(
    identity,
    request.tools,
    "a Gemini tool { functionDeclarations: [{ name, … }] } or a function declaration { name, … }",
    (tool) =>
      tool.type === undefined &&
      (Array.isArray(tool.functionDeclarations) ||
        (typeof tool.name === "string" &&
          tool.function === undefined &&
          tool.input_schema === undefined)),
  );
  if (given.length === 0) return {};
  const declarations = given.filter((tool) => typeof tool.name === "string");
  const tools: JsonObject[] = given.filter((tool) => typeof tool.name !== "string");
  if (declarations.length > 0) tools.push({ functionDeclarations: declarations });
  const names = tools.flatMap((tool) =>
    Array.isArray(tool.functionDeclarations)
      ? tool.functionDeclarations
          .filter(isJsonObject)
          .map((declaration) => String(declaration.name))
      : [],
  );
  const choice = request.toolChoice;
  let config: ToolConfig | undefined;
  if (typeof choice === "object") {
    config = {
      functionCallingConfig: {
        mode: "ANY" as FunctionCallingConfigMode,
        allowedFunctionNames: [checkToolChoiceName(identity, choice.name, names)],
      },
    };
  } else if (choice !== undefined) {
    const mode = { auto: "AUTO", required: "ANY", none: "NONE" }[choice];
    config = { functionCallingConfig: { mode: mode as FunctionCallingConfigMode } };
  }
  // The SDK rewrites schemas in place (`processJsonSchema`), and a Toolbox hands out frozen, cached tools.
  const copies = structuredClone(tools) as unknown as Tool[];
  return { tools: copies, ...(config !== undefined && { toolConfig: config }) };
}
