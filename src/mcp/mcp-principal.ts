import { AsyncLocalStorage } from "node:async_hooks";
import { hash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Principal } from "../memory/memory-scope.js";

/**
 * What `serveMcp`'s `principal` option is given to decide who a client acts for: the request that
 * opened its session (2025-era clients) or the request itself (2026-07-28 and stateless serving).
 *
 * @example
 * ```ts
 * const principal = (request: PrincipalRequest) => request.headers["x-tenant"] as string | undefined;
 * ```
 */
export interface PrincipalRequest {
  /** The 2025-era session the request opens, or `undefined` for a request served on its own. */
  readonly sessionId: string | undefined;
  readonly headers: IncomingHttpHeaders;
  /** What an authentication layer in front of the server set as the request's `auth`, if one did. */
  readonly authInfo: { readonly clientId?: string } | undefined;
  /** What toolwright would choose (see docs/security.md, "Tenants"); `undefined`: the default space. */
  readonly defaultPrincipal: string | undefined;
}

/**
 * Decides the principal of a request (see {@link PrincipalRequest}): a name, a `MemoryScope` to let
 * it read other principals' output too, or `undefined` for the default space (every client sharing
 * one memory, as before principals existed).
 *
 * @example
 * ```ts
 * await serveMcp(toolbox, { transport: "http", principal: ({ defaultPrincipal }) => defaultPrincipal });
 * ```
 */
export type PrincipalResolver = (request: PrincipalRequest) => Principal;

/**
 * @internal toolwright's choice of principal for an HTTP request: a 2025-era session is its own
 * principal; a request without a session is its authenticated client (`auth.clientId`, set by a
 * layer in front), else the holder of its bearer token (a hash of the token: every client sending the
 * same token is one principal), else nobody in particular: the default space, since a request with no
 * session and no credential cannot be told from any other (a connection is no identity: a client's
 * requests reach stateless replicas on connections of the proxy's choosing).
 */
export function defaultPrincipal(
  request: IncomingMessage,
  sessionId: string | undefined,
): string | undefined {
  if (sessionId !== undefined) return `session:${sessionId}`;
  const clientId = authOf(request)?.clientId;
  if (typeof clientId === "string" && clientId !== "") return `client:${clientId}`;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (bearer === undefined) return undefined;
  // Clients send the same few tokens on every request: the last one's principal is kept.
  if (lastToken?.bearer !== bearer) {
    lastToken = { bearer, principal: `token:${hash("sha256", bearer, "hex").slice(0, 32)}` };
  }
  return lastToken.principal;
}

/** The bearer token last named, with its principal. */
let lastToken: { readonly bearer: string; readonly principal: string } | undefined;

/** @internal The principal of an HTTP request: the operator's choice when given, else toolwright's. */
export function principalOf(
  resolver: PrincipalResolver | undefined,
  request: IncomingMessage,
  sessionId: string | undefined,
): Principal {
  const chosen = defaultPrincipal(request, sessionId);
  if (resolver === undefined) return chosen;
  return resolver({
    sessionId,
    headers: request.headers,
    authInfo: authOf(request),
    defaultPrincipal: chosen,
  });
}

function authOf(request: IncomingMessage): { readonly clientId?: string } | undefined {
  const auth = (request as IncomingMessage & { auth?: unknown }).auth;
  return typeof auth === "object" && auth !== null ? (auth as { clientId?: string }) : undefined;
}

/**
 * @internal The principal of the request being served, for the SDK's per-request servers: the SDK
 * builds each in the request's own asynchronous context, where this store holds its principal.
 */
export const requestPrincipal = new AsyncLocalStorage<Principal>();
