import type { Dialect, DialectOptions } from "../../dialects/dialect.js";
import { DialectError } from "../../errors/dialect-error.js";
import { CliError } from "../cli-error.js";
import { type ModuleCommand, withToolbox } from "../load-toolbox.js";
import { say } from "../output.js";

/** @internal `toolwright schema [module] --dialect <d> [--strict]`: the provider's `tools` JSON. */
export const schemaCommand: ModuleCommand<{ dialect: Dialect; db: string } & DialectOptions> = (
  modulePath,
  options,
  output,
) =>
  withToolbox(modulePath, options, (loaded) => {
    const { dialect, db: _db, ...dialectOptions } = options;
    let tools: unknown;
    try {
      tools = loaded.toolbox.toProviderTools(dialect, dialectOptions);
    } catch (error) {
      if (error instanceof DialectError) throw new CliError(error.message, { exitCode: 1 });
      throw error;
    }
    say(output, JSON.stringify(tools, null, 2));
    return 0;
  });
