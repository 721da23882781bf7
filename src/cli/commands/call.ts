import { CliError } from "../cli-error.js";
import { loadToolbox, looksLikeModule } from "../load-toolbox.js";
import { type CliOutput, paint, progress, say, warn } from "../output.js";

/** @internal Options of `toolwright call`. */
export interface CallOptions {
  readonly json: boolean;
  readonly db: string;
  readonly timeout: number | undefined;
}

/**
 * @internal `toolwright call [module] <name> [json]`: decodes the call as tolerantly as the toolbox
 * does for a model (the repairs are printed), runs it and prints the artifact; exit 1 on an
 * `ErrorArtifact`. `json` may be `-` to read it from stdin; it defaults to `{}`.
 */
export async function callCommand(
  words: readonly string[],
  options: CallOptions,
  output: CliOutput,
  stdin: NodeJS.ReadableStream,
): Promise<number> {
  const { modulePath, name, input } = splitWords(words);
  const argumentsText = input === "-" ? await readAll(stdin) : (input ?? "{}");
  const loaded = await loadToolbox(modulePath, { db: options.db });
  try {
    progress(output, `calling ${name}…`);
    const result = await loaded.toolbox.execute(
      { id: "cli", name, arguments: argumentsText },
      options.timeout === undefined ? {} : { timeoutMs: options.timeout },
    );
    const { artifact, repairs } = result;
    if (options.json) {
      say(
        output,
        JSON.stringify(
          {
            name: result.name,
            tool: result.toolName ?? null,
            activity: result.activityName ?? null,
            artifact: artifact.toJSON(),
            repairs,
          },
          null,
          2,
        ),
      );
    } else {
      for (const repair of repairs) {
        warn(output, paint("yellow", `repaired (${repair.step}): ${repair.detail}`, output.stderr));
      }
      if (artifact.type === "ErrorArtifact") {
        const code = artifact.code === undefined ? "" : ` [${artifact.code}]`;
        warn(output, paint("red", `error${code}: ${artifact.value}`, output.stderr));
      } else {
        say(output, artifact.toText());
      }
    }
    return artifact.type === "ErrorArtifact" ? 1 : 0;
  } finally {
    await loaded.close();
  }
}

/** `[module] <name> [json]`: the first word is a module only when it looks like a file path. */
function splitWords(words: readonly string[]): {
  modulePath: string | undefined;
  name: string;
  input: string | undefined;
} {
  const [first, second, third, ...rest] = words;
  if (first !== undefined && looksLikeModule(first) && second !== undefined) {
    if (rest.length > 0) throw new CliError(`too many arguments: ${rest.join(" ")}`);
    return { modulePath: first, name: second, input: third };
  }
  if (first === undefined) throw new CliError("missing the name of the tool to call");
  if (third !== undefined) {
    throw new CliError(
      `too many arguments: ${[third, ...rest].join(" ")} (quote the JSON input as one argument)`,
    );
  }
  return { modulePath: undefined, name: first, input: second };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}
