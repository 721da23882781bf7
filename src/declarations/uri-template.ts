/**
 * @internal A resource URI template of RFC 6570's first level (`docs://pages/{slug}`): each `{name}`
 * matches one non-empty segment without `/`, `?` or `#`, percent-decoded. Other operators (`{+x}`,
 * `{?x}` …) are refused when the template is compiled, so a read never matches differently from what
 * the template says.
 */
export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  /** The variables of a URI the template matches, or `undefined`. */
  match(uri: string): Record<string, string> | undefined;
}

const expression = /\{([^}]*)\}/g;
const variableName = /^[A-Za-z0-9_]+$/;

/** @internal Compiles a template; throws `Error` with the reason when it is not level 1. */
export function compileUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  let pattern = "";
  let last = 0;
  for (const found of template.matchAll(expression)) {
    const name = found[1] ?? "";
    if (!variableName.test(name)) {
      throw new Error(
        `{${name}} is not a simple variable: use {name} with letters, digits and "_" (other RFC 6570 operators are not supported)`,
      );
    }
    if (variables.includes(name)) throw new Error(`{${name}} appears twice`);
    variables.push(name);
    pattern += `${literal(template.slice(last, found.index))}([^/?#]+)`;
    last = found.index + found[0].length;
  }
  if (variables.length === 0) throw new Error("has no {variable}; use `uri` for a fixed resource");
  const regex = new RegExp(`^${pattern}${literal(template.slice(last))}$`);
  return {
    template,
    variables,
    match(uri) {
      const found = regex.exec(uri);
      if (found === null) return undefined;
      const values: Record<string, string> = {};
      for (const [index, name] of variables.entries()) {
        try {
          values[name] = decodeURIComponent(found[index + 1] ?? "");
        } catch {
          return undefined;
        }
      }
      return values;
    },
  };
}

/** A literal stretch of the template, escaped for the pattern; a brace in it is a mistake. */
function literal(text: string): string {
  if (/[{}]/.test(text)) throw new Error("has an unclosed or stray brace");
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
