// What the inspector's tests share: the demo toolbox with an in-memory Task Memory, a toolbox of
// 200 real BFCL activities, an inspector started in this process, and Debian's Chromium.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { Toolbox } from "../../src/index.js";
import { type InspectorHandle, startInspector } from "../../src/inspect/inspector.js";
import { TaskMemory } from "../../src/memory.js";
import { bfclTool, loadBfclEntries } from "../fixtures/bfcl-corpus.js";
import { chromiumPath } from "../prerequisites/chromium.js";
import {
  ChartTool,
  NotesTool,
  OutlineTool,
  ReportTool,
  WeatherTool,
} from "./fixtures/demo-tools.js";

/** The repository root. */
export const root = new URL("../..", import.meta.url).pathname;

/** `toolwright inspect` running as a child process on the sources. */
export interface InspectCommand {
  /** The address it printed, token included. */
  readonly url: string;
  /** Its stderr so far. */
  stderr(): string;
  /** Settles with its exit code. */
  readonly exited: Promise<number | null>;
  /** Sends a signal (SIGTERM to stop it). */
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts `toolwright inspect <args>` from the sources (through tsx) in the repository root, without
 * TOOLWRIGHT_TOKEN, and resolves once it has printed its address and the generated-token line.
 */
export function runInspectCommand(args: readonly string[]): Promise<InspectCommand> {
  const env = { ...process.env };
  delete env.TOOLWRIGHT_TOKEN;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "src", "cli", "bin.ts"), "inspect", ...args],
    { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /toolwright inspect on (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(
        stderr,
      );
      if (found === null || !stderr.includes("(token generated")) return;
      resolve({
        url: found[1] as string,
        stderr: () => stderr,
        exited,
        kill: (signal) => child.kill(signal),
      });
    });
    void exited.then(() => reject(new Error(`toolwright inspect exited early: ${stderr}`)));
  });
}

/** An inspector running in this process on the loopback, with what it inspects. */
export interface Inspected {
  readonly inspector: InspectorHandle;
  readonly toolbox: Toolbox;
  readonly token: string;
  /** The server's address without the token: `http://127.0.0.1:<port>`. */
  readonly origin: string;
  close(): Promise<void>;
}

/** The demo module's tools in one toolbox, the report tool off-prompt into an in-memory memory. */
export function demoToolbox(): Toolbox {
  return new Toolbox(
    [
      new WeatherTool(),
      new NotesTool(),
      new OutlineTool(),
      new ChartTool(),
      new ReportTool({ offPrompt: true }),
    ],
    { taskMemory: new TaskMemory() },
  );
}

/** 200 activities from distinct BFCL function docs, one tool each: a large real toolbox. */
export function bfclToolbox(count = 200): Toolbox {
  const seen = new Set<string>();
  const tools = [];
  for (const entry of loadBfclEntries()) {
    for (const fn of entry.functions) {
      const key = JSON.stringify(fn);
      if (seen.has(key) || tools.length === count) continue;
      seen.add(key);
      tools.push(bfclTool(fn, `Bfcl${tools.length}`));
    }
  }
  return new Toolbox(tools);
}

/** Starts an inspector for `toolbox` on 127.0.0.1 and a free port, with a fresh token. */
export async function inspect(toolbox: Toolbox, source = "demo-tools.ts"): Promise<Inspected> {
  const token = randomBytes(24).toString("base64url");
  const inspector = await startInspector({ toolbox, source, token });
  return {
    inspector,
    toolbox,
    token,
    origin: inspector.origin,
    close: async () => {
      await inspector.close();
      await toolbox.taskMemory?.close();
    },
  };
}

/**
 * Debian's Chromium, headless, with the switches this closed network needs (no background
 * connections, no QUIC); Playwright gives every launch a fresh, temporary profile directory.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
