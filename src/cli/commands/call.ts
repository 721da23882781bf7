import type { ToolCallResult } from "../../calls/tool-call.js";
import { CliError } from "../cli-error.js";
import { loadToolbox, looksLikeModule } from "../load-toolbox.js";
import { type CliOutput, paint, progress, say, warn } from "../output.js";
import { progressBarFor } from "../progress-bar.js";
import { type TerminalCaller, terminalCaller } from "../terminal-caller.js";

/** @internal Options of `toolwright call`. */
export interface CallOptions {
  readonly json: boolean;
  readonly db: string;
  readonly timeout: number | undefined;
  /** A model's raw reply (`-`: stdin) whose tool calls are run instead of one named call. */
  readonly raw?: string | undefined;
  /** The reply's format for `raw`; auto-detected when absent. */
  readonly format?: string | undefined;
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
  if (options.raw !== undefined) return rawCommand(words, options, output, stdin);
  const { modulePath, name, input } = splitWords(words);
  const argumentsText = input === "-" ? await readAll(stdin) : (input ?? "{}");
  const loaded = await loadToolbox(modulePath, { db: options.db });
  try {
    progress(output, `calling ${name}…`);
    const bar = progressBarFor(output);
    // The input came through stdin: the terminal is not there to answer forms.
    const caller = input === "-" ? undefined : askingCaller(stdin, output, () => bar?.clear());
    let result: ToolCallResult;
    try {
      result = await loaded.toolbox.execute(
        { id: "cli", name, arguments: argumentsText },
        {
          ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
          ...(caller === undefined ? {} : { caller }),
          ...(bar === undefined
            ? {}
            : { onProgress: (report) => caller?.asking !== true && bar.update(report) }),
        },
      );
    } finally {
      // The result (or the error) must start on a clean line, not after the bar.
      bar?.clear();
    }
    return printResult(result, options, output);
  } finally {
    await loaded.close();
  }
}

/** `call --raw <reply|-> [module]`: every call the reply holds, in its own format, run in order. */
async function rawCommand(
  words: readonly string[],
  options: CallOptions,
  output: CliOutput,
  stdin: NodeJS.ReadableStream,
): Promise<number> {
  if (words.length > 1) throw new CliError(`too many arguments: ${words.slice(1).join(" ")}`);
  const reply = options.raw === "-" ? await readAll(stdin) : (options.raw ?? "");
  const { parseToolCalls, toolCallFormatNames } = await import("../../formats/parse-tool-calls.js");
  const format = options.format ?? "auto";
  if (format !== "auto" && !toolCallFormatNames().includes(format as never)) {
    throw new CliError(`unknown --format "${format}"; known: ${toolCallFormatNames().join(", ")}`);
  }
  const parsed = parseToolCalls(reply, { format: format as never });
  for (const refused of parsed.refused) {
    warn(output, paint("red", `refused call: ${refused.reason}`, output.stderr));
  }
  if (parsed.calls.length === 0) {
    warn(
      output,
      `no complete tool call in the reply${parsed.refused.length > 0 ? "" : " (text only)"}`,
    );
    return parsed.refused.length > 0 ? 1 : 0;
  }
  progress(output, `${parsed.calls.length} call(s) in the ${parsed.format} format`);
  const loaded = await loadToolbox(words[0], { db: options.db });
  try {
    const caller = options.raw === "-" ? undefined : askingCaller(stdin, output);
    const results = await loaded.toolbox.executeAll(
      parsed.calls.map((call, index) => ({
        id: call.id ?? `cli-${index + 1}`,
        name: call.name,
        arguments: call.arguments as string,
      })),
      {
        ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
        ...(caller === undefined ? {} : { caller }),
      },
    );
    let failed = parsed.refused.length > 0;
    for (const result of results) {
      if (!options.json) progress(output, `${result.name}:`);
      if (printResult(result, options, output) !== 0) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    await loaded.close();
  }
}

/**
 * The person at the terminal, who answers the forms a call asks (its own `context.elicit`, a remote
 * server's elicitation): only when stdin and stdout are both terminals; else none, and a form is
 * refused with `elicitation_unavailable`.
 */
function askingCaller(
  stdin: NodeJS.ReadableStream,
  output: CliOutput,
  beforeAsk?: () => void,
): TerminalCaller | undefined {
  return terminalCaller({ input: stdin, output: output.stdout }, beforeAsk);
}

/** Prints one result (its repairs, then the artifact or the error); 1 for an `ErrorArtifact`. */
function printResult(result: ToolCallResult, options: CallOptions, output: CliOutput): number {
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
