import type { Toolbox } from "../../toolbox/toolbox.js";
import type { ExecuteOptions } from "../../toolbox/toolbox-options.js";

/** @internal What an AI SDK tool made by `toAiSdkTools` runs: which toolbox, activity and options. */
export interface ToolBinding {
  readonly toolbox: Toolbox;
  readonly nativeName: string;
  readonly executeOptions: ExecuteOptions;
}

const bindings = new WeakMap<object, ToolBinding>();

/** @internal Marks an AI SDK tool as one of ours, so the repair hook knows how it decodes. */
export function bindTool(tool: object, binding: ToolBinding): void {
  bindings.set(tool, binding);
}

/** @internal The binding of a tool `toAiSdkTools` made; `undefined` for anyone else's tool. */
export function bindingOf(tool: unknown): ToolBinding | undefined {
  return typeof tool === "object" && tool !== null ? bindings.get(tool) : undefined;
}
