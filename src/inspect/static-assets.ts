import { readFile } from "node:fs/promises";

/**
 * The page's files: next to this module in `src/inspect/assets/` (run from source) and in
 * `dist/inspect/assets/` (copied there by `npm run build`), so one URL serves both.
 */
const assetsFolder = new URL("./assets/", import.meta.url);

const contentTypes: Readonly<Record<string, string>> = {
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

// One flat folder of plain names: nothing a request names can reach outside it (no `/`, no `..`).
const assetName = /^[a-z][a-z0-9-]*\.(mjs|css|html)$/;

/** @internal One of the page's files: its bytes and content type. */
export interface Asset {
  readonly body: Uint8Array;
  readonly contentType: string;
}

/**
 * @internal Reads the page's files on demand and keeps them (a handful of small files); `undefined`
 * for a name that is not one of them.
 *
 * @example
 * ```ts
 * const assets = new StaticAssets();
 * const page = await assets.get("index.html");
 * ```
 */
export class StaticAssets {
  readonly #cache = new Map<string, Promise<Asset | undefined>>();

  /** The asset called `name` (a bare file name such as `app.mjs`), or `undefined`. */
  get(name: string): Promise<Asset | undefined> {
    const match = assetName.exec(name);
    if (match === null) return Promise.resolve(undefined);
    let asset = this.#cache.get(name);
    if (asset === undefined) {
      const contentType = contentTypes[`.${match[1]}`] as string;
      asset = readFile(new URL(name, assetsFolder)).then(
        (body) => ({ body, contentType }),
        () => {
          // Misses are not kept: requests for made-up names must not grow the cache.
          this.#cache.delete(name);
          return undefined;
        },
      );
      this.#cache.set(name, asset);
    }
    return asset;
  }
}
