import type { Command } from "commander";
import type { CliOutput } from "./output.js";

/** @internal What the command line lends its command groups: output, the exit code, parsers. */
export interface CommandGroupContext {
  readonly output: () => CliOutput;
  readonly done: (code: number) => void;
  readonly portNumber: (value: string) => number;
  readonly positiveInteger: (value: string) => number;
}

/**
 * @internal `toolwright mcp login|logout|list`: logins to protected MCP servers, kept in a per-user
 * file that `McpTool.connect`, `serve` and `inspect` then use. The commands load on use.
 */
export function addMcpCommands(program: Command, context: CommandGroupContext): void {
  const { output, done, portNumber, positiveInteger } = context;
  const mcp = program
    .command("mcp")
    .description("sign in to protected MCP servers: login, logout, list");
  const authFile = [
    "--auth-file <file>",
    "the credential file (default: ~/.config/toolwright/mcp-auth.json)",
  ] as const;
  const commands = () => import("./commands/mcp-login.js");

  mcp
    .command("login")
    .description(
      "sign in to an MCP server with OAuth (browser, redirect to 127.0.0.1) and keep the login",
    )
    .argument("<url>", "the server's MCP endpoint, e.g. https://mcp.example.com/mcp")
    .option("--scope <scope>", "the scope to ask for (default: what the server asks)")
    .option("--client-id <id>", "a client registered beforehand with the authorization server")
    .option("--client-secret <secret>", "its secret (confidential clients)")
    .option("--port <n>", "the 127.0.0.1 port of the redirect (default: any free port)", portNumber)
    .option("--timeout <ms>", "how long to wait for the sign-in (ms)", positiveInteger, 300_000)
    .option("--no-browser", "print the address instead of opening a browser")
    .option(...authFile)
    .action(
      async (
        url: string,
        options: {
          scope?: string;
          clientId?: string;
          clientSecret?: string;
          port?: number;
          timeout: number;
          browser: boolean;
          authFile?: string;
        },
      ) => {
        done(
          await (await commands()).mcpLoginCommand(
            url,
            { ...options, timeoutMs: options.timeout },
            output(),
          ),
        );
      },
    );
  mcp
    .command("logout")
    .description("forget the login kept for an MCP server")
    .argument("<url>", "the server's MCP endpoint")
    .option(...authFile)
    .action(async (url: string, options: { authFile?: string }) => {
      done(await (await commands()).mcpLogoutCommand(url, options, output()));
    });
  mcp
    .command("list")
    .description("list the MCP servers with a kept login")
    .option("--json", "machine-readable output")
    .option(...authFile)
    .action(async (options: { json?: boolean; authFile?: string }) => {
      done(
        await (await commands()).mcpListCommand(
          { ...options, json: options.json === true },
          output(),
        ),
      );
    });
}
