// The project's module graph as the TypeScript compiler reads it (the `typescript` 7 API: the
// compiler parses, this file only walks the syntax), for the architecture checks: which module
// refers to which, and whether for its types alone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import {
  type CallExpression,
  type ExportDeclaration,
  type Identifier,
  type ImportDeclaration,
  type ImportTypeNode,
  type LiteralTypeNode,
  type MetaProperty,
  type NewExpression,
  type Node,
  type PropertyAccessExpression,
  type StringLiteral,
  SyntaxKind,
} from "typescript/unstable/ast";
import { API } from "typescript/unstable/sync";

/** How a module refers to another: what it costs at run time differs, what it depends on does not. */
export type ReferenceKind =
  /** `import … from`, `export … from`: loaded with the module. */
  | "static"
  /** `import type`, `export type … from`, `typeof import("…")`: erased when compiled (`import { type A }` is not). */
  | "type"
  /** `import("…")`: loaded when that code runs. */
  | "dynamic"
  /** `siblingModuleUrl(import.meta.url, "…")`, `new URL("…", import.meta.url)`: a child process's or a load-on-use module. */
  | "url";

/** One reference from a module to another file of the project, by paths relative to the root. */
export interface ModuleReference {
  readonly from: string;
  readonly to: string;
  readonly kind: ReferenceKind;
  readonly line: number;
}

/** The files read and what each refers to (package imports left out). */
export interface ImportGraph {
  readonly files: readonly string[];
  readonly references: readonly ModuleReference[];
}

/**
 * Every `.ts` file below `folder` of `root` (all of it by default), relative to `root` with `/`
 * separators, sorted; `node_modules`, `dist` and hidden folders are skipped.
 *
 * @example
 * ```ts
 * listTypeScriptFiles(root, "src"); // ["src/activity/activity-annotations.ts", …]
 * ```
 */
export function listTypeScriptFiles(root: string, folder = "."): string[] {
  const found: string[] = [];
  const visit = (at: string): void => {
    for (const name of readdirSync(join(root, at)).sort()) {
      if (name.startsWith(".") || name === "node_modules" || name === "dist") continue;
      const path = at === "." ? name : `${at}/${name}`;
      if (statSync(join(root, path)).isDirectory()) visit(path);
      else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) found.push(path);
    }
  };
  visit(folder);
  return found;
}

/**
 * Parses `files` (paths relative to `root`) with the TypeScript compiler and lists what each refers
 * to among the project's own files: relative specifiers, and the package's own name through the
 * `exports` of `root/package.json` (a `dist/x.js` target read as `src/x.ts`).
 *
 * @example
 * ```ts
 * const graph = readImportGraph(root, listTypeScriptFiles(root, "src"));
 * graph.references.filter((reference) => reference.from === "src/index.ts");
 * ```
 */
export function readImportGraph(folder: string, files: readonly string[]): ImportGraph {
  // The compiler takes absolute paths only.
  const root = resolve(folder);
  const config = join(root, ".import-graph.tsconfig.json");
  // A project of exactly these files, parsed without resolving imports or loading libraries: the
  // syntax is all the graph needs, and it is read in well under a second.
  const configText = JSON.stringify({
    compilerOptions: { noResolve: true, noLib: true, types: [], noEmit: true, module: "nodenext" },
    files: files.map((file) => join(root, file)),
  });
  const api = new API({
    cwd: root,
    fs: {
      readFile: (name) => (name === config ? configText : undefined),
      fileExists: (name) => (name === config ? true : undefined),
    },
  });
  const selfExports = packageExports(root);
  const references: ModuleReference[] = [];
  try {
    const program = api.updateSnapshot({ openProject: config }).getProject(config)?.program;
    if (program === undefined) throw new Error(`the TypeScript API did not open ${config}`);
    for (const file of files) {
      const source = program.getSourceFile(join(root, file));
      if (source === undefined) throw new Error(`the TypeScript API did not read ${file}`);
      const text = source.text;
      const add = (specifier: string, kind: ReferenceKind, node: Node): void => {
        const to = resolveSpecifier(root, file, specifier, selfExports);
        if (to !== undefined)
          references.push({ from: file, to, kind, line: lineOf(text, node.getStart()) });
      };
      for (const statement of source.statements) readStatement(statement, add);
      // Only a file that names one of these can hold a reference inside its code.
      if (/import\(|import\.meta\.url/.test(text))
        source.forEachChild(function walk(node): undefined {
          readExpression(node, add);
          node.forEachChild(walk);
        });
    }
  } finally {
    api.close();
  }
  return { files: [...files], references };
}

type Add = (specifier: string, kind: ReferenceKind, node: Node) => void;

function readStatement(statement: Node, add: Add): void {
  if (statement.kind === SyntaxKind.ImportDeclaration) {
    const { importClause, moduleSpecifier } = statement as ImportDeclaration;
    // `import { type A }` is not erased: with `verbatimModuleSyntax` it stays as `import {}`.
    const typeOnly = importClause?.phaseModifier === SyntaxKind.TypeKeyword;
    const specifier = literalText(moduleSpecifier);
    if (specifier !== undefined) add(specifier, typeOnly ? "type" : "static", statement);
  } else if (statement.kind === SyntaxKind.ExportDeclaration) {
    const { isTypeOnly, moduleSpecifier } = statement as ExportDeclaration;
    const specifier = moduleSpecifier === undefined ? undefined : literalText(moduleSpecifier);
    if (specifier !== undefined) add(specifier, isTypeOnly ? "type" : "static", statement);
  }
}

function readExpression(node: Node, add: Add): void {
  if (node.kind === SyntaxKind.ImportType) {
    const { argument } = node as ImportTypeNode;
    if (argument.kind === SyntaxKind.LiteralType) {
      const specifier = literalText((argument as LiteralTypeNode).literal);
      if (specifier !== undefined) add(specifier, "type", node);
    }
  } else if (node.kind === SyntaxKind.CallExpression) {
    const call = node as CallExpression;
    const first = call.arguments[0];
    if (call.expression.kind === SyntaxKind.ImportKeyword) {
      const specifier = first === undefined ? undefined : literalText(first);
      if (specifier !== undefined) add(specifier, "dynamic", node);
    } else if (
      call.expression.kind === SyntaxKind.Identifier &&
      (call.expression as Identifier).text === "siblingModuleUrl" &&
      isImportMetaUrl(first)
    ) {
      const second = call.arguments[1];
      const name = second === undefined ? undefined : literalText(second);
      // `siblingModuleUrl` adds the extension the running code has.
      if (name !== undefined) add(`./${name}.js`, "url", node);
    }
  } else if (node.kind === SyntaxKind.NewExpression) {
    const created = node as NewExpression;
    const [first, second] = created.arguments ?? [];
    if (
      created.expression.kind === SyntaxKind.Identifier &&
      (created.expression as Identifier).text === "URL" &&
      isImportMetaUrl(second)
    ) {
      const specifier = first === undefined ? undefined : literalText(first);
      if (specifier !== undefined) add(specifier, "url", node);
    }
  }
}

function isImportMetaUrl(node: Node | undefined): boolean {
  if (node?.kind !== SyntaxKind.PropertyAccessExpression) return false;
  const access = node as PropertyAccessExpression;
  return (
    access.expression.kind === SyntaxKind.MetaProperty &&
    (access.expression as MetaProperty).keywordToken === SyntaxKind.ImportKeyword &&
    access.name.text === "url"
  );
}

function literalText(node: Node): string | undefined {
  return node.kind === SyntaxKind.StringLiteral ||
    node.kind === SyntaxKind.NoSubstitutionTemplateLiteral
    ? (node as StringLiteral).text
    : undefined;
}

/** The package's own subpaths (`"toolwright/tools"` → `"src/tools.ts"`), read from its `exports`. */
function packageExports(root: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name: string;
    exports?: Record<string, string | { default?: string }>;
  };
  const subpaths = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "string" ? target : target.default;
    const source = file === undefined ? undefined : distToSource(file);
    if (source !== undefined) subpaths.set(`${manifest.name}${subpath.slice(1)}`, source);
  }
  return subpaths;
}

/**
 * The source file a built one comes from: `./dist/x.js` → `src/x.ts` (tsconfig.build.json's
 * `rootDir` and `outDir`); `undefined` for what is not built from `src/`.
 *
 * @example
 * ```ts
 * distToSource("./dist/cli/bin.js"); // "src/cli/bin.ts"
 * ```
 */
export function distToSource(file: string): string | undefined {
  const match = /^(?:\.\/)?dist\/(.+)\.js$/.exec(file);
  return match === null ? undefined : `src/${match[1]}.ts`;
}

function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  selfExports: ReadonlyMap<string, string>,
): string | undefined {
  if (!specifier.startsWith(".")) return selfExports.get(specifier);
  const target = relative(root, join(root, dirname(from), specifier))
    .split(sep)
    .join("/");
  // NodeNext: a `.js` specifier names the `.ts` file it is compiled from.
  for (const candidate of [target.replace(/\.js$/, ".ts"), target, `${target}/index.ts`]) {
    if (candidate.endsWith(".ts") && isFile(join(root, candidate))) return candidate;
  }
  return undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function lineOf(text: string, position: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < position; at = text.indexOf("\n", at + 1))
    line++;
  return line;
}
