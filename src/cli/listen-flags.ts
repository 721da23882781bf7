import { randomBytes } from "node:crypto";
import { type HttpAccess, isLoopbackHost } from "../mcp/http-guards.js";
import { CliError } from "./cli-error.js";

/**
 * @internal Refuses a host beyond loopback without a token (anyone who can reach the port could call
 * in) and a token given with `--token` or `TOOLWRIGHT_TOKEN` under 8 characters or with whitespace (a
 * short one is guessed; one with spaces cannot travel in an `Authorization` header as written).
 * `what` names the server in the message.
 */
export function checkListenFlags(flags: HttpAccess, what: string): void {
  if (flags.token === undefined && !isLoopbackHost(flags.host)) {
    throw new CliError(
      `--host ${flags.host} lets other machines reach ${what}: set the token they must send with --token or TOOLWRIGHT_TOKEN`,
    );
  }
  if (flags.token !== undefined && (flags.token.length < 8 || /\s/.test(flags.token))) {
    throw new CliError("--token must be 8 or more characters without spaces");
  }
}

/**
 * @internal Where and for whom a server listens, as the servers take it: the token given, or a fresh
 * one for this run (as Jupyter does: shown only to whoever started the server).
 */
export function listenAddress(flags: HttpAccess): HttpAccess & { readonly token: string } {
  return {
    host: flags.host,
    port: flags.port,
    token: flags.token ?? randomBytes(32).toString("base64url"),
    allowedHosts: flags.allowedHosts,
    allowedOrigins: flags.allowedOrigins,
  };
}
