import { hash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

/**
 * @internal Who may reach an HTTP server: where it listens, the bearer token clients send, and the
 * `Host` and `Origin` values it accepts (`undefined`: the loopback defaults).
 */
export interface HttpAccess {
  readonly host: string;
  readonly port: number;
  readonly token: string | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly allowedOrigins: readonly string[] | undefined;
}

/** @internal Host names every local client uses for a loopback server. */
export const loopbackHosts: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

/** @internal The host names a server bound to `host` answers to by default: loopback, plus `host` unless it is a wildcard. */
export function defaultAllowedHosts(host: string): string[] {
  const hosts = new Set(loopbackHosts);
  if (host !== "0.0.0.0" && host !== "::" && host !== "") hosts.add(bracketed(host));
  return [...hosts];
}

/** @internal `http://<host>:<port>` for each allowed host: the origins of pages served by this server itself. */
export function defaultAllowedOrigins(hosts: readonly string[], port: number): string[] {
  return hosts.map((host) => `http://${host}:${port}`);
}

/**
 * @internal DNS-rebinding guard: the `Host` header's host name (port ignored) must be one of `allowed`
 * (compared case-insensitively, IPv6 in brackets). A page on `evil.example` that rebinds its name to
 * 127.0.0.1 still sends `Host: evil.example`.
 */
export function hostAllowed(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (hostHeader === undefined || hostHeader === "") return false;
  // A server's clients send one Host on every request: the last one allowed is not parsed again.
  if (lastAllowedHost?.header === hostHeader && lastAllowedHost.allowed === allowed) return true;
  if (!parsedHostAllowed(hostHeader, allowed)) return false;
  lastAllowedHost = { header: hostHeader, allowed };
  return true;
}

/** The `Host` header last allowed, and the list that allowed it. */
let lastAllowedHost: { readonly header: string; readonly allowed: readonly string[] } | undefined;

function parsedHostAllowed(hostHeader: string, allowed: readonly string[]): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  return allowed.some((host) => host.toLowerCase() === hostname.toLowerCase());
}

/**
 * @internal Browsers send `Origin` on cross-site requests; a request without one (a native client)
 * passes, one with an origin outside `allowed` does not.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  return allowed.some((candidate) => {
    try {
      return new URL(candidate).origin === normalized;
    } catch {
      return false;
    }
  });
}

/** @internal `Authorization: Bearer <token>` with exactly `token`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  if (match === null) return false;
  // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the token's length.
  // A server checks every request against one token: its digest is made once.
  if (expected?.token !== token) expected = { token, digest: digest(token) };
  return timingSafeEqual(digest(match[1] as string), expected.digest);
}

/** The digest of the token last checked against. */
let expected: { readonly token: string; readonly digest: Buffer } | undefined;

/**
 * Headers a request may carry once. Node keeps only the first `Host` or `Authorization` and joins
 * repeated `Origin` values, so a second copy could slip past a check that reads the first one.
 */
const singleHeaders = new Set([
  "host",
  "authorization",
  "origin",
  "content-length",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
]);

/** @internal The first header of {@link singleHeaders} that `rawHeaders` (name, value, …) repeats. */
export function repeatedHeader(rawHeaders: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    if (!singleHeaders.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/**
 * @internal Whether binding `host` keeps the server on this machine: `localhost`, `127.0.0.0/8`, `::1`
 * (bracketed or not) and IPv4-mapped loopback. Wildcards (`0.0.0.0`, `::`) and other names are not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === "localhost") return true;
  if (isIPv4(lower)) return lower.startsWith("127.");
  if (isIPv6(lower)) {
    if (lower === "::1" || lower === "0:0:0:0:0:0:0:1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
    return mapped?.startsWith("127.") === true;
  }
  return false;
}

function digest(text: string): Buffer {
  // The one-shot form: no Hash object per request.
  return hash("sha256", text, "buffer");
}

function bracketed(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * @internal The refusal for a request whose headers fail the checks every toolwright HTTP server makes
 * first (a repeated header, a Host or an Origin not allowed), or `undefined` when they pass: the same
 * statuses and words from `serve --http` and `inspect`.
 */
export function headerProblem(
  request: Pick<IncomingMessage, "rawHeaders" | "headers">,
  allowedHosts: readonly string[],
  allowedOrigins: readonly string[],
): { readonly status: 400 | 403; readonly message: string } | undefined {
  const repeated = repeatedHeader(request.rawHeaders);
  if (repeated !== undefined) {
    return { status: 400, message: `Bad Request: more than one ${repeated} header` };
  }
  if (!hostAllowed(request.headers.host, allowedHosts)) {
    return { status: 403, message: `Invalid Host header: ${request.headers.host ?? "(none)"}` };
  }
  if (!originAllowed(request.headers.origin, allowedOrigins)) {
    return { status: 403, message: `Invalid Origin header: ${request.headers.origin}` };
  }
  return undefined;
}
