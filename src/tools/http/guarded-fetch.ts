import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import type { AddressPolicy } from "./address-policy.js";
import { acceptEncoding, ContentDecodingError, decodeContent } from "./content-encoding.js";
import { BodyTooLargeError, type DiscardableBody, discardBody, readBody } from "./read-body.js";

/**
 * Resolves a host name to its addresses; `dns.lookup` by default. Inject one to control resolution (tests,
 * a DNS-over-HTTPS resolver, a hosts file).
 *
 * @example
 * ```ts
 * const lookup: HostResolver = async (hostname) => [{ address: "93.184.215.14", family: 4 }];
 * ```
 */
export type HostResolver = (
  hostname: string,
) => Promise<readonly { readonly address: string; readonly family: number }[]>;

/** @internal Why a guarded fetch did not happen or did not finish, for the model. */
export class FetchRefusal extends Error {
  constructor(
    readonly code:
      | "invalid_url"
      | "blocked_address"
      | "too_many_redirects"
      | "response_too_large"
      | "unsupported_content"
      | "invalid_content",
    message: string,
  ) {
    super(message);
  }
}

/** @internal A fetched response, after redirects; its body decoded as its `content-encoding` says. */
export interface FetchedResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Uint8Array;
}

/** @internal Limits and policy of {@link guardedFetch}. */
export interface GuardedFetchOptions {
  readonly policy: AddressPolicy;
  readonly resolve: HostResolver | undefined;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly signal: AbortSignal;
  readonly headers: Record<string, string>;
  /**
   * Hears of the final response's body as it is read: bytes so far (after decoding) and, for a body
   * sent as it is with a `content-length`, that length.
   */
  readonly onBytes?: ((read: number, total: number | undefined) => void) | undefined;
}

const defaultResolve: HostResolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * @internal GET with SSRF protection: every hop (the first URL and each redirect, followed by hand)
 * resolves its host, refuses addresses the policy refuses, and connects to exactly the address that was
 * checked (the socket's DNS lookup is pinned to it), so DNS rebinding between check and connect cannot
 * redirect the request. Bodies are decompressed as their `content-encoding` says (gzip, deflate, br and
 * zstd are asked for) and capped at `maxBytes` both compressed and decompressed, while streaming.
 */
export async function guardedFetch(
  url: string,
  options: GuardedFetchOptions,
): Promise<FetchedResponse> {
  // Loaded on first fetch, not with `import "toolwright"`: undici is ~15 MB of RSS.
  const { Agent, request } = await import("undici");
  let current = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(current, options);
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    };
    const agent = new Agent({ connect: { lookup: pinned }, connections: 1 });
    try {
      const response = await request(current, {
        method: "GET",
        dispatcher: agent,
        signal: options.signal,
        headers: { "accept-encoding": acceptEncoding, ...options.headers },
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location !== undefined) {
        discardBody(response.body);
        if (hop >= options.maxRedirects) {
          throw new FetchRefusal(
            "too_many_redirects",
            `more than ${options.maxRedirects} redirects, starting at ${url}`,
          );
        }
        current = parseHttpUrl(String(location), current);
        continue;
      }
      const body = await readDecodedBody(response, options);
      return { url: current.href, status: response.statusCode, headers: response.headers, body };
    } finally {
      void agent.destroy();
    }
  }
}

/**
 * @internal A response's body with its content codings undone (gzip, deflate, br, zstd), capped at
 * `maxBytes` before and after decoding; a coding it cannot undo or corrupt data is a
 * {@link FetchRefusal} (`unsupported_content`, `invalid_content`).
 */
export async function readDecodedBody(
  response: Awaited<ReturnType<typeof import("undici").request>>,
  { maxBytes, onBytes }: Pick<GuardedFetchOptions, "maxBytes" | "onBytes">,
): Promise<Uint8Array> {
  let decoded: ReturnType<typeof decodeContent>;
  try {
    decoded = decodeContent(response.body, response.headers["content-encoding"], maxBytes);
  } catch (error) {
    discardBody(response.body);
    if (error instanceof ContentDecodingError) {
      throw new FetchRefusal("unsupported_content", error.message);
    }
    throw error;
  }
  const declared = response.headers["content-length"];
  // A declared length counts the bytes sent, which are the bytes read only when nothing was decoded.
  const total =
    decoded.body === response.body && typeof declared === "string" && /^\d+$/.test(declared)
      ? Number(declared)
      : undefined;
  const body =
    onBytes === undefined ? decoded.body : counted(decoded.body, (read) => onBytes(read, total));
  try {
    return await readBody(body, maxBytes, declared);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    const failure = decoded.failure();
    if (failure !== undefined) throw new FetchRefusal("invalid_content", failure.message);
    throw error;
  }
}

/** The body, telling `onRead` the bytes read so far each time the reader has taken a chunk. */
function counted(body: DiscardableBody, onRead: (read: number) => void): DiscardableBody {
  return {
    async *[Symbol.asyncIterator]() {
      let read = 0;
      for await (const chunk of body) {
        yield chunk;
        // After the reader took it, so a chunk that passes the cap is refused, never reported.
        read += chunk.byteLength;
        onRead(read);
      }
    },
    destroy: (error) => body.destroy(error),
    on: (event, listener) => body.on(event, listener),
  };
}

function parseHttpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new FetchRefusal("invalid_url", `${JSON.stringify(text)} is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefusal(
      "invalid_url",
      `only http and https URLs can be fetched, not ${url.protocol}`,
    );
  }
  return url;
}

async function checkedAddress(
  url: URL,
  options: GuardedFetchOptions,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let candidates: readonly { address: string; family: number }[];
  if (literal !== 0) candidates = [{ address: host, family: literal }];
  else {
    try {
      candidates = await (options.resolve ?? defaultResolve)(host);
    } catch (error) {
      throw new FetchRefusal(
        "invalid_url",
        `could not resolve ${host}: ${(error as Error).message ?? String(error)}`,
      );
    }
  }
  const refusals: string[] = [];
  for (const candidate of candidates) {
    const refusal = options.policy.refusal(candidate.address);
    if (refusal === undefined) return { address: candidate.address, family: candidate.family };
    refusals.push(`${candidate.address} (${refusal})`);
  }
  throw new FetchRefusal(
    "blocked_address",
    `${url.host} resolves to ${refusals.join(", ") || "no address"}; only public addresses can be fetched`,
  );
}
