import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import type { Artifact } from "../../artifacts/artifact.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { InfoArtifact } from "../../artifacts/info-artifact.js";
import { ListArtifact } from "../../artifacts/list-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { formatBytes } from "../../internal/bytes.js";
import {
  aBoolean,
  nonEmptyString,
  type OptionRules,
  positiveNumber,
} from "../../internal/option-rules.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import { parseRelativePath } from "./relative-path.js";
import { RootDirectory, RootPathError } from "./root-directory.js";

/**
 * Options of a {@link FileManagerTool}.
 *
 * @example
 * ```ts
 * new FileManagerTool({ root: "./workspace", maxFileBytes: 1_000_000 });
 * ```
 */
export interface FileManagerToolOptions extends ToolOptions {
  /** The directory the model works in; nothing outside it can be read, listed or written. */
  root: string;
  /** Largest file read or written, in bytes; 10 MiB by default. */
  maxFileBytes?: number;
  /** Most entries one listing returns; 1,000 by default. */
  maxListEntries?: number;
  /**
   * Read files that have several hard links; `false` by default, because a hard link planted inside
   * `root` can name a file that also lives outside it, and nothing tells where its other names are.
   */
  allowHardLinks?: boolean;
}

const optionRules: OptionRules = {
  root: { ...nonEmptyString, expected: "the path of the directory the tool may use" },
  maxFileBytes: positiveNumber,
  maxListEntries: positiveNumber,
  allowHardLinks: aBoolean,
};

const listSchema = z.object({
  path: z.string().describe("Relative path in the POSIX format. For example, 'foo/bar'"),
});

const loadSchema = z.object({
  paths: z
    .array(z.string())
    .min(1)
    .max(100)
    .describe(
      "Relative paths to files to be loaded in the POSIX format. For example, ['foo/bar/file.txt']",
    ),
});

const saveMemorySchema = z.object({
  dir_name: z
    .string()
    .describe("Relative destination path name on disk in the POSIX format. For example, 'foo/bar'"),
  file_name: z.string().describe("Destination file name. For example, 'baz.txt'"),
  memory_name: z.string(),
  artifact_namespace: z.string(),
});

const saveSchema = z.object({
  path: z
    .string()
    .describe("Destination file path on disk in the POSIX format. For example, 'foo/bar/baz.txt'"),
  content: z.string(),
});

/**
 * Griptape's FileManagerTool, confined to one directory: `..`, absolute paths, backslashes, NUL bytes,
 * symlinks out of `root` (also when swapped in mid-operation) and hard-linked files are refused, reads
 * are size-capped and writes are atomic.
 *
 * @example
 * ```ts
 * const files = new FileManagerTool({ root: "./workspace" });
 * await files.run("save_content_to_file", { path: "notes/todo.txt", content: "buy milk" });
 * (await files.run("load_files_from_disk", { paths: ["notes/todo.txt"] })).toText(); // "buy milk"
 * ```
 */
export class FileManagerTool extends Tool {
  /** The directory the tool is confined to, as given. */
  readonly root: string;
  readonly maxFileBytes: number;
  readonly maxListEntries: number;
  readonly allowHardLinks: boolean;
  readonly #directory: RootDirectory;

  constructor(options: FileManagerToolOptions) {
    checkBuiltInToolOptions(new.target, options, optionRules, ["root"]);
    const { root, maxFileBytes, maxListEntries, allowHardLinks, ...base } = options;
    super(base);
    this.root = root;
    this.maxFileBytes = maxFileBytes ?? 10 * 1024 * 1024;
    this.maxListEntries = maxListEntries ?? 1_000;
    this.allowHardLinks = allowHardLinks ?? false;
    this.#directory = new RootDirectory(root, { allowHardLinks: this.allowHardLinks });
  }

  @activity({
    description: "Can be used to list files on disk",
    schema: listSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
  })
  async list_files_from_disk(input: z.output<typeof listSchema>): Promise<Artifact> {
    const path = parseRelativePath(input.path);
    if (!path.ok) return refused(input.path, path.reason);
    try {
      const entries = await this.#directory.list(path.segments);
      const names = entries
        .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
        .sort();
      const shown = names.slice(0, this.maxListEntries);
      if (names.length > shown.length) {
        shown.push(`… and ${names.length - shown.length} more entries`);
      }
      return new TextArtifact(shown.join("\n"));
    } catch (error) {
      return failure(error, path.text || ".");
    }
  }

  @activity({
    description: "Can be used to load files from disk",
    schema: loadSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
  })
  async load_files_from_disk(
    input: z.output<typeof loadSchema>,
    context: ActivityContext,
  ): Promise<Artifact> {
    // Loaded on first use, not with `import "toolwright"`: file-type, image-size and csv-parse.
    const { fileToArtifacts } = await import("./file-to-artifact.js");
    const artifacts: Artifact[] = [];
    // One file is followed by its bytes (a large one in 1 MiB chunks), several by the files read.
    const single = input.paths.length === 1;
    for (const [index, given] of input.paths.entries()) {
      const path = parseRelativePath(given);
      if (!path.ok) return refused(given, path.reason);
      if (path.segments.length === 0) return refused(given, "is the root directory, not a file");
      const onRead = single
        ? (read: number, size: number) =>
            context.progress(
              read,
              size,
              `read ${formatBytes(read)} of ${formatBytes(size)} of ${path.text}`,
            )
        : undefined;
      try {
        const bytes = await this.#directory.readFile(path.segments, this.maxFileBytes, onRead);
        artifacts.push(...(await fileToArtifacts(path.text, bytes)));
      } catch (error) {
        return failure(error, path.text);
      }
      // Up to 100 files of up to `maxFileBytes` each: the caller sees them arrive. (After a large
      // single file's chunks this report does not grow, so it is dropped.)
      context.progress(index + 1, input.paths.length, `read ${path.text}`);
    }
    return new ListArtifact(artifacts);
  }

  @activity({
    description: "Can be used to save content to a file",
    schema: saveSchema,
    annotations: { destructive: true, idempotent: true, openWorld: false },
  })
  async save_content_to_file(input: z.output<typeof saveSchema>): Promise<Artifact> {
    const path = parseRelativePath(input.path);
    if (!path.ok) return refused(input.path, path.reason);
    if (path.segments.length === 0) return refused(input.path, "is the root directory, not a file");
    const bytes = new TextEncoder().encode(input.content);
    if (bytes.byteLength > this.maxFileBytes) {
      return new ErrorArtifact(
        `Content is ${bytes.byteLength} bytes, over the ${this.maxFileBytes}-byte limit`,
        { code: "file_too_large" },
      );
    }
    try {
      await this.#directory.writeFile(path.segments, bytes);
      return new InfoArtifact("Successfully saved file");
    } catch (error) {
      return failure(error, path.text);
    }
  }

  @activity({
    description: "Can be used to save memory artifacts to disk",
    schema: saveMemorySchema,
    annotations: { destructive: true, idempotent: true, openWorld: false },
  })
  async save_memory_artifacts_to_disk(
    input: z.output<typeof saveMemorySchema>,
    context: ActivityContext,
  ): Promise<Artifact> {
    const loaded = await context.memory.load({
      memory_name: input.memory_name,
      artifact_namespace: input.artifact_namespace,
    });
    if (loaded.type === "ErrorArtifact") return loaded;
    const artifacts = loaded.value;
    if (artifacts.length === 0)
      return new ErrorArtifact("no artifacts found", { code: "not_found" });
    const files = artifacts.map((artifact) => ({
      // Griptape's naming: one artifact keeps the file name, several are prefixed with their names.
      name: artifacts.length === 1 ? input.file_name : `${artifact.name}-${input.file_name}`,
      bytes: artifactBytes(artifact),
    }));
    for (const file of files) {
      const given = `${input.dir_name.replace(/\/+$/, "")}/${file.name}`;
      const path = parseRelativePath(given);
      if (!path.ok) return refused(given, path.reason);
      if (file.bytes.byteLength > this.maxFileBytes) {
        return new ErrorArtifact(
          `Artifact is ${file.bytes.byteLength} bytes, over the ${this.maxFileBytes}-byte limit`,
          { code: "file_too_large" },
        );
      }
      try {
        await this.#directory.writeFile(path.segments, file.bytes);
      } catch (error) {
        return failure(error, path.text);
      }
    }
    return new InfoArtifact("Successfully saved memory artifacts to disk");
  }
}

function artifactBytes(artifact: Artifact): Uint8Array {
  return artifact.type === "BlobArtifact" ||
    artifact.type === "ImageArtifact" ||
    artifact.type === "AudioArtifact"
    ? artifact.value
    : new TextEncoder().encode(artifact.toText());
}

function refused(path: string, reason: string): ErrorArtifact {
  return new ErrorArtifact(`Path ${JSON.stringify(path)} ${reason}`, { code: "path_refused" });
}

function failure(error: unknown, path: string): ErrorArtifact {
  if (error instanceof RootPathError) {
    return new ErrorArtifact(`${error.message}: ${path}`, { code: error.code, cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ErrorArtifact(`error accessing ${path}: ${message}`, {
    code: "file_error",
    cause: error,
  });
}
