import { checkOptions } from "../internal/check-options.js";
import { isPlainObject } from "../internal/clone-json.js";
import { aString, nonEmptyString, type OptionRule } from "../internal/option-rules.js";
import type { Tool } from "../tool/tool.js";
import { decoratedMethod } from "./decorated-method.js";
import { memberRegistry } from "./member-registry.js";
import type { Completer, ResourceConfig, ResourceContext } from "./resource-config.js";
import { compileUriTemplate, type UriTemplate } from "./uri-template.js";

/** @internal Everything kept about one `@resource` method. */
export interface ResourceDefinition {
  /** The URI, or the URI template. */
  readonly key: string;
  readonly methodName: string;
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly mimeType: string | undefined;
  /** Set for a resource template. */
  readonly template: UriTemplate | undefined;
  readonly complete: ReadonlyMap<string, Completer>;
  readonly method: (tool: object) => (...args: unknown[]) => unknown;
}

const resources = memberRegistry<ResourceDefinition>();

// Method syntax keeps the parameter bivariant, so `({ slug }: { slug: string })` is accepted.
type ResourceMethod<This> = {
  bivariant(
    this: This,
    variables: Record<string, string>,
    context: ResourceContext<This & Tool>,
  ): unknown;
}["bivariant"];

const completerRule: OptionRule = {
  expected: "an object mapping template variables to a list of strings or a function",
  test: (value) =>
    isPlainObject(value) &&
    Object.values(value).every(
      (entry) =>
        typeof entry === "function" ||
        (Array.isArray(entry) && entry.every((item) => typeof item === "string")),
    ),
};
const rules = {
  uri: nonEmptyString,
  uriTemplate: nonEmptyString,
  name: nonEmptyString,
  title: aString,
  description: aString,
  mimeType: nonEmptyString,
  complete: completerRule,
};

/**
 * Marks a method of a `Tool` subclass as a resource a client can read, beside the tool's activities:
 * a fixed `uri`, or a `uriTemplate` whose `{variables}` the method receives. The method returns the
 * content: a string (text), bytes, an artifact (its text, or its bytes and media type) or JSON. Served
 * by `serveMcp` (`resources/list`, `resources/templates/list`, `resources/read`, completion of template
 * variables from `complete`); the config is checked when the class is defined.
 *
 * @example
 * ```ts
 * class DocsTool extends Tool {
 *   @resource({ uri: "docs://readme", mimeType: "text/markdown", description: "The README" })
 *   readme() {
 *     return readFileSync("README.md", "utf8");
 *   }
 *
 *   @resource({ uriTemplate: "docs://pages/{slug}", complete: { slug: ["intro", "setup"] } })
 *   page({ slug }: { slug: string }) {
 *     return readFileSync(`docs/${slug}.md`, "utf8");
 *   }
 * }
 * ```
 */
export function resource<T extends Tool = Tool>(
  config: ResourceConfig,
): <This extends T>(
  method: ResourceMethod<This>,
  context: ClassMethodDecoratorContext<This>,
) => void {
  return (target, context) => {
    const member = decoratedMethod("@resource", target, context);
    const { fail, methodName } = member;
    checkOptions(config, {
      owner: "@resource",
      argument: "config",
      rules,
      error: (key, message) => fail(key === "config" ? undefined : key, message),
    });
    if ((config.uri === undefined) === (config.uriTemplate === undefined)) {
      fail(undefined, 'give exactly one of "uri" (a fixed resource) and "uriTemplate"');
    }
    let template: UriTemplate | undefined;
    if (config.uriTemplate !== undefined) {
      try {
        template = compileUriTemplate(config.uriTemplate);
      } catch (error) {
        fail("uriTemplate", (error as Error).message);
      }
    }
    const complete = new Map(Object.entries(config.complete ?? {}));
    for (const variable of complete.keys()) {
      if (!template?.variables.includes(variable)) {
        fail(`complete.${variable}`, `is not a variable of the URI template`);
      }
    }
    const key = (config.uri ?? config.uriTemplate) as string;
    for (const existing of resources.own(member.metadata)) {
      if (existing.methodName === methodName) fail(undefined, "@resource is applied twice");
      if (existing.key === key)
        fail(undefined, `${key} is already served by "${existing.methodName}"`);
    }
    resources.record(member.metadata, {
      key,
      methodName,
      name: config.name ?? methodName,
      title: config.title,
      description: config.description,
      mimeType: config.mimeType,
      template,
      complete,
      method: member.method,
    });
  };
}

/** @internal A tool's resources, inherited ones first. */
export function resourcesOf(tool: Tool): readonly ResourceDefinition[] {
  return resources.ofClass(tool.constructor);
}
