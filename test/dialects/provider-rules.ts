/**
 * Per-provider rule checkers, written from research/corpora-and-provider-rules.md §5 independently of the
 * lowering code: each returns the list of rules a provider `tools` value breaks (empty = accepted).
 */

import AjvModule from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import type { Dialect, DialectOptions } from "../../src/index.js";

type Node = Record<string, unknown>;
const Ajv2020 = Ajv2020Module.default;
const Ajv07 = AjvModule.default;
const metaAjv2020 = new Ajv2020({ strict: false, logger: false });
const metaAjv07 = new Ajv07({ strict: false, logger: false });

const openAIName = /^[a-zA-Z0-9_-]{1,64}$/;
const anthropicName = /^[a-zA-Z0-9_-]{1,64}$/;
const geminiName = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const mcpName = /^[a-zA-Z0-9_.-]{1,128}$/;
const geminiProperty = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const openAIStrictKeywords = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$defs",
  "$ref",
  "description",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
const openAIFormats = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);
const anthropicStrictKeywords = new Set([
  "$ref",
  "$defs",
  "type",
  "anyOf",
  "allOf",
  "description",
  "title",
  "const",
  "enum",
  "properties",
  "additionalProperties",
  "required",
  "format",
  "items",
  "minItems",
]);
const anthropicFormats = new Set([...openAIFormats, "uri"]);
const geminiFields = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "propertyOrdering",
  "anyOf",
  "default",
  "example",
]);
const geminiTypes = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);
const geminiJsonSchemaKeywords = new Set([
  "$id",
  "$defs",
  "$ref",
  "$anchor",
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "oneOf",
  "properties",
  "additionalProperties",
  "required",
  "propertyOrdering",
]);
const ollamaRootFields = new Set(["type", "$defs", "items", "required", "properties"]);
const ollamaPropertyFields = new Set([
  "anyOf",
  "type",
  "items",
  "description",
  "enum",
  "properties",
  "required",
]);

/** Every rule `tools` breaks for `dialect` with `options`. */
export function checkProviderTools(
  dialect: Dialect,
  options: DialectOptions,
  tools: unknown,
): string[] {
  const problems: string[] = [];
  const list = tools as Node[];
  switch (dialect) {
    case "openai-chat":
    case "openai-responses":
      if (list.length > 128) problems.push("more than 128 tools");
      for (const tool of list) {
        const fn = (dialect === "openai-chat" ? tool.function : tool) as Node;
        if (tool.type !== "function") problems.push("type must be function");
        check(openAIName.test(String(fn.name)), problems, `name ${String(fn.name)}`);
        if (fn.parameters === undefined) continue;
        const schema = fn.parameters as Node;
        rootObject(schema, problems, String(fn.name));
        if (options.strict === true)
          walk(schema, [], (node, path) => openAIStrict(node, path, problems), schema);
      }
      break;
    case "anthropic":
      for (const tool of list) {
        check(anthropicName.test(String(tool.name)), problems, `name ${String(tool.name)}`);
        const schema = tool.input_schema as Node;
        rootObject(schema, problems, String(tool.name));
        if (options.strict === true)
          walk(schema, [], (node, path) => anthropicStrict(node, path, problems), schema);
      }
      break;
    case "gemini": {
      const wrapper = list as unknown as { functionDeclarations: Node[] }[];
      check(
        wrapper.length === 1 && Array.isArray(wrapper[0]?.functionDeclarations),
        problems,
        "one Tool with functionDeclarations",
      );
      for (const declaration of wrapper[0]?.functionDeclarations ?? []) {
        check(
          geminiName.test(String(declaration.name)),
          problems,
          `name ${String(declaration.name)}`,
        );
        const both =
          declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined;
        check(!both, problems, "parameters and parametersJsonSchema are exclusive");
        if (declaration.parameters !== undefined) {
          const schema = declaration.parameters as Node;
          check(
            schema.type === "OBJECT",
            problems,
            `${String(declaration.name)}: root type OBJECT`,
          );
          walk(schema, [], (node, path) => geminiParameters(node, path, problems), schema);
        }
        if (declaration.parametersJsonSchema !== undefined) {
          const schema = declaration.parametersJsonSchema as Node;
          rootObject(schema, problems, String(declaration.name));
          walk(
            schema,
            [],
            (node, path) => allowed(node, path, geminiJsonSchemaKeywords, problems),
            schema,
          );
        }
      }
      break;
    }
    case "ollama":
      for (const tool of list) {
        const fn = tool.function as Node;
        check(tool.type === "function", problems, "type must be function");
        const schema = fn.parameters as Node;
        rootObject(schema, problems, String(fn.name));
        for (const key of Object.keys(schema)) {
          check(
            ollamaRootFields.has(key),
            problems,
            `${String(fn.name)}: parameters.${key} is dropped by Ollama`,
          );
        }
        for (const property of Object.values((schema.properties ?? {}) as Record<string, Node>)) {
          walkProperties(property, (node, path) => {
            for (const key of Object.keys(node)) {
              check(
                ollamaPropertyFields.has(key),
                problems,
                `${String(fn.name)}${path}: ${key} is dropped by Ollama`,
              );
            }
          });
        }
      }
      break;
    case "mcp":
      for (const tool of list) {
        check(mcpName.test(String(tool.name)), problems, `name ${String(tool.name)}`);
        const schema = tool.inputSchema as Node;
        check(schema.type === "object", problems, `${String(tool.name)}: root type object`);
        check(
          metaAjv2020.validateSchema(schema) === true,
          problems,
          `${String(tool.name)}: a valid 2020-12 schema`,
        );
      }
      break;
    case "json-schema":
      for (const tool of list) {
        const schema = tool.inputSchema as Node;
        const draft07 = options.jsonSchemaDraft === "draft-07";
        check(typeof schema.$schema === "string", problems, `${String(tool.name)}: $schema`);
        const meta = draft07 ? metaAjv07 : metaAjv2020;
        check(
          meta.validateSchema(schema) === true,
          problems,
          `${String(tool.name)}: valid against its meta-schema`,
        );
      }
      break;
  }
  return problems;
}

function check(ok: boolean, problems: string[], rule: string): void {
  if (!ok) problems.push(rule);
}

function rootObject(schema: Node, problems: string[], name: string): void {
  check(schema.type === "object", problems, `${name}: root type object`);
  for (const keyword of ["anyOf", "oneOf", "allOf", "enum", "not"]) {
    check(schema[keyword] === undefined, problems, `${name}: no root ${keyword}`);
  }
}

type Visit = (node: Node, path: string) => void;

function walk(node: unknown, path: (string | number)[], visit: Visit, root: Node): void {
  if (typeof node !== "object" || node === null) return;
  const schema = node as Node;
  visit(schema, `$${path.map((segment) => `/${segment}`).join("")}`);
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" || key === "$defs") {
      for (const [name, child] of Object.entries(value as Record<string, unknown>))
        walk(child, [...path, key, name], visit, root);
    } else if (key === "items" || key === "additionalProperties") {
      walk(value, [...path, key], visit, root);
    } else if (key === "anyOf" || key === "allOf" || key === "oneOf" || key === "prefixItems") {
      for (const [index, child] of (value as unknown[]).entries()) {
        walk(child, [...path, key, index], visit, root);
      }
    }
  }
}

function walkProperties(node: Node, visit: Visit, path = ""): void {
  visit(node, path);
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
    walkProperties(child, visit, `${path}.${name}`);
  }
  if (Array.isArray(node.anyOf)) {
    for (const [index, child] of node.anyOf.entries()) {
      walkProperties(child as Node, visit, `${path}|${index}`);
    }
  }
}

function allowed(
  node: Node,
  path: string,
  keywords: ReadonlySet<string>,
  problems: string[],
): void {
  for (const key of Object.keys(node))
    check(keywords.has(key), problems, `${path}: keyword ${key}`);
}

function depthOf(path: string): number {
  return path.split("/").filter((segment) => segment === "properties" || segment === "items")
    .length;
}

function openAIStrict(node: Node, path: string, problems: string[]): void {
  allowed(node, path, openAIStrictKeywords, problems);
  check(depthOf(path) <= 10, problems, `${path}: nesting depth ≤ 10`);
  const types = [node.type].flat();
  check(
    node.type !== undefined || node.anyOf !== undefined || node.$ref !== undefined,
    problems,
    `${path}: has a type`,
  );
  if (types.includes("object")) {
    check(node.additionalProperties === false, problems, `${path}: additionalProperties false`);
    const keys = Object.keys((node.properties ?? {}) as object);
    const required = (node.required ?? []) as string[];
    check(
      keys.length === required.length && keys.every((key) => required.includes(key)),
      problems,
      `${path}: every key required`,
    );
  }
  if (types.includes("array")) check(node.items !== undefined, problems, `${path}: items`);
  if (node.format !== undefined)
    check(
      openAIFormats.has(String(node.format)),
      problems,
      `${path}: format ${String(node.format)}`,
    );
  check(!(path === "$" && node.anyOf !== undefined), problems, "no root anyOf");
}

function anthropicStrict(node: Node, path: string, problems: string[]): void {
  allowed(node, path, anthropicStrictKeywords, problems);
  check(
    node.type !== undefined ||
      node.anyOf !== undefined ||
      node.allOf !== undefined ||
      node.$ref !== undefined,
    problems,
    `${path}: has a type`,
  );
  if ([node.type].flat().includes("object"))
    check(node.additionalProperties === false, problems, `${path}: additionalProperties false`);
  if (node.minItems !== undefined)
    check(node.minItems === 0 || node.minItems === 1, problems, `${path}: minItems 0 or 1`);
  if (node.format !== undefined)
    check(
      anthropicFormats.has(String(node.format)),
      problems,
      `${path}: format ${String(node.format)}`,
    );
  check(node.$ref === undefined, problems, `${path}: no recursive $ref`);
}

function geminiParameters(node: Node, path: string, problems: string[]): void {
  allowed(node, path, geminiFields, problems);
  check(
    typeof node.type === "string" || Array.isArray(node.anyOf),
    problems,
    `${path}: has a type`,
  );
  if (node.type !== undefined)
    check(geminiTypes.has(String(node.type)), problems, `${path}: type ${String(node.type)}`);
  check(
    !(node.type !== undefined && node.anyOf !== undefined),
    problems,
    `${path}: not both type and anyOf`,
  );
  if (node.enum !== undefined) {
    check(node.type === "STRING", problems, `${path}: enum only for STRING`);
    check(
      (node.enum as unknown[]).every((value) => typeof value === "string"),
      problems,
      `${path}: string enum values`,
    );
  }
  if (node.type === "ARRAY") check(node.items !== undefined, problems, `${path}: ARRAY has items`);
  if (node.properties !== undefined) {
    const names = Object.keys(node.properties as object);
    check(names.length > 0, problems, `${path}: properties non-empty for OBJECT`);
    for (const name of names)
      check(geminiProperty.test(name), problems, `${path}: property name ${name}`);
  }
  for (const key of [
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minProperties",
    "maxProperties",
  ]) {
    if (node[key] !== undefined)
      check(typeof node[key] === "string", problems, `${path}: ${key} as int64 string`);
  }
}
