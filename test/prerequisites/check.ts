// Run by `npm test` before the test runner, once: what the tests need from the machine, so a missing
// piece fails in one message instead of in every test that needs it.
import { access, constants } from "node:fs/promises";
import { ChromiumPrerequisiteError, ensureChromium } from "./chromium.js";
import { ensureRedisServer, RedisPrerequisiteError, thisMachine } from "./redis-server.js";

try {
  const redis = await ensureRedisServer(thisMachine);
  if (redis.kind === "installed") {
    console.log(`installed Debian's redis-server (${redis.binary}) for the Redis tests`);
  }
} catch (error) {
  if (!(error instanceof RedisPrerequisiteError)) throw error;
  if (error.output !== "") process.stderr.write(error.output);
  console.error(error.message);
  process.exitCode = 1;
}

try {
  const executable = (path: string) =>
    access(path, constants.X_OK).then(
      () => true,
      () => false,
    );
  const chromium = await ensureChromium(thisMachine, executable);
  if (chromium.kind === "installed") {
    console.log(`installed Debian's chromium (${chromium.binary}) for the inspector's page tests`);
  }
} catch (error) {
  if (!(error instanceof ChromiumPrerequisiteError)) throw error;
  if (error.output !== "") process.stderr.write(error.output);
  console.error(error.message);
  process.exitCode = 1;
}
