import type {
  FinishReason,
  PromptCallOptions,
  PromptRequest,
  PromptResponse,
  PromptStreamEvent,
  ToolCall,
} from "../spec.js";
import { finishEvents } from "./collect-stream.js";
import type { FailureContext } from "./driver-failure.js";
import { checkCallOptions } from "./driver-options.js";
import { type Connect, callProvider } from "./provider-call.js";

/**
 * @internal What a provider adds to the shared skeleton: its request body, its two SDK calls, the
 * conversion of its response object and the folding of its stream back into that object, so that
 * `generate` and `stream` convert the same thing and agree.
 *
 * @typeParam Body - the provider's request body
 * @typeParam Client - the SDK client a call is sent with
 * @typeParam Native - the provider's non-streaming response object (or the parts of it read)
 * @typeParam Chunk - one event or chunk of the provider's stream
 */
export interface ProviderSpec<Body, Client, Native, Chunk> {
  /** The driver's class name, in the errors about its options. */
  readonly driver: string;
  readonly provider: string;
  readonly model: string;
  readonly connect: Connect<Client>;
  /** The request body; throws a `PromptRequestError` for what the API cannot take. */
  body(request: PromptRequest, signal: AbortSignal | undefined): Body;
  /** Asks for the whole answer (an object `convert` reads: `Native` is inferred from there). */
  send(client: Client, body: Body, signal: AbortSignal | undefined): Promise<NoInfer<Native>>;
  /** Asks for the answer as a stream. */
  sendStream(
    client: Client,
    body: Body,
    signal: AbortSignal | undefined,
  ): Promise<AsyncIterable<Chunk>>;
  /** The response, from the object received whole or folded from a stream. */
  convert(native: Native, context: FailureContext, request: PromptRequest): PromptResponse;
  /** A fold for one stream. */
  fold(): StreamFold<Chunk, Native>;
  /**
   * Reads tool calls the model wrote in its text, for a server that left them there; consulted
   * only when the request had tools and the response has text and no tool calls. `finishReason`
   * says whether the reply was cut off, which decides arguments that lack only closing brackets.
   */
  textToolCalls?(
    text: string,
    finishReason: FinishReason,
  ): { text: string; toolCalls: ToolCall[] } | undefined;
}

/**
 * @internal Folds a provider's stream into its non-streaming response object, yielding the deltas
 * on the way.
 */
export interface StreamFold<Chunk, Native> {
  add(chunk: Chunk): Iterable<PromptStreamEvent>;
  /** The folded object; throws `streamEndedEarly` when the stream stopped before its last event. */
  complete(context: FailureContext): Native;
}

/** @internal The two calls of a prompt driver, made from a provider spec. */
export interface PromptDriverCalls {
  generate(request: PromptRequest, options?: PromptCallOptions): Promise<PromptResponse>;
  stream(request: PromptRequest, options?: PromptCallOptions): AsyncGenerator<PromptStreamEvent>;
}

/**
 * @internal The generate/stream skeleton every provider driver shares: checks the call options and
 * the signal, builds the body before anything is sent, sends through the SDK (with its retries),
 * folds a stream back into the provider's own response object, converts it, and maps any failure to
 * a `PromptDriverError` (a caller's abort to `signal.reason`).
 *
 * @example
 * ```ts
 * const calls = createPromptDriver({ driver: "AcmePromptDriver", provider: "acme", model, connect,
 *   body, send, sendStream, convert: convertAcmeResponse, fold: () => new AcmeFold() });
 * super(model, calls); // in a class extending ProviderPromptDriver
 * ```
 */
export function createPromptDriver<Body, Client, Native, Chunk>(
  spec: ProviderSpec<Body, Client, Native, Chunk>,
): PromptDriverCalls {
  return {
    generate: async (request, options = {}) => {
      const { body, context } = prepare(spec, "generate", request, options);
      return callProvider(spec.connect, context, async (client) =>
        respond(spec, await spec.send(client, body, context.signal), request, context),
      );
    },
    stream: (request, options = {}) => stream(spec, request, options),
  };
}

async function* stream<Body, Client, Native, Chunk>(
  spec: ProviderSpec<Body, Client, Native, Chunk>,
  request: PromptRequest,
  options: PromptCallOptions,
): AsyncGenerator<PromptStreamEvent> {
  const { body, context } = prepare(spec, "stream", request, options);
  const { signal } = context;
  const call = await spec.connect(signal);
  try {
    const chunks = await spec.sendStream(call.client, body, signal);
    call.started?.();
    context.phase = "stream";
    const fold = spec.fold();
    for await (const chunk of chunks) {
      signal?.throwIfAborted();
      yield* fold.add(chunk);
    }
    // The SDKs end a stream quietly when it is aborted.
    signal?.throwIfAborted();
    yield* finishEvents(respond(spec, fold.complete(context), request, context));
  } catch (error) {
    throw call.failure(error, context);
  } finally {
    call.end?.();
  }
}

/** What both calls do before anything is sent; a request the API cannot take throws here. */
function prepare<Body, Client, Native, Chunk>(
  spec: ProviderSpec<Body, Client, Native, Chunk>,
  method: "generate" | "stream",
  request: PromptRequest,
  options: PromptCallOptions,
): { body: Body; context: FailureContext } {
  checkCallOptions(spec.driver, method, options);
  const { signal } = options;
  signal?.throwIfAborted();
  const body = spec.body(request, signal);
  return {
    body,
    context: { provider: spec.provider, model: spec.model, signal, phase: "request" },
  };
}

/**
 * The response of a call, received whole or folded: the provider's conversion, then the tool calls
 * written as text where the provider reads them. Every driver's finish reason passes here last, so
 * this is the one place to settle it (a reply cut off by `length` included).
 */
function respond<Body, Client, Native, Chunk>(
  spec: ProviderSpec<Body, Client, Native, Chunk>,
  native: Native,
  request: PromptRequest,
  context: FailureContext,
): PromptResponse {
  const response = spec.convert(native, context, request);
  if (spec.textToolCalls === undefined || (request.tools?.length ?? 0) === 0) return response;
  if (response.toolCalls.length > 0 || response.text.trim() === "") return response;
  const written = spec.textToolCalls(response.text, response.finishReason);
  if (written === undefined) return response;
  // Calls found in a reply that ended normally make it a tool-calls reply; a reply cut off (`length`)
  // or stopped for any other reason keeps saying so, for the decoder and the Agent.
  const finishReason = response.finishReason === "stop" ? "tool-calls" : response.finishReason;
  return { ...response, ...written, finishReason };
}
