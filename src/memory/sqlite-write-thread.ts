// A worker thread that writes one large write into a SQLite store's file on a connection of its own
// (sqlite-large-write.ts drives it): the inserts, the FTS5 index's merges, the commit and its
// checkpoint all take this thread's time, never the store's. Readers on other connections see the
// write only once it commits (WAL). Each message is answered, so the driver sends the next one only
// when this one is written.
import type { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { spaceSql, sqliteStatements } from "./sqlite-schema.js";

/** @internal What the driver sends, in order: begin, then per artifact entry, parts, passages, end, then commit. */
export type WriteMessage =
  | {
      readonly type: "begin";
      readonly namespace: string;
      readonly kind: string;
      readonly source: string;
      readonly meta: string | null;
    }
  | { readonly type: "entry"; readonly json: string }
  | { readonly type: "part"; readonly json: string }
  | { readonly type: "passages"; readonly spans: readonly (number | string)[] }
  | { readonly type: "end"; readonly textLength: number }
  | { readonly type: "commit" };

/** @internal What this thread answers: done with a message, refused (the other kind), or failed. */
export type WriteReply =
  | { readonly type: "ok" }
  | { readonly type: "refused"; readonly boundKind: string }
  | { readonly type: "failed"; readonly message: string };

/** @internal The file, its busy timeout and the principal whose space (tables) the write goes to. */
export interface WriteThreadData {
  readonly path: string;
  readonly busyTimeoutMs: number;
  readonly principal: string | undefined;
}

interface Write {
  namespaceId: number;
  count: number;
  length: number;
  source: string;
  meta: string | null;
  /** The artifact being written: its row id, its start in the namespace's text, its next part. */
  artifactId: number | bigint;
  start: number;
  seq: number;
}

const port = parentPort;
if (port !== null) serve(port, workerData as WriteThreadData);

function serve(channel: NonNullable<typeof parentPort>, data: WriteThreadData): void {
  const sqlite = process.getBuiltinModule("node:sqlite");
  const db: DatabaseSync = new sqlite.DatabaseSync(data.path, { timeout: data.busyTimeoutMs });
  const prepare = (name: keyof typeof sqliteStatements) =>
    db.prepare(spaceSql(sqliteStatements[name], data.principal));
  const s = {
    findNamespace: prepare("findNamespace"),
    insertNamespace: prepare("insertNamespace"),
    updateNamespace: prepare("updateNamespace"),
    insertArtifact: prepare("insertArtifact"),
    insertPart: prepare("insertPart"),
    insertPassage: prepare("insertPassage"),
    indexPassage: prepare("indexPassage"),
  };
  let write: Write | undefined;
  const finish = (reply: WriteReply) => {
    if (db.isTransaction) db.exec("ROLLBACK");
    db.close();
    // The driver ends this thread once it has the answer.
    channel.postMessage(reply);
  };
  channel.on("message", (message: WriteMessage) => {
    try {
      switch (message.type) {
        case "begin": {
          db.exec("BEGIN IMMEDIATE");
          const row = s.findNamespace.get(message.namespace) as
            | { id: number; kind: string; count: number; length: number }
            | undefined;
          if (row !== undefined && row.kind !== message.kind) {
            finish({ type: "refused", boundKind: row.kind });
            return;
          }
          const id =
            row?.id ??
            Number(
              s.insertNamespace.run(message.namespace, message.kind, message.source, message.meta)
                .lastInsertRowid,
            );
          write = {
            namespaceId: id,
            count: row?.count ?? 0,
            length: row?.length ?? 0,
            source: message.source,
            meta: message.meta,
            artifactId: 0,
            start: 0,
            seq: 0,
          };
          break;
        }
        case "entry": {
          const current = opened(write);
          current.start = current.count === 0 ? 0 : current.length + 2;
          current.artifactId = s.insertArtifact.run(
            current.namespaceId,
            message.json,
          ).lastInsertRowid;
          current.seq = 0;
          break;
        }
        case "part": {
          const current = opened(write);
          s.insertPart.run(current.artifactId, ++current.seq, message.json);
          break;
        }
        case "passages": {
          const current = opened(write);
          for (let index = 0; index + 1 < message.spans.length; index += 2) {
            const text = message.spans[index + 1] as string;
            const at = current.start + (message.spans[index] as number);
            const passage = s.insertPassage.run(current.namespaceId, at, text);
            s.indexPassage.run(passage.lastInsertRowid, text);
          }
          break;
        }
        case "end": {
          const current = opened(write);
          current.count++;
          current.length = current.start + message.textLength;
          break;
        }
        case "commit": {
          const current = opened(write);
          s.updateNamespace.run(
            current.source,
            current.meta,
            current.count,
            current.length,
            current.namespaceId,
          );
          db.exec("COMMIT");
          finish({ type: "ok" });
          return;
        }
      }
      channel.postMessage({ type: "ok" } satisfies WriteReply);
    } catch (error) {
      finish({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  });
}

function opened(write: Write | undefined): Write {
  if (write === undefined) throw new Error("the write was not begun");
  return write;
}
