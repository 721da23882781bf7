import type { DialectBuilder } from "./dialect-builder.js";

/** @internal Ollama `/api/chat`: `{ type: "function", function: { name, description, parameters } }`. */
export const buildOllamaTools: DialectBuilder<"ollama"> = (tools) =>
  tools.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, description: tool.description, parameters: tool.schema },
  }));
