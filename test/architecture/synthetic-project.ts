import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * Writes a small project (path → text) into a fresh temporary folder and returns the folder and a
 * function that removes it: what the architecture checks are shown to catch.
 *
 * @example
 * ```ts
 * const { root, remove } = writeProject({ "src/index.ts": "export {};" });
 * ```
 */
export function writeProject(files: Readonly<Record<string, string>>): {
  root: string;
  remove: () => void;
} {
  const root = mkdtempSync(join(tmpdir(), "toolwright-architecture-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
