/** @internal A model-given path checked lexically: its segments, or why it is refused. */
export type RelativePath =
  | { readonly ok: true; readonly segments: readonly string[]; readonly text: string }
  | { readonly ok: false; readonly reason: string };

const maxPathLength = 4096;

/**
 * @internal Checks a path a model gave before anything touches the disk: relative, POSIX separators, no
 * `..`, no NUL byte. `.` and empty segments are dropped; the empty path is the root itself.
 */
export function parseRelativePath(path: string): RelativePath {
  if (path.length > maxPathLength) {
    return { ok: false, reason: `is longer than ${maxPathLength} characters` };
  }
  if (path.includes("\0")) return { ok: false, reason: "contains a NUL byte" };
  if (path.includes("\\")) {
    return { ok: false, reason: 'contains "\\"; use relative POSIX paths such as "foo/bar.txt"' };
  }
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
    return {
      ok: false,
      reason: 'is absolute; use a path relative to the root, such as "foo/bar.txt"',
    };
  }
  const segments = path.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) {
    return { ok: false, reason: 'contains ".."; paths must stay inside the root' };
  }
  return { ok: true, segments, text: segments.join("/") };
}
