import type { IncomingMessage, ServerResponse } from "node:http";
import type { ToolActivity } from "../activity/tool-activity.js";
import type { Tool } from "../tool/tool.js";
import type { Toolbox } from "../toolbox/toolbox.js";
import { compareDialects, variantChoices } from "./dialect-comparison.js";
import { sendJson } from "./http-replies.js";
import type { LiveEvents } from "./live-events.js";
import type { MemoryViews } from "./memory-views.js";
import { RequestProblem } from "./request-problem.js";
import { describeToolbox } from "./tool-catalog.js";
import { type TryRequest, tryCall } from "./try-call.js";

/** @internal What the API handlers work on. */
export interface ApiContext {
  readonly toolbox: Toolbox;
  /** `built-in tools` or the module's path. */
  readonly source: string;
  readonly memory: MemoryViews;
  readonly memoryName: string | undefined;
  readonly live: LiveEvents;
}

/** @internal One API request: its path, query, and its JSON body once read (POST only). */
export interface ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: () => Promise<unknown>;
}

/**
 * @internal Answers one request under `/api/` (token, Host and Origin already checked). A request the
 * API cannot serve as sent throws a `RequestProblem`; a model's mistakes in a tried call are part of
 * the answer, not errors.
 *
 * @example
 * ```ts
 * await handleApi(context, { method: "GET", path: "/api/tools", query, body }, request, response);
 * ```
 */
export async function handleApi(
  context: ApiContext,
  api: ApiRequest,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const route = `${api.method} ${api.path}`;
  switch (route) {
    case "GET /api/tools":
      return sendJson(response, 200, {
        ...describeToolbox(context.toolbox, context.source, context.memoryName),
        dialects: variantChoices,
      });
    case "GET /api/dialects": {
      const { tool, activity } = findActivity(context.toolbox, required(api.query, "activity"));
      return sendJson(response, 200, compareDialects(context.toolbox, tool, activity.name));
    }
    case "GET /api/formats": {
      const { toolCallFormatNames } = await import("../formats/parse-tool-calls.js");
      return sendJson(response, 200, { formats: toolCallFormatNames() });
    }
    case "POST /api/try": {
      const answer = await tryCall(context.toolbox, (await api.body()) as TryRequest);
      return sendJson(response, answer.needsConfirmation === undefined ? 200 : 409, answer);
    }
    case "GET /api/memory":
      return sendJson(response, 200, await context.memory.list());
    case "GET /api/memory/namespace": {
      const page = wholeNumber(api.query.get("page") ?? "0", "page");
      const name = required(api.query, "name");
      return sendJson(response, 200, await context.memory.page(name, page));
    }
    case "GET /api/memory/search": {
      const limit = wholeNumber(api.query.get("limit") ?? "10", "limit");
      const namespace = api.query.get("namespace") ?? undefined;
      const found = await context.memory.search(required(api.query, "q"), {
        namespace: namespace === "" ? undefined : namespace,
        limit: Math.min(limit, 50),
      });
      return sendJson(response, 200, found);
    }
    case "GET /api/live":
      request.socket.setTimeout(0);
      return context.live.attach(response);
  }
  const known = [
    "/api/tools",
    "/api/dialects",
    "/api/formats",
    "/api/try",
    "/api/memory",
    "/api/memory/namespace",
    "/api/memory/search",
    "/api/live",
  ];
  if (known.includes(api.path)) {
    throw new RequestProblem(405, `${api.method} is not served at ${api.path}`);
  }
  throw new RequestProblem(404, `no API at ${api.path}; see docs/inspect.md`);
}

/** The activity whose native name is exactly `nativeName` (the API names what the list shows). */
function findActivity(
  toolbox: Toolbox,
  nativeName: string,
): { tool: Tool; activity: ToolActivity } {
  for (const tool of toolbox.tools) {
    for (const activity of tool.activities()) {
      if (toolbox.nativeName(tool, activity.name) === nativeName) return { tool, activity };
    }
  }
  throw new RequestProblem(404, `no activity ${JSON.stringify(nativeName)} in this toolbox`);
}

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value === "") throw new RequestProblem(400, `missing ?${name}=`);
  return value;
}

function wholeNumber(text: string, name: string): number {
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new RequestProblem(400, `?${name}= must be a whole number >= 0`);
  }
  return number;
}
