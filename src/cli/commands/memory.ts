import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { SqliteArtifactStore } from "../../memory/sqlite-artifact-store.js";
import { TaskMemory } from "../../memory/task-memory.js";
import { CliError } from "../cli-error.js";
import { type CliOutput, paint, say, table, warn } from "../output.js";

/** @internal Options every `toolwright memory` command takes. */
export interface MemoryOptions {
  readonly db: string;
  readonly json: boolean;
}

/** @internal `toolwright memory ls`: the namespaces of a SQLite task memory. */
export async function memoryListCommand(
  options: MemoryOptions,
  output: CliOutput,
): Promise<number> {
  return withMemory(options.db, async (memory) => {
    const namespaces = await memory.namespaces();
    if (options.json) {
      say(output, JSON.stringify(namespaces, null, 2));
      return 0;
    }
    if (namespaces.length === 0) {
      warn(output, `no output stored in ${options.db} yet`);
      return 0;
    }
    const rows = [
      ["namespace", "kind", "artifacts", "characters", "source"],
      ...namespaces.map((summary) => [
        summary.namespace,
        summary.kind,
        String(summary.artifactCount),
        String(summary.length),
        summary.source,
      ]),
    ];
    const lines = table(rows);
    say(output, paint("bold", lines[0] as string, output.stdout));
    for (const line of lines.slice(1)) say(output, line);
    return 0;
  });
}

/** @internal `toolwright memory read <namespace>`: a page of a namespace's text. */
export async function memoryReadCommand(
  namespace: string,
  options: MemoryOptions & { offset: number; limit: number },
  output: CliOutput,
): Promise<number> {
  return withMemory(options.db, async (memory) => {
    const page = await memory.read(namespace, { offset: options.offset, limit: options.limit });
    if (page === undefined) {
      throw new CliError(`no namespace "${namespace}" in ${options.db}`, { exitCode: 1 });
    }
    if (options.json) {
      say(output, JSON.stringify(page, null, 2));
      return 0;
    }
    say(output, page.text);
    const end = page.offset + page.text.length;
    if (end < page.total) {
      warn(
        output,
        paint(
          "dim",
          `characters ${page.offset}-${end} of ${page.total}; more with --offset ${end}`,
          output.stderr,
        ),
      );
    }
    return 0;
  });
}

/** @internal `toolwright memory search <query>`: the best passages, BM25-ranked. */
export async function memorySearchCommand(
  query: string,
  options: MemoryOptions & { namespace: string | undefined; limit: number },
  output: CliOutput,
): Promise<number> {
  return withMemory(options.db, async (memory) => {
    const hits = await memory.search(query, { namespace: options.namespace, limit: options.limit });
    if (options.json) {
      say(output, JSON.stringify(hits, null, 2));
      return 0;
    }
    if (hits.length === 0) {
      warn(output, `nothing matches "${query}"`);
      return 1;
    }
    for (const hit of hits) {
      say(
        output,
        paint(
          "cyan",
          `${hit.artifact_namespace} @ ${hit.offset} (score ${hit.score.toFixed(2)})`,
          output.stdout,
        ),
      );
      say(output, hit.text);
      say(output, "");
    }
    return 0;
  });
}

async function withMemory(
  file: string,
  work: (memory: TaskMemory) => Promise<number>,
): Promise<number> {
  const path = resolve(file);
  if (!existsSync(path)) throw new CliError(`no task memory at ${file} (give its file with --db)`);
  let memory: TaskMemory;
  try {
    memory = new TaskMemory({ store: new SqliteArtifactStore({ path }) });
  } catch (error) {
    throw new CliError(`cannot open the task memory at ${file}`, { cause: error });
  }
  try {
    return await work(memory);
  } finally {
    await memory.close();
  }
}
