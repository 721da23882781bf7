import { DriverConfigError } from "../../errors/driver-config-error.js";
import type {
  EmbeddingCallOptions,
  EmbeddingDriver,
  EmbeddingPurpose,
  EmbeddingRequest,
  EmbeddingResponse,
} from "../embedding-spec.js";
import { driverFailure, type FailureContext } from "./driver-failure.js";
import { checkCallOptions } from "./driver-options.js";
import { type Connect, callProvider } from "./provider-call.js";

/**
 * @internal What a provider adds to the embedding skeleton: its request body for a batch of texts,
 * its SDK call, and the vectors and token count read from its answer.
 */
export interface EmbeddingSpec<Body, Client, Native> {
  /** The driver's class name, in the errors about its options. */
  readonly driver: string;
  readonly provider: string;
  readonly model: string;
  /** Most texts the provider takes in one request; larger requests are sent in batches. */
  readonly maxBatchSize: number;
  readonly connect: Connect<Client>;
  body(texts: readonly string[], purpose: EmbeddingPurpose, signal: AbortSignal | undefined): Body;
  send(client: Client, body: Body, signal: AbortSignal | undefined): Promise<Native>;
  convert(native: Native): { vectors: unknown[]; inputTokens: number | undefined };
}

/**
 * @internal The `embed` call every provider's embedding driver shares: checks the request and the
 * signal, sends the texts in batches the provider takes (one after another, through the SDK and its
 * retries), and checks that each answer has one finite vector per text, all of one length. A
 * failure is a `PromptDriverError` from the provider's own mapping (a caller's abort rejects with
 * `signal.reason`).
 *
 * @example
 * ```ts
 * class AcmeEmbeddingDriver implements EmbeddingDriver {
 *   readonly embed = createEmbed({ driver: "AcmeEmbeddingDriver", provider: "acme", model, ... });
 * }
 * ```
 */
export function createEmbed<Body, Client, Native>(
  spec: EmbeddingSpec<Body, Client, Native>,
): EmbeddingDriver["embed"] {
  return (request, options) => embed(spec, request, options ?? {});
}

async function embed<Body, Client, Native>(
  spec: EmbeddingSpec<Body, Client, Native>,
  request: EmbeddingRequest,
  options: EmbeddingCallOptions,
): Promise<EmbeddingResponse> {
  checkCallOptions(spec.driver, "embed", options);
  const texts = checkRequest(spec.driver, request);
  const { signal } = options;
  signal?.throwIfAborted();
  const purpose = request.purpose ?? "document";
  const context: FailureContext = {
    provider: spec.provider,
    model: spec.model,
    signal,
    phase: "request",
  };
  const embeddings: number[][] = [];
  let inputTokens: number | undefined = 0;
  for (let start = 0; start < texts.length; start += spec.maxBatchSize) {
    const batch = texts.slice(start, start + spec.maxBatchSize);
    const body = spec.body(batch, purpose, signal);
    const native = await callProvider(spec.connect, context, (client) =>
      spec.send(client, body, signal),
    );
    const { vectors, inputTokens: tokens } = spec.convert(native);
    for (const vector of checkVectors(vectors, batch.length, embeddings[0]?.length, context)) {
      embeddings.push(vector);
    }
    inputTokens =
      tokens === undefined || inputTokens === undefined ? undefined : inputTokens + tokens;
  }
  return { embeddings, usage: { inputTokens: texts.length === 0 ? 0 : inputTokens } };
}

function checkRequest(driver: string, request: EmbeddingRequest): readonly string[] {
  const texts = (request as { texts?: unknown } | undefined)?.texts;
  if (!Array.isArray(texts) || texts.some((text) => typeof text !== "string")) {
    throw new DriverConfigError({
      driver,
      option: "texts",
      message: "must be an array of strings",
    });
  }
  const purpose = request.purpose;
  if (purpose !== undefined && purpose !== "document" && purpose !== "query") {
    throw new DriverConfigError({
      driver,
      option: "purpose",
      message: `must be "document" or "query"; got ${JSON.stringify(purpose)}`,
    });
  }
  return texts as readonly string[];
}

/** One finite vector per text, all as long as the first one seen. */
function checkVectors(
  vectors: unknown[],
  count: number,
  length: number | undefined,
  context: FailureContext,
): number[][] {
  if (vectors.length !== count) {
    throw driverFailure(
      context,
      "provider_invalid_response",
      `the response has ${vectors.length} embeddings for ${count} texts`,
    );
  }
  const expected = length ?? lengthOf(vectors[0]);
  return vectors.map((vector, index) => {
    const values = ArrayBuffer.isView(vector) ? Array.from(vector as Float32Array) : vector;
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      values.length !== expected ||
      !values.every((value) => typeof value === "number" && Number.isFinite(value))
    ) {
      throw driverFailure(
        context,
        "provider_invalid_response",
        `embedding ${index} is not a vector of ${expected} finite numbers`,
      );
    }
    return values as number[];
  });
}

function lengthOf(vector: unknown): number {
  return Array.isArray(vector) || ArrayBuffer.isView(vector)
    ? (vector as ArrayLike<number>).length
    : 0;
}

/**
 * @internal What the provider embedding drivers have in common as objects: the `EmbeddingDriver`
 * fields and the `embed` call made by the skeleton from the provider's spec. No entry exports it; a
 * driver of another shape only has to implement `EmbeddingDriver`.
 */
export abstract class ProviderEmbeddingDriver implements EmbeddingDriver {
  readonly specificationVersion = "v1";
  readonly provider: string;
  readonly model: string;
  readonly dimensions: number | undefined;
  readonly #embed: EmbeddingDriver["embed"];

  protected constructor(
    identity: {
      readonly provider: string;
      readonly model: string;
      readonly dimensions?: number | undefined;
    },
    embed: EmbeddingDriver["embed"],
  ) {
    this.provider = identity.provider;
    this.model = identity.model;
    this.dimensions = identity.dimensions;
    this.#embed = embed;
  }

  embed(request: EmbeddingRequest, options?: EmbeddingCallOptions): Promise<EmbeddingResponse> {
    return this.#embed(request, options);
  }
}
