// The TypeScript code blocks of README.md and docs/*.md, each made into a module a user could write.
//
// Convention (docs writers, read this):
// - Every ```ts (or ```typescript) block is compiled, on its own, against the packed package in a
//   strict project. Blocks in another language (sh, json, text, …) are not TypeScript and are left
//   out; output and transcripts belong in comments or in a ```text block.
// - A block that continues the prose around it (it uses a `toolbox`, a `driver`, a class defined
//   earlier) says what it assumes in an HTML comment right before it, which readers of the rendered
//   page do not see:
//
//     <!-- compile: import type { Toolbox } from "toolwright"; declare const toolbox: Toolbox; -->
//     ```ts
//     toolbox.toProviderTools("anthropic");
//     ```
//
//   The comment's text (it may span lines) is put before the block: imports and `declare` stubs.
//   Nothing is skipped: a partial block is completed, never exempted.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One TypeScript block of a Markdown file, as the module that compiles it. */
export interface DocBlock {
  /** The Markdown file, relative to the repository root (`docs/agent.md`). */
  readonly markdown: string;
  /** The 1-based line of the block's first code line in that file. */
  readonly line: number;
  /** The module's file name inside the consumer project (`docs/agent.md-12.ts`). */
  readonly file: string;
  /** The module: the stubs of the `compile:` comment, the block, and `export {}`. */
  readonly source: string;
  /** How many lines the stubs take before the block's first line. */
  readonly preludeLines: number;
}

const compiledLanguages = new Set(["ts", "typescript"]);

/** The Markdown files whose code users read: README.md and every docs/*.md. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/** Every TypeScript block of the given Markdown files, in order. */
export function docBlocks(root: string, markdownFiles: readonly string[]): DocBlock[] {
  return markdownFiles.flatMap((markdown) =>
    blocksOf(markdown, readFileSync(join(root, markdown), "utf8")),
  );
}

function blocksOf(markdown: string, text: string): DocBlock[] {
  const lines = text.split("\n");
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index] ?? "");
    if (fence === null) continue;
    const [, marker = "```", language = ""] = fence;
    const end = lines.findIndex(
      (line, at) => at > index && line.trimEnd() === marker[0]?.repeat(marker.length),
    );
    if (end === -1) throw new Error(`${markdown}:${index + 1}: a code fence is never closed`);
    if (compiledLanguages.has(language.toLowerCase())) {
      const prelude = preludeBefore(lines, index);
      const code = lines.slice(index + 1, end).join("\n");
      const head = prelude === "" ? "" : `${prelude}\n`;
      blocks.push({
        markdown,
        line: index + 2,
        file: `docs/${markdown.replace(/\//g, "-")}-${index + 2}.ts`,
        source: `${head}${code}\nexport {};\n`,
        preludeLines: head === "" ? 0 : head.split("\n").length - 1,
      });
    }
    index = end;
  }
  return blocks;
}

// The text of a `<!-- compile: … -->` comment that ends right before the fence (blank lines allowed).
function preludeBefore(lines: readonly string[], fence: number): string {
  let at = fence - 1;
  while (at >= 0 && lines[at]?.trim() === "") at--;
  if (at < 0 || !lines[at]?.trimEnd().endsWith("-->")) return "";
  let start = at;
  while (start >= 0 && !lines[start]?.includes("<!--")) start--;
  const comment = lines
    .slice(start, at + 1)
    .join("\n")
    .replace(/^[\s\S]*?<!--/, "")
    .replace(/-->\s*$/, "");
  const match = /^\s*compile:\s*([\s\S]*)$/.exec(comment);
  return match?.[1]?.trim() ?? "";
}

/**
 * Diagnostics of a block's module, with positions moved back to the Markdown file
 * (`docs/agent.md:75:3: error TS2339: …`); an error in the stubs points at the comment.
 */
export function inMarkdown(block: DocBlock, diagnostics: readonly string[]): string[] {
  return diagnostics.map((diagnostic) =>
    diagnostic.replace(/^.*?\((\d+),(\d+)\): /, (_, line: string, column: string) => {
      const inBlock = Number(line) - 1 - block.preludeLines;
      const where =
        inBlock < 0
          ? `${block.markdown}:${block.line - 1} (compile: comment)`
          : `${block.markdown}:${block.line + inBlock}:${column}`;
      return `${where}: `;
    }),
  );
}
