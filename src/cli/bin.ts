#!/usr/bin/env node
// The `toolwright` command.
// Only these two static imports: on an old Node the rest may not even link, and the user must get one
// line that says which Node is needed. `node:module` is read as an object for the same reason (a named
// import of `enableCompileCache` fails to link on Node 20).
import nodeModule from "node:module";
import { unsupportedNodeMessage } from "../internal/node-version.js";

const unsupported = unsupportedNodeMessage();
if (unsupported !== undefined) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}

// Loading toolwright and its dependencies is most of a command's time; Node's on-disk compile cache
// (in the OS temporary directory) roughly halves it from the second run on.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Stdout carries results (and, for `serve`, the MCP protocol): what tools log goes to stderr.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

// A reader that stops early (`toolwright list | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

// Decorated Tool classes (built-in or a user's) need Symbol.metadata before they are defined.
await import("../polyfill.js");
const { main } = await import("./main.js");
process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
