import type { IncomingHttpHeaders } from "node:http";
import type { JsonSchemaObject } from "../schema/json.js";

/**
 * @internal One argument a tool mirrors into an HTTP header (2026-07-28, SEP-2243): the property marked
 * `x-mcp-header` at `path` (a chain of `properties` keys from the root), sent as `Mcp-Param-{header}`.
 */
export interface ParamHeader {
  readonly header: string;
  readonly path: readonly string[];
}

/** RFC 9110 `tchar`: what a header name may hold. */
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const sentinel = /^=\?base64\?(.*)\?=$/s;
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
/** Header values a client may send as they are: visible ASCII, space and tab. */
const plainValue = /^[\t\x20-\x7e]*$/;

/**
 * @internal The `x-mcp-header` declarations of a tool's input schema, or a reason the schema breaks the
 * rules (a name that is not a header token or repeats, a declaration off a `properties` chain, on a
 * parameter that is not a string, integer or boolean). A client must drop a tool whose declarations
 * break the rules, so `serveMcp` refuses such a schema up front.
 */
export function paramHeadersOf(schema: JsonSchemaObject): ParamHeader[] | string {
  const found: ParamHeader[] = [];
  const walk = (node: JsonSchemaObject, path: readonly string[]): string | undefined => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (typeof child !== "object" || child === null) continue;
      const childPath = [...path, key];
      const header = (child as Record<string, unknown>)["x-mcp-header"];
      if (header !== undefined) {
        const problem = declarationProblem(header, child, found);
        if (problem !== undefined) return `${childPath.join(".")}: ${problem}`;
        found.push({ header: header as string, path: childPath });
      }
      const nested = walk(child, childPath);
      if (nested !== undefined) return nested;
    }
    return undefined;
  };
  const problem = walk(schema, []);
  if (problem !== undefined) return problem;
  if (countDeclarations(schema) !== found.length) {
    return "x-mcp-header may only mark properties reached through `properties` from the root";
  }
  return found;
}

function declarationProblem(
  header: unknown,
  property: JsonSchemaObject,
  found: readonly ParamHeader[],
): string | undefined {
  if (typeof header !== "string" || !token.test(header)) {
    return `x-mcp-header must be an HTTP header token; got ${JSON.stringify(header)}`;
  }
  const lower = header.toLowerCase();
  if (found.some((other) => other.header.toLowerCase() === lower)) {
    return `x-mcp-header "${header}" is used twice (names compare case-insensitively)`;
  }
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (!types.every((type) => type === "string" || type === "integer" || type === "boolean")) {
    return `x-mcp-header needs a string, integer or boolean parameter; got type ${JSON.stringify(property.type)}`;
  }
  return undefined;
}

/** Every `x-mcp-header` key anywhere in the schema, to catch ones off the `properties` chains. */
function countDeclarations(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let count = 0;
  for (const [key, child] of Object.entries(value)) {
    if (key === "x-mcp-header") count++;
    else count += countDeclarations(child);
  }
  return count;
}

/**
 * @internal Why a 2026-07-28 `tools/call` request's `Mcp-Param-*` headers do not match its arguments
 * (a malformed Base64 sentinel, a value that differs after decoding, a header missing for a value the
 * body has, or one sent for a value it lacks); `undefined` when they match.
 */
export function paramHeaderMismatch(
  declarations: readonly ParamHeader[],
  args: unknown,
  headers: IncomingHttpHeaders,
): string | undefined {
  for (const { header, path } of declarations) {
    const name = `Mcp-Param-${header}`;
    const sent = headers[name.toLowerCase()];
    const raw = Array.isArray(sent) ? sent[0] : sent;
    const value = valueAt(args, path);
    if (raw === undefined) {
      if (value === undefined) continue;
      return `${name} header is missing, but the arguments carry ${path.join(".")}`;
    }
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined)
      return `${name} header is not Base64 of UTF-8 text inside =?base64?…?=`;
    if (value === undefined)
      return `${name} header is sent, but the arguments carry no ${path.join(".")}`;
    if (decoded !== String(value)) {
      return `${name} header value ${JSON.stringify(decoded)} does not match the argument ${JSON.stringify(String(value))}`;
    }
  }
  return undefined;
}

/** A header value as sent: the UTF-8 text inside `=?base64?…?=`, or the value itself. */
function decodeHeaderValue(raw: string): string | undefined {
  const encoded = sentinel.exec(raw)?.[1];
  if (encoded === undefined) return plainValue.test(raw) ? raw : undefined;
  if (!base64.test(encoded)) return undefined;
  try {
    return strictUtf8.decode(Buffer.from(encoded, "base64"));
  } catch {
    return undefined;
  }
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
