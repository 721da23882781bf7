import type { Tool } from "../tool/tool.js";

/**
 * Values a client may complete a parameter with: a fixed list, or a function of what the person has
 * typed so far (`prefix`) and the other parameters already chosen.
 *
 * @example
 * ```ts
 * const slugs: Completer = (prefix) => pages.filter((slug) => slug.startsWith(prefix));
 * ```
 */
export type Completer =
  | readonly string[]
  | ((
      prefix: string,
      chosen: Readonly<Record<string, string>>,
    ) => readonly string[] | Promise<readonly string[]>);

/**
 * The config of `@resource`: a fixed `uri`, or a `uriTemplate` whose `{variables}` the method receives.
 *
 * @example
 * ```ts
 * const config: ResourceConfig = { uriTemplate: "docs://pages/{slug}", mimeType: "text/markdown" };
 * ```
 */
export interface ResourceConfig {
  /** The resource's URI (a static resource, listed by `resources/list`). */
  uri?: string;
  /** An RFC 6570 template with `{name}` variables (a resource template, `resources/templates/list`). */
  uriTemplate?: string;
  /** The programmatic name; the method name by default. */
  name?: string;
  /** A human-readable name. */
  title?: string;
  description?: string;
  /** The media type of what the method returns; from the returned artifact when unset, else `text/plain`. */
  mimeType?: string;
  /** Completions for the template's variables (`completion/complete`), by variable name. */
  complete?: Readonly<Record<string, Completer>>;
}

/**
 * The second argument of a `@resource` method.
 *
 * @example
 * ```ts
 * @resource({ uriTemplate: "docs://pages/{slug}" })
 * page({ slug }: { slug: string }, context: ResourceContext) {
 *   return fetchPage(slug, { signal: context.signal });
 * }
 * ```
 */
export interface ResourceContext<T extends Tool = Tool> {
  /** The tool instance the resource is read from. */
  readonly tool: T;
  /** The URI being read. */
  readonly uri: string;
  /** Aborted when the reader goes away or the server closes. */
  readonly signal: AbortSignal;
}
