import nunjucks from "nunjucks";

// Griptape renders descriptions with Jinja2; nunjucks is the maintained Jinja-compatible engine for JS.
// Autoescape is off: descriptions are prompt text, not HTML.
const environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });

/** @internal A compiled description template; compiling at definition time surfaces syntax errors early. */
export interface DescriptionTemplate {
  render(self: object): string;
}

/** @internal Compiles `source` when it contains template syntax, else returns `undefined`. */
export function compileDescription(source: string): DescriptionTemplate | undefined {
  if (!source.includes("{{") && !source.includes("{%")) return undefined;
  const template = new nunjucks.Template(source, environment, undefined, true);
  return { render: (self) => template.render({ _self: self }) };
}
