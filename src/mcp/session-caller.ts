import type {
  ClientCapabilities,
  CreateMessageRequest,
  ElicitRequestFormParams,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { Caller, SampleReply } from "../caller/caller-channel.js";
import type { CallerAbilities, LogLevel } from "../caller/caller-types.js";

/** @internal A log message as MCP's `data`: the text, or the text with its data. */
export function logData(message: string, data: unknown): unknown {
  return data === undefined ? message : { message, data };
}

/** @internal What a client can answer, from the capabilities it declared. */
export function abilitiesOf(capabilities: ClientCapabilities | undefined): CallerAbilities {
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  return {
    // An empty `elicitation: {}` is form mode (2025-06-18); a client that names modes must name form.
    elicit:
      elicitation !== undefined &&
      (elicitation.form !== undefined || elicitation.url === undefined),
    sample: capabilities?.sampling !== undefined,
    roots: capabilities?.roots !== undefined,
  };
}

/**
 * @internal The caller of a call in a 2025-era session: asks go to the client as requests of their own
 * on the call's stream (`elicitation/create`, `sampling/createMessage`, `roots/list`) and the method
 * waits for the answers; logs are `notifications/message`, filtered by the session's
 * `logging/setLevel`. A stateless request has no session for the answers to come back to, so there it
 * can only log.
 */
export function sessionCaller(server: Server, ctx: ServerContext, canAsk: boolean): Caller {
  const abilities = canAsk
    ? abilitiesOf(server.getClientCapabilities())
    : { elicit: false, sample: false, roots: false };
  // The SDK's elicitInput and requestSampling send unrelated requests, which go out on the session's
  // GET stream: one the client may not have opened yet. Related to the call, they go on its stream.
  const related = { relatedRequestId: ctx.mcpReq.id };
  return {
    abilities,
    log(level: LogLevel, message: string, data: unknown) {
      void ctx.mcpReq.log(level, logData(message, data)).catch(() => undefined);
    },
    elicit({ message, requestedSchema }, signal) {
      const params = {
        mode: "form",
        message,
        requestedSchema,
      } as unknown as ElicitRequestFormParams;
      return ctx.mcpReq.elicitInput(params, { signal, ...related });
    },
    async sample(request, signal) {
      const { key: _key, ...params } = request;
      const reply = await ctx.mcpReq.requestSampling(params as CreateMessageRequest["params"], {
        signal,
        ...related,
      });
      return reply as unknown as SampleReply;
    },
    async roots(_key, signal) {
      const { roots } = await ctx.mcpReq.send({ method: "roots/list" }, { signal });
      return roots.map(({ uri, name }) => (name === undefined ? { uri } : { uri, name }));
    },
  };
}
