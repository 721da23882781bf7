import { Command, CommanderError, Help, InvalidArgumentError, Option } from "commander";
import { type Dialect, dialects } from "../dialects/dialect.js";
import { MissingDependencyError } from "../errors/missing-dependency-error.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import { packageVersion } from "../internal/package-version.js";
import { CliError } from "./cli-error.js";
import type { ReportCommand } from "./load-toolbox.js";
import { addMcpCommands } from "./mcp-commands.js";
import { type CliOutput, paint } from "./output.js";

/** @internal The process streams the CLI works with (tests pass their own). */
export interface CliStreams {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Where the CLI keeps its task memory unless `--db` says otherwise. */
const defaultMemoryFile = ".toolwright/memory.db";

const moduleHelp =
  "a .ts or .js file exporting Tool instances, Tool classes or a Toolbox (default: the built-in tools)";

/**
 * @internal Runs the `toolwright` command line (commands load on use, so `--help` stays quick) and resolves to the exit code: 0 done, 1 the command
 * ran and failed (an ErrorArtifact, a rejected dialect, npm failing), 2 a usage or module problem.
 */
export async function main(argv: readonly string[], streams: CliStreams): Promise<number> {
  let exitCode = 0;
  const program = new Command("toolwright");
  const output = (): CliOutput => ({
    stdout: streams.stdout,
    stderr: streams.stderr,
    quiet: program.opts<{ quiet?: boolean }>().quiet === true,
  });
  const done = (code: number) => {
    exitCode = code;
  };
  const db = () =>
    new Option("--db <file>", "the SQLite task memory file").default(defaultMemoryFile);

  program
    .description(
      "Turn class methods into tools any LLM can call: list, check, call and serve them.",
    )
    .version(packageVersion(), "-v, --version")
    .option("-q, --quiet", "no progress lines on stderr")
    .configureOutput({
      writeOut: (text) => streams.stdout.write(text),
      writeErr: (text) => streams.stderr.write(text),
      outputError: (text, write) => write(paint("red", text, streams.stderr)),
    })
    .showHelpAfterError("(add --help for usage)")
    .configureHelp({
      // `call` takes `[module] <name> [json]`, which commander can only parse as one variadic list.
      subcommandTerm: (command) =>
        command.name() === "call"
          ? "call [options] [module] <name> [json]"
          : Help.prototype.subcommandTerm.call(new Help(), command),
    })
    .exitOverride();

  // A command that reports on a module's tools, as a table or (`--json`) as JSON; loaded on use.
  const reportCommand = (name: string, description: string, load: () => Promise<ReportCommand>) =>
    program
      .command(name)
      .description(description)
      .argument("[module]", moduleHelp)
      .option("--json", "machine-readable output")
      .addOption(db())
      .action(async (modulePath: string | undefined, options: { json?: boolean; db: string }) => {
        const command = await load();
        done(await command(modulePath, { json: options.json === true, db: options.db }, output()));
      });

  reportCommand(
    "list",
    "list the tools and their activities, with descriptions",
    async () => (await import("./commands/list.js")).listCommand,
  );

  program
    .command("schema")
    .description("print the tools as a provider's `tools` JSON")
    .argument("[module]", moduleHelp)
    .addOption(
      new Option("-d, --dialect <dialect>", "the provider dialect")
        .choices(dialects)
        .default("json-schema"),
    )
    .option("--strict", "strict tools (OpenAI, Anthropic)")
    .addOption(
      new Option("--gemini-field <field>", "Gemini's schema field").choices([
        "parameters",
        "parametersJsonSchema",
      ]),
    )
    .addOption(new Option("--draft <draft>", "json-schema draft").choices(["2020-12", "draft-07"]))
    .addOption(db())
    .action(
      async (
        modulePath: string | undefined,
        options: {
          dialect: Dialect;
          strict?: boolean;
          geminiField?: "parameters" | "parametersJsonSchema";
          draft?: "2020-12" | "draft-07";
          db: string;
        },
      ) => {
        done(
          await (await import("./commands/schema.js")).schemaCommand(
            modulePath,
            {
              dialect: options.dialect,
              db: options.db,
              ...(options.strict === true ? { strict: true } : {}),
              ...(options.geminiField === undefined
                ? {}
                : { geminiSchemaField: options.geminiField }),
              ...(options.draft === undefined ? {} : { jsonSchemaDraft: options.draft }),
            },
            output(),
          ),
        );
      },
    );

  reportCommand(
    "check",
    "compile every tool for every dialect: what each loses or rejects (exit 1 on a rejection)",
    async () => (await import("./commands/check.js")).checkCommand,
  );

  program
    .command("call")
    .description("decode (tolerantly), run and print one call (exit 1 on an ErrorArtifact)")
    .usage("[options] [module] <name> [json]  |  --raw <reply|-> [module]")
    .argument("[words...]", "[module] <name> [json]: json defaults to {}; - reads it from stdin")
    .option("--json", "print the artifact and repairs as JSON")
    .option("--timeout <ms>", "time limit for the call", positiveInteger)
    .option(
      "--raw <reply>",
      "a model's whole raw reply (- reads it from stdin): run every tool call written in it, in any open model's format",
    )
    .option("--format <name>", "the reply's tool-call format for --raw (auto-detected by default)")
    .addOption(db())
    .action(
      async (
        words: string[],
        options: { json?: boolean; timeout?: number; db: string; raw?: string; format?: string },
      ) => {
        done(
          await (await import("./commands/call.js")).callCommand(
            words,
            {
              json: options.json === true,
              timeout: options.timeout,
              db: options.db,
              raw: options.raw,
              format: options.format,
            },
            output(),
            streams.stdin,
          ),
        );
      },
    );

  program
    .command("serve")
    .description("serve the tools as an MCP server (stdio, or Streamable HTTP at /mcp)")
    .argument("[module]", moduleHelp)
    .option("--http", "Streamable HTTP instead of stdio")
    .option("--host <host>", "address to bind (HTTP; not loopback needs --token)", "127.0.0.1")
    .option("-p, --port <port>", "port (HTTP; 0 picks a free one)", portNumber, 3000)
    .addOption(
      new Option("--token <token>", "bearer token clients must send (HTTP; generated if none)").env(
        "TOOLWRIGHT_TOKEN",
      ),
    )
    .option("--allowed-host <host...>", "host names the Host header may carry (HTTP)")
    .option("--allowed-origin <origin...>", "browser origins allowed (HTTP)")
    .option("--allow-writes", "also serve activities not annotated readOnly (HTTP)")
    .option("--stateless", "no sessions, so replicas behind a load balancer share clients (HTTP)")
    .option(
      "--receipts [where]",
      "replay repeated tools/call (idempotency key in _meta): receipts in the --db file, a SQLite file or a redis:// URL",
    )
    .option(
      "--files <dir>",
      "the built-in FileManagerTool's root, created if missing (default: .toolwright/files)",
    )
    .addOption(db())
    .action(
      async (
        modulePath: string | undefined,
        options: {
          http?: boolean;
          host: string;
          port: number;
          token?: string;
          allowedHost?: string[];
          allowedOrigin?: string[];
          allowWrites?: boolean;
          stateless?: boolean;
          files?: string;
          receipts?: boolean | string;
          db: string;
        },
        command: Command,
      ) => {
        done(
          await (await import("./commands/serve.js")).serveCommand(
            modulePath,
            {
              http: options.http === true,
              host: options.host,
              port: options.port,
              token: options.token,
              tokenFromEnvironment: command.getOptionValueSource("token") === "env",
              allowedHosts: options.allowedHost,
              allowedOrigins: options.allowedOrigin,
              db: options.db,
              allowWrites: options.allowWrites === true,
              stateless: options.stateless === true,
              files: options.files,
              receipts: options.receipts ?? false,
            },
            output(),
          ),
        );
      },
    );

  program
    .command("worker")
    .description("run the tools for QueueToolbox callers: a worker of a BullMQ queue on Redis")
    .argument("[module]", moduleHelp)
    .addOption(
      new Option("--redis <url>", "the queue's Redis")
        .env("TOOLWRIGHT_REDIS_URL")
        .default("redis://127.0.0.1:6379"),
    )
    .option("--queue <name>", "the queue's name", "toolwright")
    .option("-c, --concurrency <n>", "jobs run at once", positiveInteger, 1)
    .option(
      "--limit <Tool.activity=n>",
      "most calls of an activity at once across the fleet, repeatable (callers need the same limits)",
      activityLimit,
    )
    .option("--lock-duration <ms>", "how soon a stopped worker's job is recovered", positiveInteger)
    .option("--stalled-interval <ms>", "how often workers look for such jobs", positiveInteger)
    .addHelpText(
      "after",
      "\nWith TOOLWRIGHT_QUEUE_SECRET set (the fleet's shared secret, 32+ bytes), only jobs signed with it run.",
    )
    .action(
      async (
        modulePath: string | undefined,
        options: {
          redis: string;
          queue: string;
          concurrency: number;
          limit?: Record<string, number>;
          lockDuration?: number;
          stalledInterval?: number;
        },
      ) => {
        done(
          await (await import("./commands/worker.js")).workerCommand(
            modulePath,
            {
              redis: options.redis,
              queue: options.queue,
              concurrency: options.concurrency,
              limits: options.limit ?? {},
              lockDuration: options.lockDuration,
              stalledInterval: options.stalledInterval,
              // From the environment only: a flag's value shows in every process listing.
              secret: process.env.TOOLWRIGHT_QUEUE_SECRET || undefined,
            },
            output(),
          ),
        );
      },
    );

  program
    .command("inspect")
    .description(
      "a local web page: each tool as every model sees it, tried calls, task memory, live calls",
    )
    .argument("[module]", moduleHelp)
    .option("--host <host>", "address to bind (not loopback needs --token)", "127.0.0.1")
    .option("-p, --port <port>", "port (0 picks a free one)", portNumber, 0)
    .addOption(
      new Option("--token <token>", "the token the page and API need (generated if none)").env(
        "TOOLWRIGHT_TOKEN",
      ),
    )
    .option("--allowed-host <host...>", "host names the Host header may carry")
    .option("--allowed-origin <origin...>", "browser origins allowed")
    .option("--open", "open a browser (default: when stdout is a terminal)")
    .option("--no-open", "never open a browser")
    .option("--redis <url>", "the task memory in Redis (redis://…) instead of the --db file")
    .addOption(db())
    .action(
      async (
        modulePath: string | undefined,
        options: {
          host: string;
          port: number;
          token?: string;
          allowedHost?: string[];
          allowedOrigin?: string[];
          open?: boolean;
          redis?: string;
          db: string;
        },
        command: Command,
      ) => {
        done(
          await (await import("./commands/inspect.js")).inspectCommand(
            modulePath,
            {
              host: options.host,
              port: options.port,
              token: options.token,
              allowedHosts: options.allowedHost,
              allowedOrigins: options.allowedOrigin,
              db: options.db,
              dbGiven: command.getOptionValueSource("db") === "cli",
              redis: options.redis,
              open: options.open,
              stdoutIsTTY: (streams.stdout as { isTTY?: boolean }).isTTY === true,
            },
            output(),
          ),
        );
      },
    );

  addMcpCommands(program, { output, done, portNumber, positiveInteger });
  const memory = program
    .command("memory")
    .description("inspect a SQLite task memory: ls, read, search");
  memory
    .command("ls")
    .description("list the stored namespaces")
    .option("--json", "machine-readable output")
    .addOption(db())
    .action(async (options: { json?: boolean; db: string }) => {
      done(
        await (await import("./commands/memory.js")).memoryListCommand(
          { db: options.db, json: options.json === true },
          output(),
        ),
      );
    });
  memory
    .command("read")
    .description("print a page of a namespace's text")
    .argument("<namespace>", "the artifact_namespace")
    .option("--offset <n>", "first character", nonNegativeInteger, 0)
    .option("--limit <n>", "most characters", positiveInteger, 4000)
    .option("--json", "machine-readable output")
    .addOption(db())
    .action(
      async (
        namespace: string,
        options: { offset: number; limit: number; json?: boolean; db: string },
      ) => {
        done(
          await (await import("./commands/memory.js")).memoryReadCommand(
            namespace,
            { ...options, json: options.json === true },
            output(),
          ),
        );
      },
    );
  memory
    .command("search")
    .description("find passages (BM25-ranked)")
    .argument("<query>", "words to look for")
    .option("--namespace <namespace>", "only this namespace")
    .option("--limit <n>", "most passages", positiveInteger, 5)
    .option("--json", "machine-readable output")
    .addOption(db())
    .action(
      async (
        query: string,
        options: { namespace?: string; limit: number; json?: boolean; db: string },
      ) => {
        done(
          await (await import("./commands/memory.js")).memorySearchCommand(
            query,
            {
              db: options.db,
              json: options.json === true,
              namespace: options.namespace,
              limit: options.limit,
            },
            output(),
          ),
        );
      },
    );

  program
    .command("install")
    .description("npm install the packages the tools' `static requirements` name and lack")
    .argument("[module]", moduleHelp)
    .option("--dry-run", "print the npm command without running it")
    .addOption(db())
    .action(async (modulePath: string | undefined, options: { dryRun?: boolean; db: string }) => {
      done(
        await (await import("./commands/install.js")).installCommand(
          modulePath,
          { dryRun: options.dryRun === true, db: options.db },
          output(),
        ),
      );
    });

  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    return report(error, streams.stderr);
  }
}

function report(error: unknown, stderr: NodeJS.WritableStream): number {
  if (error instanceof CommanderError) {
    // Help and version end with exit code 0; a usage mistake is 2, as for a bad module.
    return error.exitCode === 0 ? 0 : 2;
  }
  const exitCode =
    error instanceof CliError ? error.exitCode : ToolwrightError.isInstance(error) ? 2 : 1;
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`${paint("red", `toolwright: ${message}`, stderr)}\n`);
  // A missing package is said in full by its one line (what to install); Node's resolution error
  // behind it adds nothing.
  const cause =
    error instanceof Error && !MissingDependencyError.isInstance(error) ? error.cause : undefined;
  if (cause !== undefined) stderr.write(`  cause: ${describeCause(cause)}\n`);
  else if (
    !(error instanceof CliError) &&
    !ToolwrightError.isInstance(error) &&
    error instanceof Error
  ) {
    stderr.write(`${error.stack ?? ""}\n`);
  }
  return exitCode;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // esbuild puts the useful part ("file.ts:5:0: ERROR: …") on the lines after its summary.
  const lines = cause.message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const text = `${cause.name}: ${lines.slice(0, 3).join(" ")}`;
  // Node names the file of a JavaScript syntax error only in the stack's first line.
  const where =
    cause.name === "SyntaxError" ? /^(\S+:\d+)$/m.exec(cause.stack ?? "")?.[1] : undefined;
  return where === undefined ? text : `${text} (${where})`;
}

// Integer flags: one reader, each flag its range and its message.
const integerIn =
  (min: number, max: number, expected: string) =>
  (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      throw new InvalidArgumentError(expected);
    }
    return number;
  };
const positiveInteger = integerIn(1, Infinity, "must be a positive integer");
const nonNegativeInteger = integerIn(0, Infinity, "must be a whole number >= 0");
const portNumber = integerIn(0, 65_535, "must be a port number from 0 to 65535");

/** `--limit Tool.activity=n`, repeatable: the limits given so far plus this one. */
function activityLimit(
  value: string,
  previous: Record<string, number> = {},
): Record<string, number> {
  const split = value.lastIndexOf("=");
  const limit = Number(value.slice(split + 1));
  if (split < 1 || !Number.isInteger(limit) || limit < 1) {
    throw new InvalidArgumentError("must be Tool.activity=n with n a positive integer");
  }
  return { ...previous, [value.slice(0, split)]: limit };
}
