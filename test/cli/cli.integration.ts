// End-to-end tests of the built `toolwright` command, run as child processes. The build is the
// README's own first command line, run once here; every case runs the `npm run build` output. The
// finer cases of each command run in-process on the sources (main.test.ts).
import { after, before, describe } from "node:test";
import { builtCliCases, packageCases } from "./built-cli.case.js";
import { writeFixtures } from "./fixtures.js";
import { installCases } from "./install.case.js";
import { readmeCases, runReadmeLine } from "./readme.case.js";
import type { CliRun } from "./run-cli.js";
import { serveCases } from "./serve.case.js";

const state: { readme?: CliRun; fixtures?: string } = {};
let dispose: (() => Promise<void>) | undefined;

before(async () => {
  state.readme = await runReadmeLine();
  const fixtures = await writeFixtures();
  state.fixtures = fixtures.dir;
  dispose = fixtures.dispose;
});
after(async () => {
  await dispose?.();
});

const readme = () => state.readme as CliRun;
const fixtures = () => state.fixtures as string;

describe("toolwright (the built CLI, as a child process)", () => {
  describe("README", () => readmeCases(readme));
  describe("list, call, errors, colour", () => builtCliCases(fixtures));
  describe("serve", () => serveCases(fixtures));
  describe("install", () => installCases());
  describe("package", () => packageCases());
});
