import { mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { ReceiptStore } from "../receipts/receipt-store.js";
import { CliError } from "./cli-error.js";

/**
 * @internal Where `serve --receipts [where]` keeps its calls' receipts: `true` (the flag alone) in the
 * `--db` SQLite file beside Task Memory, a `redis://` or `rediss://` URL in Redis (replicas share it),
 * else the SQLite file at that path.
 */
export type ReceiptFlag = boolean | string;

/** @internal The optional package a `--receipts` place needs before the command starts. */
export function receiptPackages(flag: ReceiptFlag): string[] {
  return typeof flag === "string" && isRedisUrl(flag) ? ["ioredis"] : [];
}

/** @internal Opens the store `--receipts` names, or `undefined` without the flag. */
export async function openReceiptStore(
  flag: ReceiptFlag,
  db: string,
): Promise<ReceiptStore | undefined> {
  if (flag === false) return undefined;
  const where = flag === true ? db : flag;
  if (where === "") throw new CliError("--receipts needs a SQLite file or a redis:// URL");
  try {
    if (isRedisUrl(where)) {
      const { RedisReceiptStore } = await import("../receipts/redis-receipt-store.js");
      return new RedisReceiptStore({ url: where });
    }
    const { SqliteReceiptStore } = await import("../receipts/sqlite-receipt-store.js");
    if (where !== ":memory:") await mkdir(dirname(resolve(where)), { recursive: true });
    return new SqliteReceiptStore({ path: where });
  } catch (error) {
    throw new CliError(`cannot open the --receipts store ${where}`, { cause: error });
  }
}

/** @internal A place for `--receipts` in the words of the server's banner, a password hidden. */
export function describeReceipts(flag: ReceiptFlag, db: string): string {
  const where = flag === true ? db : String(flag);
  const url = isRedisUrl(where) ? URL.parse(where) : null;
  if (url !== null && url.password !== "") url.password = "***";
  return `receipts in ${url === null ? where : url.toString()}`;
}

function isRedisUrl(where: string): boolean {
  return /^rediss?:\/\//i.test(where);
}
