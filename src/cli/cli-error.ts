/**
 * @internal A failure the CLI reports as one line (plus its cause) and an exit code: 2 for a module or
 * usage problem, 1 for a command that ran and failed.
 */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.exitCode = options.exitCode ?? 2;
  }
}
