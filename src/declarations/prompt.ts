import type { ActivityInput, LooseInput } from "../activity/activity-config.js";
import { checkOptions } from "../internal/check-options.js";
import { anObject, aString, nonEmptyString } from "../internal/option-rules.js";
import type { JsonSchemaObject } from "../schema/json.js";
import {
  type NormalizedSchema,
  normalizeSchema,
  type SchemaSource,
  SchemaSourceError,
} from "../schema/normalize-schema.js";
import type { Tool } from "../tool/tool.js";
import { decoratedMethod } from "./decorated-method.js";
import { memberRegistry } from "./member-registry.js";
import type { PromptConfig, PromptContext } from "./prompt-config.js";
import type { Completer } from "./resource-config.js";

/** @internal One argument of a prompt, as MCP lists it. */
export interface PromptArgument {
  readonly name: string;
  readonly description: string | undefined;
  readonly required: boolean;
  /** The argument's `enum`, offered as completions. */
  readonly values: readonly string[] | undefined;
}

/** @internal Everything kept about one `@prompt` method. */
export interface PromptDefinition {
  /** The prompt's name. */
  readonly key: string;
  readonly methodName: string;
  readonly title: string | undefined;
  readonly description: string;
  readonly arguments: readonly PromptArgument[];
  /** Validates the arguments before the method runs; unset without `arguments`. */
  readonly schema: NormalizedSchema | undefined;
  readonly complete: ReadonlyMap<string, Completer>;
  readonly method: (tool: object) => (...args: unknown[]) => unknown;
}

const prompts = memberRegistry<PromptDefinition>();
const promptName = /^[a-zA-Z0-9_]+$/;
const rules = {
  description: nonEmptyString,
  name: nonEmptyString,
  title: aString,
  arguments: anObject,
  complete: anObject,
};

// Method syntax keeps the parameter bivariant, so a narrower `args` type is accepted; a JSON Schema
// gives no static type, so then any object-typed parameter is.
type PromptMethod<This, Args> = {
  bivariant(
    this: This,
    args: [Args] extends [LooseInput] ? object : Args,
    context: PromptContext<This & Tool>,
  ): unknown;
}["bivariant"];

/**
 * Marks a method of a `Tool` subclass as a prompt a client can offer people (a slash command, a menu
 * entry), beside the tool's activities. Its `arguments` schema lists the arguments (strings) and
 * validates them; the method returns the messages: a string, an artifact (an image, audio), an
 * embedded resource, or several of them. Served by `serveMcp` (`prompts/list`, `prompts/get`, argument
 * completion from `enum` values and `complete`) under `<tool name>_<prompt name>`, as activities are.
 *
 * @example
 * ```ts
 * class ReviewTool extends Tool {
 *   @prompt({
 *     description: "Review a change",
 *     arguments: z.object({ pr: z.string(), tone: z.enum(["kind", "blunt"]).optional() }),
 *   })
 *   review({ pr, tone }: { pr: string; tone?: "kind" | "blunt" }) {
 *     return `Review pull request ${pr}${tone === undefined ? "" : `, ${tone}ly`}.`;
 *   }
 * }
 * ```
 */
export function prompt<S extends SchemaSource | undefined = undefined, T extends Tool = Tool>(
  config: PromptConfig<S>,
): <This extends T>(
  method: PromptMethod<This, ActivityInput<S>>,
  context: ClassMethodDecoratorContext<This>,
) => void {
  return (target, context) => {
    const member = decoratedMethod("@prompt", target, context);
    const { fail, methodName } = member;
    checkOptions(config, {
      owner: "@prompt",
      argument: "config",
      rules,
      required: ["description"],
      error: (key, message) => fail(key === "config" ? undefined : key, message),
    });
    const name = config.name ?? methodName;
    if (!promptName.test(name)) {
      fail(
        config.name === undefined ? undefined : "name",
        `prompt name ${JSON.stringify(name)} may hold only letters, digits and "_"`,
      );
    }
    let schema: NormalizedSchema | undefined;
    if (config.arguments !== undefined) {
      try {
        schema = normalizeSchema(config.arguments, { requireObject: true });
      } catch (error) {
        if (error instanceof SchemaSourceError) fail("arguments", error.message, error.cause);
        throw error;
      }
    }
    const args = schema === undefined ? [] : promptArguments(schema.jsonSchema, fail);
    const complete = new Map(Object.entries(config.complete ?? {}));
    for (const argument of complete.keys()) {
      if (!args.some((candidate) => candidate.name === argument)) {
        fail(`complete.${argument}`, "is not one of the prompt's arguments");
      }
    }
    for (const existing of prompts.own(member.metadata)) {
      if (existing.methodName === methodName) fail(undefined, "@prompt is applied twice");
      if (existing.key === name)
        fail("name", `"${name}" is already the name of "${existing.methodName}"`);
    }
    prompts.record(member.metadata, {
      key: name,
      methodName,
      title: config.title,
      description: config.description,
      arguments: args,
      schema,
      complete,
      method: member.method,
    });
  };
}

/** MCP prompt arguments are strings: each property must be a string (or a string enum). */
function promptArguments(
  schema: JsonSchemaObject,
  fail: (key: string, message: string) => never,
): PromptArgument[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const spec = (
      typeof property === "object" && property !== null ? property : {}
    ) as JsonSchemaObject;
    const values = Array.isArray(spec.enum) ? spec.enum : undefined;
    const text =
      spec.type === "string" ||
      (spec.type === undefined && values?.every((value) => typeof value === "string") === true);
    if (!text) {
      fail(`arguments.${name}`, "must be a string: prompt arguments are text (MCP)");
    }
    return {
      name,
      description: typeof spec.description === "string" ? spec.description : undefined,
      required: required.has(name),
      values: values as string[] | undefined,
    };
  });
}

/** @internal A tool's prompts, inherited ones first. */
export function promptsOf(tool: Tool): readonly PromptDefinition[] {
  return prompts.ofClass(tool.constructor);
}
