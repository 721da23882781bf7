import { randomBytes } from "node:crypto";
import { createRequestStateCodec, type RequestStateCodec } from "@modelcontextprotocol/server";
import type { RoundState } from "./input-round.js";

/**
 * @internal The codec that signs `input_required` rounds' `requestState` (HMAC-SHA256, the SDK's
 * codec; ten minutes to answer). Replicas that may each take a retry need the same `key`; without
 * one, a random key serves this process only.
 */
export function roundStateCodec(
  key: string | Uint8Array | undefined,
): RequestStateCodec<RoundState> {
  return createRequestStateCodec<RoundState>({ key: key ?? randomBytes(32), ttlSeconds: 600 });
}
