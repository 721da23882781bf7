import { randomBytes } from "node:crypto";
import { type HttpAccess, isLoopbackHost } from "../mcp/http-guards.js";
import { CliError } from "./cli-error.js";

/**
 * @internal Refuses a host beyond loopback without a token: anyone who can reach the port could call
 * in. `what` names the server in the message.
 */
export function checkListenFlags(flags: HttpAccess, what: string): void {
  if (flags.token === undefined && !isLoopbackHost(flags.host)) {
    throw new CliError(
      `--host ${flags.host} lets other machines reach ${what}: set the token they must send with --token or TOOLWRIGHT_TOKEN`,
    );
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
