import { CliError } from "./cli-error.js";

/**
 * @internal The rule every command that guards an HTTP server with a bearer token applies to a
 * token given with `--token` or `TOOLWRIGHT_TOKEN`: at least 8 characters, no whitespace (a token
 * with spaces cannot travel in an `Authorization` header as written, and a short one is guessed).
 */
export function checkToken(token: string | undefined): void {
  if (token !== undefined && (token.length < 8 || /\s/.test(token))) {
    throw new CliError("--token must be 8 or more characters without spaces");
  }
}
