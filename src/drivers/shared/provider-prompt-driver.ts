import type {
  PromptCallOptions,
  PromptDriver,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  ToolDialect,
} from "../spec.js";
import type { PromptDriverCalls } from "./create-prompt-driver.js";

/**
 * @internal What the provider drivers have in common as objects: the `PromptDriver` fields and the
 * two calls, made by the generate/stream skeleton (`createPromptDriver`) from the provider's own
 * conversions. No entry exports it, so it is nothing users extend (that is `Tool`); a driver of
 * another shape only has to implement `PromptDriver`.
 *
 * @example
 * ```ts
 * class AcmePromptDriver extends ProviderPromptDriver {
 *   readonly provider = "acme";
 *   readonly dialect = "openai-chat";
 *   constructor(options: DriverOptions) {
 *     super(options.model, createPromptDriver(acmeSpec(options)));
 *   }
 * }
 * ```
 */
export abstract class ProviderPromptDriver implements PromptDriver {
  readonly specificationVersion = "v1";
  abstract readonly provider: string;
  abstract readonly dialect: ToolDialect;
  readonly model: string;
  readonly #calls: PromptDriverCalls;

  protected constructor(model: string, calls: PromptDriverCalls) {
    this.model = model;
    this.#calls = calls;
  }

  generate(request: PromptRequest, options?: PromptCallOptions): Promise<PromptResponse> {
    return this.#calls.generate(request, options);
  }

  stream(request: PromptRequest, options?: PromptCallOptions): AsyncGenerator<PromptStreamEvent> {
    return this.#calls.stream(request, options);
  }
}
