import type { Dialect, DialectOptions } from "../../dialects/dialect.js";
import { DialectError } from "../../errors/dialect-error.js";
import { CliError } from "../cli-error.js";
import { type ModuleCommand, withToolbox } from "../load-toolbox.js";
import { say } from "../output.js";

// The dialects each option applies to; given with another, it would be ignored without a word.
const optionDialects: readonly (readonly [keyof DialectOptions, string, readonly Dialect[]])[] = [
  ["strict", "--strict", ["openai-chat", "openai-responses", "anthropic"]],
  ["geminiSchemaField", "--gemini-field", ["gemini"]],
  ["jsonSchemaDraft", "--draft", ["json-schema"]],
];

/** @internal `toolwright schema [module] --dialect <d> [--strict]`: the provider's `tools` JSON. */
export const schemaCommand: ModuleCommand<
  { dialect: Dialect; db: string } & DialectOptions
> = async (modulePath, options, output) => {
  for (const [option, flag, applies] of optionDialects) {
    if (options[option] === undefined || applies.includes(options.dialect)) continue;
    throw new CliError(
      `${flag} applies to ${applies.join(", ")}; ${options.dialect} has no such option (leave it out)`,
    );
  }
  return withToolbox(modulePath, options, (loaded) => {
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
};
