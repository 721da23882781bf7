import { createHmac, timingSafeEqual } from "node:crypto";
import type { QueuedCall } from "./queued-call.js";

/**
 * @internal How long a signed job may wait for a worker after its caller signed it, and how long a
 * worker remembers that it started it (so that a copy added again under the same id is refused).
 */
export const signedJobLifetimeMs = 24 * 60 * 60 * 1000;

/** @internal The shortest secret accepted: 32 bytes, as many as the HMAC's own output. */
export const minimumSecretBytes = 32;

/** @internal Where a job is and who it is: what its signature binds it to, besides its call. */
export interface JobPlace {
  readonly queue: string;
  readonly jobId: string;
}

/**
 * The text a signature covers: everything a worker acts on, in a fixed order, bound to the job's
 * queue and id (a signed call copied into another queue or under another id does not verify). The
 * job's data goes through JSON in Redis, and JSON text of parsed JSON is the same text again.
 */
function signedText(place: JobPlace, call: QueuedCall, issuedAt: number): string {
  return JSON.stringify([
    "toolwright-job/1",
    place.queue,
    place.jobId,
    call.tool,
    call.activity,
    call.input === undefined ? null : call.input,
    call.timeoutMs,
    call.idempotent,
    call.callId,
    call.trace ?? null,
    issuedAt,
  ]);
}

function hmac(secret: string, text: string): Buffer {
  return createHmac("sha256", secret).update(text).digest();
}

/** @internal The call with its signature (HMAC-SHA256 under the fleet's shared secret) and its time. */
export function signCall(
  secret: string,
  place: JobPlace,
  call: QueuedCall,
  now = Date.now(),
): QueuedCall {
  const signature = hmac(secret, signedText(place, call, now)).toString("base64url");
  return { ...call, issuedAt: now, signature };
}

/**
 * @internal Why a job's signature does not hold (none, forged, altered, or signed longer ago than a
 * signed job lives), or `undefined` when it does.
 */
export function signatureProblem(
  secret: string,
  place: JobPlace,
  call: QueuedCall,
  now = Date.now(),
): string | undefined {
  const { signature, issuedAt } = call;
  if (signature === undefined || issuedAt === undefined) return "it is not signed";
  const expected = hmac(secret, signedText(place, call, issuedAt));
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return "its signature does not match its content (not made by a caller holding this fleet's secret, or altered)";
  }
  if (Math.abs(now - issuedAt) > signedJobLifetimeMs) {
    return "it was signed more than 24 hours ago";
  }
  return undefined;
}

/** @internal The key that records a signed job was started, so that a copy of it is not run again. */
export function startedKey(prefix: string, place: JobPlace): string {
  return `${prefix}:${place.queue}:toolwright-signed-start:${place.jobId}`;
}
