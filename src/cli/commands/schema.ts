import type { Dialect, DialectOptions } from "../../dialects/dialect.js";
import { DialectError } from "../../errors/dialect-error.js";
import { CliError } from "../cli-error.js";
import { loadToolbox } from "../load-toolbox.js";
import { type CliOutput, say } from "../output.js";

/** @internal `toolwright schema [module] --dialect <d> [--strict]`: the provider's `tools` JSON. */
export async function schemaCommand(
  modulePath: string | undefined,
  options: { dialect: Dialect; db: string } & DialectOptions,
  output: CliOutput,
): Promise<number> {
  const loaded = await loadToolbox(modulePath, { db: options.db });
  try {
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
  } finally {
    await loaded.close();
  }
}
