// Run by `npm test` before the test runner, once: what the tests need from the machine, so a missing
// piece fails in one message instead of in every test that needs it.
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
