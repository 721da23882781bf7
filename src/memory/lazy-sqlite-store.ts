import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { ArtifactJSON } from "../artifacts/base-artifact.js";
import type {
  ArtifactStore,
  NamespaceSummary,
  PassageHit,
  PassageQuery,
  StoreScope,
  StoreWrite,
  StoreWriteResult,
  TextPage,
} from "./artifact-store.js";
import { SqliteArtifactStore } from "./sqlite-artifact-store.js";

/**
 * @internal A SQLite artifact store that creates its file (and directory) on first use, so commands
 * whose tools never touch task memory leave nothing behind.
 */
export class LazySqliteStore implements ArtifactStore {
  readonly specificationVersion = "v1";
  readonly principals = true;
  readonly path: string;
  #store: SqliteArtifactStore | undefined;

  constructor(path: string) {
    this.path = path;
  }

  write(write: StoreWrite): Promise<StoreWriteResult> {
    return this.#open().write(write);
  }

  load(namespace: string, scope?: StoreScope): Promise<ArtifactJSON[]> {
    return this.#open().load(namespace, scope);
  }

  namespaces(scope?: StoreScope): Promise<NamespaceSummary[]> {
    return this.#open().namespaces(scope);
  }

  read(
    namespace: string,
    offset: number,
    limit: number,
    scope?: StoreScope,
  ): Promise<TextPage | undefined> {
    return this.#open().read(namespace, offset, limit, scope);
  }

  search(query: PassageQuery): Promise<PassageHit[]> {
    return this.#open().search(query);
  }

  async close(): Promise<void> {
    await this.#store?.close();
  }

  #open(): SqliteArtifactStore {
    if (this.#store === undefined) {
      mkdirSync(dirname(this.path), { recursive: true });
      this.#store = new SqliteArtifactStore({ path: this.path });
    }
    return this.#store;
  }
}
