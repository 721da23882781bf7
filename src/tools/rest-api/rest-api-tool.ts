import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import {
  anObject,
  aString,
  type OptionRules,
  positiveNumber,
  stringRecord,
  timerMs,
} from "../../internal/option-rules.js";
import type { JsonObject } from "../../schema/json.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { acceptEncoding } from "../http/content-encoding.js";
import { FetchRefusal, readDecodedBody } from "../http/guarded-fetch.js";
import { BodyTooLargeError, decodeText, discardBody, parseContentType } from "../http/read-body.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import { buildUrl, isUnder, type QueryValue } from "./build-url.js";

/**
 * Options of a {@link RestApiTool}.
 *
 * @example
 * ```ts
 * new RestApiTool({
 *   baseUrl: "https://api.example.com/v1/",
 *   path: "users",
 *   description: "The users of the example app",
 *   headers: { authorization: `Bearer ${token}` },
 * });
 * ```
 */
export interface RestApiToolOptions extends ToolOptions {
  /** Every request goes to this URL or below it; nothing else can be reached. */
  baseUrl: string;
  /** Appended to `baseUrl` (Griptape's `path`). */
  path?: string;
  /** What the API does, shown to the model in every activity description. */
  description: string;
  /** Headers sent with every request (credentials stay out of the model's reach). */
  headers?: Readonly<Record<string, string>>;
  /** JSON Schemas shown to the model, as Griptape's `request_*_schema` / `response_body_schema`. */
  requestBodySchema?: JsonObject;
  requestQueryParamsSchema?: JsonObject;
  requestPathParamsSchema?: JsonObject;
  responseBodySchema?: JsonObject;
  /** Largest response body read, in bytes; 5 MB by default. */
  maxResponseBytes?: number;
  /** Time limit of one request (redirects included), in milliseconds; 30,000 by default. */
  requestTimeoutMs?: number;
}

const optionRules: OptionRules = {
  baseUrl: aString,
  path: aString,
  description: aString,
  headers: stringRecord,
  requestBodySchema: anObject,
  requestQueryParamsSchema: anObject,
  requestPathParamsSchema: anObject,
  responseBodySchema: anObject,
  maxResponseBytes: positiveNumber,
  requestTimeoutMs: timerMs,
};

const queryValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);
const queryParams = z.record(z.string(), queryValue).describe("The request query parameters.");
const pathParams = z
  .array(z.union([z.string(), z.number()]))
  .describe("The request path parameters.");
const body = z.record(z.string(), z.unknown()).describe("The request body.");

const readSchema = z.object({
  query_params: queryParams.optional(),
  path_params: pathParams.optional(),
});
const bodySchema = z.object({ body });
const patchSchema = z.object({ path_params: pathParams, body });

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const maxRedirects = 5;

/**
 * Griptape's RestApiTool: `get`, `post`, `put`, `patch` and `delete` on one REST endpoint. The model only
 * picks path segments, query parameters and a JSON body; every request (and every redirect followed)
 * stays under `baseUrl`.
 *
 * @example
 * ```ts
 * const api = new RestApiTool({ baseUrl: "https://api.example.com/v1/users", description: "Users" });
 * await api.run("get", { path_params: ["42"], query_params: { fields: "name" } });
 * ```
 */
export class RestApiTool extends Tool {
  /** `baseUrl` joined with `path`: the URL every request stays under. */
  readonly fullUrl: string;
  readonly description: string;
  readonly requestBodySchema: JsonObject | undefined;
  readonly requestQueryParamsSchema: JsonObject | undefined;
  readonly requestPathParamsSchema: JsonObject | undefined;
  readonly responseBodySchema: JsonObject | undefined;
  readonly maxResponseBytes: number;
  readonly requestTimeoutMs: number;
  readonly #base: URL;
  readonly #headers: Readonly<Record<string, string>>;

  constructor(options: RestApiToolOptions) {
    checkBuiltInToolOptions(new.target, options, optionRules, ["baseUrl", "description"]);
    const {
      baseUrl,
      path,
      description,
      headers,
      requestBodySchema,
      requestQueryParamsSchema,
      requestPathParamsSchema,
      responseBodySchema,
      maxResponseBytes,
      requestTimeoutMs,
      ...rest
    } = options;
    super(rest);
    let base: URL;
    try {
      base = new URL(
        path === undefined ? baseUrl : `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`,
      );
    } catch {
      throw new ToolConfigError({
        toolName: this.name,
        option: "baseUrl",
        message: `is not a valid URL: ${JSON.stringify(baseUrl)}`,
      });
    }
    if (
      (base.protocol !== "http:" && base.protocol !== "https:") ||
      base.search !== "" ||
      base.hash !== ""
    ) {
      throw new ToolConfigError({
        toolName: this.name,
        option: "baseUrl",
        message: "must be an http(s) URL without query or fragment",
      });
    }
    if (description.trim() === "") {
      throw new ToolConfigError({
        toolName: this.name,
        option: "description",
        message: "must describe the API for the model",
      });
    }
    this.#base = base;
    this.fullUrl = base.href;
    this.description = description;
    this.#headers = { ...headers };
    this.requestBodySchema = requestBodySchema;
    this.requestQueryParamsSchema = requestQueryParamsSchema;
    this.requestPathParamsSchema = requestPathParamsSchema;
    this.responseBodySchema = responseBodySchema;
    this.maxResponseBytes = maxResponseBytes ?? 5_000_000;
    this.requestTimeoutMs = requestTimeoutMs ?? 30_000;
  }

  @activity({
    description: (tool: RestApiTool) => tool.#describe("make a get request to", ["query", "path"]),
    schema: readSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: true },
  })
  get(
    input: z.output<typeof readSchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    return this.#send("GET", input.path_params, input.query_params, undefined, context.signal);
  }

  @activity({
    description: (tool: RestApiTool) => tool.#describe("make a post request to", ["body"]),
    schema: bodySchema,
    annotations: { openWorld: true },
  })
  post(
    input: z.output<typeof bodySchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    return this.#send("POST", undefined, undefined, input.body, context.signal);
  }

  @activity({
    description: (tool: RestApiTool) => tool.#describe("make a put request to", ["body"]),
    schema: bodySchema,
    annotations: { destructive: true, idempotent: true, openWorld: true },
  })
  put(
    input: z.output<typeof bodySchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    return this.#send("PUT", undefined, undefined, input.body, context.signal);
  }

  @activity({
    description: (tool: RestApiTool) => tool.#describe("make a patch request to", ["path", "body"]),
    schema: patchSchema,
    annotations: { destructive: true, openWorld: true },
  })
  patch(
    input: z.output<typeof patchSchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    return this.#send("PATCH", input.path_params, undefined, input.body, context.signal);
  }

  @activity({
    description: (tool: RestApiTool) => tool.#describe("delete a resource from", ["query", "path"]),
    schema: readSchema,
    annotations: { destructive: true, idempotent: true, openWorld: true },
  })
  delete(
    input: z.output<typeof readSchema>,
    context: ActivityContext,
  ): Promise<TextArtifact | ErrorArtifact> {
    return this.#send("DELETE", input.path_params, input.query_params, undefined, context.signal);
  }

  #describe(action: string, parts: readonly ("query" | "path" | "body")[]): string {
    const lines = [
      `This tool can be used to ${action} the rest api url: ${this.fullUrl}`,
      `This rest api has the following description: ${this.description}`,
    ];
    const schemas = {
      query: ["query parameters", this.requestQueryParamsSchema],
      path: ["path parameters", this.requestPathParamsSchema],
      body: ["body", this.requestBodySchema],
    } as const;
    for (const part of parts) {
      const [label, schema] = schemas[part];
      if (schema !== undefined)
        lines.push(`The request ${label} must follow this JSON schema: ${JSON.stringify(schema)}`);
    }
    if (this.responseBodySchema !== undefined) {
      lines.push(
        `The response body must follow this JSON schema: ${JSON.stringify(this.responseBodySchema)}`,
      );
    }
    return lines.join("\n");
  }

  async #send(
    method: Method,
    path: readonly (string | number)[] | undefined,
    query: Readonly<Record<string, QueryValue>> | undefined,
    payload: Record<string, unknown> | undefined,
    callerSignal: AbortSignal,
  ): Promise<TextArtifact | ErrorArtifact> {
    let url = buildUrl(this.#base, path, query);
    if (typeof url === "string")
      return new ErrorArtifact(`error building the request: ${url}`, { code: "invalid_url" });
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const signal = AbortSignal.any([callerSignal, timeout]);
    const headers: Record<string, string> = {
      accept: "application/json, text/*;q=0.9",
      "accept-encoding": acceptEncoding,
      ...this.#headers,
    };
    if (payload !== undefined) headers["content-type"] = "application/json";
    // Loaded on first request, not with `import "toolwright"`: undici is ~15 MB of RSS.
    const { request } = await import("undici");
    try {
      for (let hop = 0; ; hop++) {
        const response = await request(url, {
          method,
          headers,
          signal,
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        });
        const location = response.headers.location;
        if (response.statusCode >= 300 && response.statusCode < 400 && location !== undefined) {
          discardBody(response.body);
          const next = new URL(String(location), url);
          if (!isUnder(this.#base, next)) {
            return new ErrorArtifact(
              `error: ${method} ${url.href} redirected to ${next.href}, outside ${this.fullUrl}; not followed`,
              { code: "redirect_refused" },
            );
          }
          if (hop >= maxRedirects) {
            return new ErrorArtifact(
              `error: more than ${maxRedirects} redirects from ${url.href}`,
              { code: "too_many_redirects" },
            );
          }
          url = next;
          continue;
        }
        // Decoded as the server compressed it (gzip, deflate, br, zstd), capped before and after.
        const bytes = await readDecodedBody(response, { maxBytes: this.maxResponseBytes });
        const text = decodeText(bytes, parseContentType(response.headers["content-type"]).charset);
        if (response.statusCode >= 400) {
          return new ErrorArtifact(
            `${method} ${url.href} failed with HTTP ${response.statusCode}: ${text.slice(0, 2_000)}`,
            { code: "http_error" },
          );
        }
        return new TextArtifact(text, { meta: { status: response.statusCode, url: url.href } });
      }
    } catch (error) {
      if (callerSignal.aborted) throw error;
      if (timeout.aborted) {
        return new ErrorArtifact(
          `${method} ${url.href} took longer than ${this.requestTimeoutMs} ms`,
          { code: "timeout" },
        );
      }
      if (error instanceof BodyTooLargeError) {
        return new ErrorArtifact(`${method} ${url.href}: ${error.message}`, {
          code: "response_too_large",
        });
      }
      if (error instanceof FetchRefusal) {
        return new ErrorArtifact(`${method} ${url.href}: ${error.message}`, { code: error.code });
      }
      return new ErrorArtifact(`${method} ${url.href} failed: ${(error as Error).message}`, {
        code: "request_failed",
      });
    }
  }
}
