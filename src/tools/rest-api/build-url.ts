/** @internal Query parameter values a model may send. */
export type QueryValue = string | number | boolean | null | readonly (string | number | boolean)[];

/**
 * @internal The request URL under `base`: each path parameter becomes one encoded segment (so `/`, `?`,
 * `#`, `%` and `\` in it are data, never syntax) and `.`/`..`/empty segments are refused; the result must
 * still have the base's origin and path prefix. Returns a string explaining a refusal.
 */
export function buildUrl(
  base: URL,
  pathParams: readonly (string | number)[] | undefined,
  queryParams: Readonly<Record<string, QueryValue>> | undefined,
): URL | string {
  const url = new URL(base.href);
  if (pathParams !== undefined && pathParams.length > 0) {
    const segments: string[] = [];
    for (const param of pathParams) {
      const text = String(param);
      if (text === "" || text === "." || text === "..") {
        return `path parameter ${JSON.stringify(text)} is not allowed; each one is a single path segment`;
      }
      segments.push(encodeURIComponent(text));
    }
    url.pathname = `${base.pathname.replace(/\/$/, "")}/${segments.join("/")}`;
  }
  for (const [key, value] of Object.entries(queryParams ?? {})) {
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      url.searchParams.append(key, String(item));
  }
  return isUnder(base, url) ? url : `the request would leave ${base.href}`;
}

/** @internal True when `url` has the origin of `base` and lies under its path. */
export function isUnder(base: URL, url: URL): boolean {
  if (url.origin !== base.origin || url.username !== base.username) return false;
  const prefix = base.pathname.endsWith("/") ? base.pathname : `${base.pathname}/`;
  return url.pathname === base.pathname || url.pathname.startsWith(prefix);
}
