import type { Environment } from "nunjucks";
import { loadOnUse } from "../internal/load-on-use.js";

// Griptape renders descriptions with Jinja2; nunjucks is the maintained Jinja-compatible engine for JS.
// It is loaded with the first description that is a template: plain descriptions never need it.
const nunjucks = loadOnUse<typeof import("nunjucks")>("nunjucks");
let environment: Environment | undefined;

/** @internal A compiled description template; compiling at definition time surfaces syntax errors early. */
export interface DescriptionTemplate {
  render(self: object): string;
}

/** @internal Compiles `source` when it contains template syntax, else returns `undefined`. */
export function compileDescription(source: string): DescriptionTemplate | undefined {
  if (!source.includes("{{") && !source.includes("{%")) return undefined;
  const engine = nunjucks();
  // Autoescape is off: descriptions are prompt text, not HTML.
  environment ??= new engine.Environment(null, { autoescape: false, throwOnUndefined: false });
  const template = new engine.Template(source, environment, undefined, true);
  return { render: (self) => template.render({ _self: self }) };
}
