import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a `@resource` or `@prompt` config is wrong; raised while the class is being defined.
 *
 * @example
 * ```ts
 * // throws DeclarationConfigError: `@resource` on method "readme": give exactly one of "uri" and "uriTemplate"
 * class Docs extends Tool { @resource({} as never) readme() { return ""; } }
 * ```
 */
export class DeclarationConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/DeclarationConfigError";
  /** `"@resource"` or `"@prompt"`. */
  readonly decorator: string;
  /** The decorated method's name. */
  readonly methodName: string;
  /** The config key at fault, when one is. */
  readonly key: string | undefined;

  constructor(details: {
    decorator: string;
    methodName: string;
    key?: string | undefined;
    message: string;
    cause?: unknown;
  }) {
    const where = `\`${details.decorator}\` on method "${details.methodName}"`;
    const what = details.key === undefined ? "" : `: "${details.key}"`;
    super("invalid_declaration_config", `${where}${what}: ${details.message}`, {
      cause: details.cause,
    });
    this.decorator = details.decorator;
    this.methodName = details.methodName;
    this.key = details.key;
  }
}
