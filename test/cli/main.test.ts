// The CLI's commands in-process: `main()` from the sources, on the same cases the end-to-end tests
// run against the built command (cli.integration.ts), without a process start per call.
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { after, before, describe } from "node:test";
import { main } from "../../src/cli/main.js";
import { callCases, installDryRunCases } from "./call.case.js";
import { commandCases } from "./commands.case.js";
import { writeFixtures } from "./fixtures.js";
import { moduleErrorCases } from "./module-errors.case.js";
import { type CliRun, type CliRunner, root } from "./run-cli.js";

const inProcess: CliRunner = async (args, options = {}) => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await main(args, { stdin: Readable.from([options.input ?? ""]), stdout, stderr });
  return { code, stdout: out, stderr: err } satisfies CliRun;
};

let dir = "";
let dispose: (() => Promise<void>) | undefined;
before(async () => {
  const fixtures = await writeFixtures(join(root, "src"));
  dir = fixtures.dir;
  dispose = fixtures.dispose;
});
after(async () => {
  await dispose?.();
});

describe("toolwright main() in-process", () => {
  describe("list, schema, check, --help", () => commandCases(inProcess, () => dir));
  describe("call and memory", () => callCases(inProcess, () => dir));
  describe("module errors", () => moduleErrorCases(inProcess, () => dir));
  describe("install --dry-run", () => installDryRunCases(inProcess, () => dir));
});
