#!/usr/bin/env node
// The `toolwright` command.
import { enableCompileCache } from "node:module";

// Loading toolwright and its dependencies is most of a command's time; Node's on-disk compile cache
// (in the OS temporary directory) roughly halves it from the second run on.
enableCompileCache?.();

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
