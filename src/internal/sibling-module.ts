/**
 * @internal The URL of a module next to `base` (an `import.meta.url`), for worker and child-process
 * entries: `.ts` while running from source (tsx, Node's type stripping), `.js` once compiled to `dist/`.
 */
export function siblingModuleUrl(base: string, name: string): URL {
  const extension = base.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${name}${extension}`, base);
}
