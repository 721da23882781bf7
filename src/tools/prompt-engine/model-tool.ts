import { Tool } from "../../tool/tool.js";
import { type ModelSettings, type ModelToolOptions, modelToolParts } from "./model-tool-options.js";

/**
 * @internal What the tools that ask a model and take only the shared options (`QueryTool`,
 * `PromptSummaryTool`) have in common: their options checked and split, the model settings kept.
 * Not exported: `Tool` stays the one base class users extend.
 */
export abstract class ModelTool extends Tool {
  /** The model asked, its rules and how much content one call carries. */
  readonly model: ModelSettings;

  constructor(options: ModelToolOptions) {
    const [model, base] = modelToolParts(new.target, options);
    super(base);
    this.model = model;
  }
}
