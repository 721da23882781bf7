import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { describeValue } from "../internal/describe-value.js";
import { formatPath } from "../internal/json-path.js";

/**
 * @internal Checks the parameters of the requests whose parameters carry what a client or model wrote
 * (`tools/call`, `resources/read`, `prompts/get`) before the SDK parses them, so a problem is a -32602
 * error in toolwright's words (`$.params.arguments: expected an object, got string "x"`) rather than
 * a dump of the SDK's schema issues. Other requests are left to the SDK.
 */
export function checkParams(method: string, params: unknown): void {
  if (method === "tools/call") checkCallParams(params);
  else if (method === "resources/read") checkReadParams(params);
  else if (method === "prompts/get") checkPromptParams(params);
}

/**
 * `tools/call`, without walking `arguments` (the toolbox validates those against the tool's schema,
 * with its own limits).
 */
function checkCallParams(params: unknown): void {
  const object = paramsObject(params, true);
  const problems: string[] = [];
  const { name } = object;
  if (typeof name !== "string" || name === "") {
    problems.push(problem(["name"], "a non-empty string (the tool's name from tools/list)", name));
  }
  const given = object.arguments;
  if (given !== undefined && !isObject(given)) {
    problems.push(problem(["arguments"], "an object", given));
  }
  checkMeta(object, problems);
  fail(problems);
}

function checkReadParams(params: unknown): void {
  const object = paramsObject(params, true);
  const problems: string[] = [];
  if (typeof object.uri !== "string" || object.uri === "") {
    problems.push(problem(["uri"], "a non-empty string (a resource URI)", object.uri));
  }
  checkMeta(object, problems);
  fail(problems);
}

function checkPromptParams(params: unknown): void {
  const object = paramsObject(params, true);
  const problems: string[] = [];
  if (typeof object.name !== "string" || object.name === "") {
    problems.push(
      problem(["name"], "a non-empty string (the prompt's name from prompts/list)", object.name),
    );
  }
  const given = object.arguments;
  if (given !== undefined && !isObject(given)) {
    problems.push(problem(["arguments"], "an object of strings", given));
  }
  checkMeta(object, problems);
  fail(problems);
}

function paramsObject(params: unknown, required: boolean): Record<string, unknown> {
  if (params === undefined && !required) return {};
  if (!isObject(params))
    fail([`${formatPath(["params"])}: expected an object, got ${describeValue(params)}`]);
  return params as Record<string, unknown>;
}

function checkMeta(object: Record<string, unknown>, problems: string[]): void {
  if (object._meta !== undefined && !isObject(object._meta)) {
    problems.push(problem(["_meta"], "an object", object._meta));
  }
}

function problem(path: readonly string[], expected: string, got: unknown): string {
  return `${formatPath(["params", ...path])}: expected ${expected}, got ${describeValue(got)}`;
}

function fail(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid params: ${problems.join("; ")}`,
    );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
