import {
  type Client,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitRequestParams,
  type ElicitResult,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/client";

// What a server may ask of its client while a tool runs: the person (elicitation), the client's
// model (sampling) and the client's roots. On 2025-11-25 these are requests the server sends; on
// 2026-07-28 they are `input_required` rounds of the call, which the SDK fulfils through the same
// handlers and retries. A capability is declared only when its handler is given, so a server that
// follows the protocol never asks a client that cannot answer.

/**
 * A question an MCP server asks the person while one of its tools runs (MCP elicitation): a form
 * to fill (`requestedSchema`: flat properties of strings, numbers, booleans and enums, each maybe
 * with a `default`) or an address to open (`mode: "url"`).
 *
 * @example
 * ```ts
 * const onElicit = async (question: McpElicitation) =>
 *   question.mode === "form" ? { action: "accept", content: { city: "Lisbon" } } : { action: "decline" };
 * ```
 */
export interface McpElicitation {
  /** The server asking (its URL or command line). */
  readonly server: string;
  readonly mode: "form" | "url";
  /** What to tell the person. */
  readonly message: string;
  /** The form (mode "form"). */
  readonly requestedSchema?: ElicitRequestFormParams["requestedSchema"] | undefined;
  /** The address to open (mode "url"). */
  readonly url?: string | undefined;
  /** Aborted when the server or the call gives up on the question. */
  readonly signal: AbortSignal;
}

/**
 * The person's answer: `accept` with the form's `content` (fields left out get their schema
 * `default`), `decline`, or `cancel`.
 *
 * @example
 * ```ts
 * const answer: McpElicitationResult = { action: "accept", content: { confirmed: true } };
 * ```
 */
export type McpElicitationResult = ElicitResult;

/**
 * Answers a server's elicitation: a form or prompt shown to the person.
 *
 * @example
 * ```ts
 * await McpTool.connect({ url }, { onElicit: async () => ({ action: "decline" }) });
 * ```
 */
export type McpElicitHandler = (
  question: McpElicitation,
) => McpElicitationResult | Promise<McpElicitationResult>;

/**
 * A server's request to run messages through the client's model (MCP sampling), with the server
 * and a signal.
 *
 * @example
 * ```ts
 * const onSample = async (request: McpSamplingRequest) => ({
 *   role: "assistant", model: "my-model", content: { type: "text", text: await complete(request.messages) },
 * });
 * ```
 */
export type McpSamplingRequest = CreateMessageRequestParams & {
  readonly server: string;
  readonly signal: AbortSignal;
};

/**
 * Runs a server's sampling request through a model of the caller's choice; only servers connected
 * with this handler may sample.
 *
 * @example
 * ```ts
 * await McpTool.connect({ url }, { onSample: (request) => myModel.createMessage(request) });
 * ```
 */
export type McpSampleHandler = (
  request: McpSamplingRequest,
) => CreateMessageResult | Promise<CreateMessageResult>;

/**
 * A root the client offers the server (`roots/list`): a `file://` URI the server may work in.
 *
 * @example
 * ```ts
 * const root: McpRoot = { uri: "file:///home/ada/project", name: "project" };
 * ```
 */
export interface McpRoot {
  readonly uri: string;
  readonly name?: string | undefined;
}

/** @internal The handlers a connection answers server requests with. */
export interface ServerRequestHandlers {
  readonly onElicit?: McpElicitHandler | undefined;
  readonly onSample?: McpSampleHandler | undefined;
  readonly roots?: readonly McpRoot[] | undefined;
  /**
   * Answers a sampling request with a refusal that says why, where no `onSample` is declared (a
   * server that samples anyway learns the reason, not just "method not found").
   */
  readonly refuseSampling?: McpSampleHandler | undefined;
  /** Whether `onElicit` also answers addresses to open (URL mode); true unless `false`. */
  readonly urlElicitation?: boolean | undefined;
}

/** @internal The capabilities `handlers` let the client declare. */
export function clientCapabilities(handlers: ServerRequestHandlers): ClientCapabilities {
  return capabilitiesFor(
    {
      elicit: handlers.onElicit !== undefined,
      sample: handlers.onSample !== undefined,
      roots: handlers.roots !== undefined,
    },
    handlers.urlElicitation !== false,
  );
}

/** @internal The capabilities for what the client can answer (one call's, on 2026-07-28). */
export function capabilitiesFor(
  can: { readonly elicit: boolean; readonly sample: boolean; readonly roots: boolean },
  urlElicitation: boolean,
): ClientCapabilities {
  return {
    // The SDK fills fields the person left out with their defaults (SEP-1034).
    ...(can.elicit
      ? { elicitation: { form: { applyDefaults: true }, ...(urlElicitation ? { url: {} } : {}) } }
      : {}),
    ...(can.sample ? { sampling: {} } : {}),
    ...(can.roots ? { roots: { listChanged: false } } : {}),
  };
}

/** @internal Answers the server's requests on `client` with `handlers`. */
export function answerServerRequests(
  client: Client,
  server: string,
  handlers: ServerRequestHandlers,
): void {
  const { onElicit, onSample, roots, refuseSampling } = handlers;
  if (onSample === undefined && refuseSampling !== undefined) {
    // Sampling is not declared, so the SDK takes no handler for it: its fallback answers instead.
    client.fallbackRequestHandler = async (request, context) => {
      if (request.method !== "sampling/createMessage") {
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, "Method not found");
      }
      return refuseSampling({
        ...(request.params as CreateMessageRequestParams),
        server,
        signal: context.mcpReq.signal,
      });
    };
  }
  if (onElicit !== undefined) {
    client.setRequestHandler("elicitation/create", async (request, context) => {
      const answer = await answerElicitation(
        request.params,
        server,
        onElicit,
        context.mcpReq.signal,
      );
      // Content, even empty, is what the SDK fills the defaults into.
      return answer.action === "accept" && request.params.mode !== "url"
        ? { ...answer, content: answer.content ?? {} }
        : answer;
    });
  }
  if (onSample !== undefined) {
    client.setRequestHandler("sampling/createMessage", (request, context) =>
      onSample({ ...request.params, server, signal: context.mcpReq.signal }),
    );
  }
  if (roots !== undefined) {
    client.setRequestHandler("roots/list", () => rootsList(roots));
  }
}

/** @internal A server's elicitation (a request, or a task's input request) put to `onElicit`. */
export function answerElicitation(
  params: ElicitRequestParams,
  server: string,
  onElicit: McpElicitHandler,
  signal: AbortSignal,
): McpElicitationResult | Promise<McpElicitationResult> {
  const question: McpElicitation =
    params.mode === "url"
      ? { server, mode: "url", message: params.message, url: params.url, signal }
      : {
          server,
          mode: "form",
          message: params.message,
          requestedSchema: params.requestedSchema,
          signal,
        };
  return onElicit(question);
}

/** @internal The answer to `roots/list`. */
export function rootsList(roots: readonly McpRoot[]): { roots: { uri: string; name?: string }[] } {
  return {
    roots: roots.map((root) => ({
      uri: root.uri,
      ...(root.name === undefined ? {} : { name: root.name }),
    })),
  };
}
