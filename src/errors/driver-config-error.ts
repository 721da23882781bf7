import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a prompt driver is constructed with options it cannot use (no model, no API key,
 * a bad number), or when a `MockPromptDriver` runs out of scripted responses.
 *
 * @example
 * ```ts
 * new OpenAIChatPromptDriver({ model: "" }); // DriverConfigError: OpenAIChatPromptDriver: "model" …
 * ```
 */
export class DriverConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/DriverConfigError";
  /** The driver class. */
  readonly driver: string;
  /** The option at fault. */
  readonly option: string;

  constructor(details: { driver: string; option: string; message: string; cause?: unknown }) {
    super("invalid_driver_config", `${details.driver}: "${details.option}" ${details.message}`, {
      cause: details.cause,
    });
    this.driver = details.driver;
    this.option = details.option;
  }
}
