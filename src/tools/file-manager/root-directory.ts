import { randomBytes } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readlink,
  realpath,
  rename,
  stat,
  unlink,
} from "node:fs/promises";
import { join, sep } from "node:path";

/** @internal A refusal or failure of a {@link RootDirectory} operation, with a model-facing reason. */
export class RootPathError extends Error {
  constructor(
    readonly code:
      | "path_refused"
      | "not_found"
      | "not_a_file"
      | "not_a_directory"
      | "file_too_large",
    message: string,
  ) {
    super(message);
  }
}

interface OpenDirectory {
  readonly handle: FileHandle;
  /** How to name entries of this very directory: `/proc/self/fd/<fd>` on Linux, else its real path. */
  readonly prefix: string;
}

/** Files larger than this are read in chunks of this size (1 MiB), reported as they come. */
const readChunkBytes = 1024 * 1024;

/**
 * @internal All file access of the FileManagerTool goes through here, so nothing escapes `root`. Every
 * file and directory is opened first and checked after: the open descriptor's real location must lie
 * inside the root's real path (symlinks inside the root are fine, out of it refused). On Linux the check
 * reads `/proc/self/fd`, and children are named through the checked directory's descriptor, so a symlink
 * swapped in mid-operation cannot redirect anything; elsewhere the opened inode is compared with the one
 * at the re-resolved path.
 *
 * A hard link carries no trace of its other names: the file a link inside the root names may also be
 * `/etc/shadow`'s inode or a file of another tenant (any file on the same file system the planter
 * could read). So a regular file with more than one link is not read unless `allowHardLinks` is set;
 * the link count is taken from the opened descriptor, so it is the count of the very file read. Writes
 * replace the target's directory entry (temporary file, then rename) and never write through a link:
 * the file's other names keep their old content.
 */
export class RootDirectory {
  readonly #root: string;
  readonly #viaProc: boolean;
  readonly #allowHardLinks: boolean;
  #real: Promise<string> | undefined;

  /**
   * `useProcFd: false` forces the portable checks (the default off Linux); tests use it.
   * `allowHardLinks: true` reads files that have other names too.
   */
  constructor(root: string, options: { useProcFd?: boolean; allowHardLinks?: boolean } = {}) {
    this.#root = root;
    this.#viaProc = options.useProcFd ?? process.platform === "linux";
    this.#allowHardLinks = options.allowHardLinks ?? false;
  }

  /**
   * Reads a regular file of at most `maxBytes` bytes; one over {@link readChunkBytes} in chunks of that
   * size, telling `onRead` the bytes read so far and the file's size after each.
   */
  async readFile(
    segments: readonly string[],
    maxBytes: number,
    onRead?: (read: number, size: number) => void,
  ): Promise<Uint8Array> {
    const target = await this.#resolveInside(segments);
    // The target is a real path: a symlink at its end now was swapped in since, and is not followed.
    const handle = await this.#open(
      target,
      constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW,
    );
    try {
      await this.#verify(handle, target, segments);
      const info = await handle.stat();
      if (info.isDirectory()) throw new RootPathError("not_a_file", "Path is a directory");
      if (!info.isFile()) throw new RootPathError("not_a_file", "Path is not a regular file");
      if (info.nlink > 1 && !this.#allowHardLinks) {
        throw new RootPathError(
          "path_refused",
          `File has ${info.nlink} hard links, and one may lie outside the root directory; hard-linked files are not read`,
        );
      }
      if (info.size > maxBytes) throw tooLarge(info.size, maxBytes);
      const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
      // A small file in one read, as before; a large one in chunks, so its reading can be followed.
      const chunk = info.size > readChunkBytes ? readChunkBytes : buffer.length;
      let length = 0;
      for (;;) {
        const wanted = Math.min(chunk, buffer.length - length);
        const { bytesRead } = await handle.read(buffer, length, wanted, length);
        if (bytesRead === 0) break;
        length += bytesRead;
        if (length > maxBytes) throw tooLarge(length, maxBytes);
        if (chunk < buffer.length) onRead?.(length, info.size);
        if (length === buffer.length) break;
      }
      return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
    } finally {
      await handle.close();
    }
  }

  /** The entries of a directory. */
  async list(segments: readonly string[]): Promise<Dirent[]> {
    const directory = await this.#openDirectory(segments);
    try {
      const entries = await readdir(directory.prefix, { withFileTypes: true });
      // Without /proc the listing went through a path: check that it still names the opened directory.
      if (!this.#viaProc) await this.#verify(directory.handle, directory.prefix, segments);
      return entries;
    } finally {
      await directory.handle.close();
    }
  }

  /**
   * Writes a file atomically: parent directories are created one by one (each checked), the bytes go to
   * a fresh temporary file in the target directory, then a rename puts it in place. A symlink at the
   * target is replaced, never followed.
   */
  async writeFile(segments: readonly string[], bytes: Uint8Array): Promise<void> {
    const name = segments.at(-1);
    if (name === undefined) throw new RootPathError("not_a_file", "Path is the root directory");
    const directory = await this.#openDirectory(segments.slice(0, -1), true);
    try {
      const temporary = `.${name.slice(0, 100)}.${randomBytes(6).toString("hex")}.tmp`;
      const temporaryPath = join(directory.prefix, temporary);
      const file = await open(
        temporaryPath,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o666,
      );
      let renamed = false;
      try {
        await file.writeFile(bytes);
        await file.datasync();
        await file.close();
        const target = join(directory.prefix, name);
        try {
          await rename(temporaryPath, target);
          renamed = true;
        } catch (error) {
          if (isCode(error, "EISDIR") || isCode(error, "ENOTEMPTY") || isCode(error, "EEXIST")) {
            throw new RootPathError("not_a_file", "Path is a directory");
          }
          throw error;
        }
        if (!this.#viaProc) await this.#verify(directory.handle, directory.prefix, segments);
      } finally {
        await file.close().catch(() => undefined);
        if (!renamed) await unlink(temporaryPath).catch(() => undefined);
      }
    } finally {
      await directory.handle.close();
    }
  }

  async #rootReal(): Promise<string> {
    this.#real ??= realpath(this.#root);
    try {
      return await this.#real;
    } catch (error) {
      this.#real = undefined;
      if (isCode(error, "ENOENT")) throw new RootPathError("not_found", "Root directory not found");
      throw error;
    }
  }

  /** The real path of `segments`, refused when it resolves outside the root (a pre-check only). */
  async #resolveInside(segments: readonly string[]): Promise<string> {
    const root = await this.#rootReal();
    let resolved: string;
    try {
      resolved = await realpath(join(root, ...segments));
    } catch (error) {
      throw translate(error);
    }
    if (!inside(root, resolved)) throw outside(segments);
    return resolved;
  }

  async #open(path: string, flags: number): Promise<FileHandle> {
    try {
      return await open(path, flags);
    } catch (error) {
      throw translate(error);
    }
  }

  /** Opens a directory, creating missing ones when asked; each step is checked to be inside the root. */
  async #openDirectory(segments: readonly string[], create = false): Promise<OpenDirectory> {
    const root = await this.#rootReal();
    const flags = constants.O_RDONLY | constants.O_DIRECTORY;
    let current = await this.#adopt(await this.#open(root, flags), root, []);
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] as string;
      const path = join(current.prefix, segment);
      try {
        if (create) {
          await mkdir(path).catch((error: unknown) => {
            if (!isCode(error, "EEXIST")) throw error;
          });
        }
        const handle = await this.#open(path, flags).catch((error: unknown) => {
          if (error instanceof RootPathError && error.code === "not_a_file") {
            throw new RootPathError("not_a_directory", "Path is not a directory");
          }
          throw error;
        });
        const next = await this.#adopt(
          handle,
          this.#viaProc ? undefined : path,
          segments.slice(0, index + 1),
        );
        await current.handle.close();
        current = next;
      } catch (error) {
        await current.handle.close();
        throw translate(error);
      }
    }
    return current;
  }

  async #adopt(
    handle: FileHandle,
    path: string | undefined,
    segments: readonly string[],
  ): Promise<OpenDirectory> {
    try {
      const real = await this.#verify(handle, path, segments);
      return { handle, prefix: this.#viaProc ? `/proc/self/fd/${handle.fd}` : real };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Checks that an open descriptor lies inside the root; returns its real path. */
  async #verify(
    handle: FileHandle,
    path: string | undefined,
    segments: readonly string[],
  ): Promise<string> {
    const root = await this.#rootReal();
    if (this.#viaProc) {
      const real = await readlink(`/proc/self/fd/${handle.fd}`);
      if (!inside(root, real)) throw outside(segments);
      return real;
    }
    if (path === undefined) throw outside(segments);
    const real = await realpath(path).catch(() => undefined);
    if (real === undefined || !inside(root, real)) throw outside(segments);
    const [opened, current] = await Promise.all([handle.stat(), stat(real)]);
    if (opened.ino !== current.ino || opened.dev !== current.dev) throw outside(segments);
    return real;
  }
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

function outside(segments: readonly string[]): RootPathError {
  return new RootPathError(
    "path_refused",
    segments.length === 0 ? "The root directory moved" : "Path resolves outside the root directory",
  );
}

function tooLarge(size: number, maxBytes: number): RootPathError {
  return new RootPathError(
    "file_too_large",
    `File is ${size} bytes or more, over the ${maxBytes}-byte limit`,
  );
}

function isCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

function translate(error: unknown): unknown {
  if (error instanceof RootPathError) return error;
  if (isCode(error, "ENOENT")) return new RootPathError("not_found", "Path not found");
  if (isCode(error, "ENOTDIR"))
    return new RootPathError("not_a_directory", "Path is not a directory");
  if (isCode(error, "EISDIR")) return new RootPathError("not_a_file", "Path is a directory");
  if (isCode(error, "ELOOP")) {
    return new RootPathError("path_refused", "Path has a symlink loop or changed while opened");
  }
  return error;
}
