import { describeValue } from "../internal/describe-value.js";
import { formatPath } from "../internal/json-path.js";
import { invalidParams, RpcError } from "./rpc-error.js";

/** @internal The parameters of a `tools/call` request, checked. */
export interface CallParams {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * @internal Checks `tools/call` parameters without walking `arguments` (the toolbox validates those
 * against the tool's schema, with its own limits): a problem is a -32602 error whose message reads like
 * toolwright's validation errors, `$.params.arguments: expected an object, got string "x"`.
 */
export function callParams(params: unknown): CallParams {
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
  return {
    name: name as string,
    arguments: given === undefined ? {} : (given as Record<string, unknown>),
  };
}

/** @internal Checks `resources/read` parameters and returns the URI. */
export function readParams(params: unknown): string {
  const object = paramsObject(params, true);
  const problems: string[] = [];
  if (typeof object.uri !== "string" || object.uri === "") {
    problems.push(problem(["uri"], "a non-empty string (a resource URI)", object.uri));
  }
  checkMeta(object, problems);
  fail(problems);
  return object.uri as string;
}

/** @internal Checks the parameters of a list request (`tools/list`, …): optional, with an optional cursor. */
export function checkListParams(params: unknown): void {
  const object = paramsObject(params, false);
  const problems: string[] = [];
  if (object.cursor !== undefined && typeof object.cursor !== "string") {
    problems.push(problem(["cursor"], "a string", object.cursor));
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
  if (problems.length > 0)
    throw new RpcError(invalidParams, `Invalid params: ${problems.join("; ")}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
