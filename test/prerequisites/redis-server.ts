import { execFile, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { findBinary, redisHelp } from "../fixtures/redis-server.js";
import { aptAsRoot, aptInstall } from "./apt-install.js";

/** What the Redis prerequisite needs from the machine; the unit test passes a fake one. */
export interface Machine {
  readonly env: Readonly<Record<string, string | undefined>>;
  findBinary(name: string): Promise<string | undefined>;
  /** The text of /etc/os-release, or undefined when there is none. */
  osRelease(): Promise<string | undefined>;
  isRoot(): boolean;
  /** Runs a command to the end, never throwing: whether it exited 0, and its stdout and stderr. */
  run(command: readonly string[]): Promise<{ ok: boolean; output: string }>;
  /** Runs `command` if the process is interrupted before the returned function is called. */
  whenInterrupted(command: readonly string[]): () => void;
}

/** How the prerequisite was met: a server named by URL, a binary found, or one installed now. */
export type RedisPrerequisite =
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "found"; readonly binary: string }
  | { readonly kind: "installed"; readonly binary: string };

/** Redis cannot be had: `message` says why and how to get one, `output` is apt's when it failed. */
export class RedisPrerequisiteError extends Error {
  override readonly name = "RedisPrerequisiteError";
  constructor(
    message: string,
    readonly output = "",
  ) {
    super(message);
  }
}

/** The one message `npm test` stops with when there is no Redis and it cannot install one. */
export function missingRedisMessage(reason: string): string {
  return `npm test needs Redis for the Task Memory tests: TOOLWRIGHT_REDIS_URL is unset, no redis-server was found, and ${reason}. ${redisHelp}`;
}

const policyRcD = "/usr/sbin/policy-rc.d";
// Debian's package would start a redis-server service on :6379; the tests start their own on a
// free port, so a policy-rc.d answering 101 ("action forbidden") keeps the service from starting.
// Only one we created is removed again: an existing one (Docker images ship one) is left alone.
const createPolicy = `[ ! -e ${policyRcD} ] && printf '#!/bin/sh\\nexit 101\\n' > ${policyRcD} && chmod 755 ${policyRcD}`;

/**
 * Makes sure the Redis tests will have a server: TOOLWRIGHT_REDIS_URL, else a `redis-server` binary,
 * else Debian's package installed with apt-get when this is Debian or Ubuntu and we are root or
 * have passwordless sudo. Otherwise throws a `RedisPrerequisiteError` saying how to get one.
 */
export async function ensureRedisServer(machine: Machine): Promise<RedisPrerequisite> {
  const url = machine.env.TOOLWRIGHT_REDIS_URL;
  if (url !== undefined && url !== "") return { kind: "url", url };
  const found = await machine.findBinary("redis-server");
  if (found !== undefined) return { kind: "found", binary: found };

  const asRoot = await aptAsRoot(
    machine,
    (reason) => new RedisPrerequisiteError(missingRedisMessage(reason)),
  );

  const createdPolicy = (await machine.run([...asRoot, "sh", "-c", createPolicy])).ok;
  // A policy-rc.d left behind by Ctrl-C would silently keep every later service from starting.
  const removePolicy = [...asRoot, "rm", "-f", policyRcD];
  const forget = createdPolicy ? machine.whenInterrupted(removePolicy) : () => {};
  let install: { ok: boolean; output: string };
  try {
    install = await aptInstall(machine, asRoot, "redis-server");
  } finally {
    forget();
    if (createdPolicy) await machine.run(removePolicy);
  }
  const binary = install.ok ? await machine.findBinary("redis-server") : undefined;
  if (binary === undefined) {
    throw new RedisPrerequisiteError(
      missingRedisMessage("`apt-get install -y redis-server` failed (its output is above)"),
      install.output,
    );
  }
  return { kind: "installed", binary };
}

/** This machine. */
export const thisMachine: Machine = {
  env: process.env,
  findBinary,
  async osRelease() {
    try {
      return await readFile("/etc/os-release", "utf8");
    } catch {
      return undefined;
    }
  },
  isRoot: () => process.getuid?.() === 0,
  run(command) {
    const [file = "", ...args] = command;
    return new Promise((resolve) => {
      execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ ok: error === null, output: `${stdout}${stderr}` });
      });
    });
  },
  whenInterrupted(command) {
    const [file = "", ...args] = command;
    const onSignal = (signal: NodeJS.Signals) => {
      spawnSync(file, args);
      process.exit(signal === "SIGINT" ? 130 : 143);
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    return () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    };
  },
};
