import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ensureRedisServer, type Machine, RedisPrerequisiteError } from "./redis-server.js";

const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const ubuntu = "NAME=Ubuntu\nID=ubuntu\nID_LIKE=debian\n";

interface FakeOptions {
  env?: Record<string, string>;
  binaries?: string[];
  osRelease?: string;
  root?: boolean;
  /** Commands (joined by spaces) that exit non-zero; `apt-get … install` fails this many times. */
  failing?: string[];
  installFailures?: number;
  /** A policy-rc.d is already there, so creating ours fails. */
  policyExists?: boolean;
}

/** A machine where installing redis-server puts it on the PATH; records every command run. */
function fakeMachine(options: FakeOptions = {}): Machine & { commands: string[] } {
  const binaries = new Set(options.binaries ?? ["apt-get"]);
  let installFailures = options.installFailures ?? 0;
  const commands: string[] = [];
  return {
    commands,
    env: options.env ?? {},
    findBinary: async (name) => (binaries.has(name) ? `/usr/bin/${name}` : undefined),
    osRelease: async () => options.osRelease,
    isRoot: () => options.root ?? true,
    async run(command) {
      const line = command.join(" ");
      commands.push(line);
      if (options.failing?.includes(line)) return { ok: false, output: `${line}: failed\n` };
      if (options.policyExists === true && line.startsWith("sh -c ")) {
        return { ok: false, output: "" };
      }
      if (line.endsWith("install -y redis-server")) {
        if (installFailures > 0) {
          installFailures -= 1;
          return { ok: false, output: "E: Unable to locate package redis-server\n" };
        }
        binaries.add("redis-server");
      }
      return { ok: true, output: "" };
    },
    whenInterrupted: () => () => {},
  };
}

async function failure(machine: Machine): Promise<RedisPrerequisiteError> {
  const error = await ensureRedisServer(machine).then(
    () => assert.fail("expected a RedisPrerequisiteError"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof RedisPrerequisiteError);
  return error;
}

function assertHelpful(message: string): void {
  assert.match(message, /sudo apt-get install -y redis-server/);
  assert.match(message, /brew install redis/);
  assert.match(message, /TOOLWRIGHT_REDIS_URL=redis:\/\//);
}

describe("the Redis prerequisite of npm test", () => {
  it("uses TOOLWRIGHT_REDIS_URL when set, and an installed redis-server, without installing", async () => {
    const withUrl = fakeMachine({ env: { TOOLWRIGHT_REDIS_URL: "redis://10.0.0.1:6379" } });
    assert.deepEqual(await ensureRedisServer(withUrl), {
      kind: "url",
      url: "redis://10.0.0.1:6379",
    });
    const withBinary = fakeMachine({ binaries: ["redis-server"] });
    assert.deepEqual(await ensureRedisServer(withBinary), {
      kind: "found",
      binary: "/usr/bin/redis-server",
    });
    assert.deepEqual([...withUrl.commands, ...withBinary.commands], []);
  });

  it("installs Debian's package as root, keeping the service from starting", async () => {
    const machine = fakeMachine({ osRelease: debian });
    assert.deepEqual(await ensureRedisServer(machine), {
      kind: "installed",
      binary: "/usr/bin/redis-server",
    });
    assert.equal(machine.commands.length, 3);
    assert.match(machine.commands[0] ?? "", /^sh -c .*policy-rc\.d/);
    assert.equal(
      machine.commands[1],
      "env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=120 install -y redis-server",
    );
    assert.equal(machine.commands[2], "rm -f /usr/sbin/policy-rc.d");
  });

  it("leaves an existing policy-rc.d alone and retries once after apt-get update", async () => {
    const machine = fakeMachine({ osRelease: ubuntu, installFailures: 1, policyExists: true });
    assert.equal((await ensureRedisServer(machine)).kind, "installed");
    assert.deepEqual(
      machine.commands.slice(1).map((line) => line.split(" ").at(-1)),
      ["redis-server", "update", "redis-server"],
    );
  });

  it("uses passwordless sudo when not root", async () => {
    const machine = fakeMachine({ osRelease: debian, root: false, binaries: ["apt-get", "sudo"] });
    assert.equal((await ensureRedisServer(machine)).kind, "installed");
    assert.ok(machine.commands.every((line) => line.startsWith("sudo -n ")));
  });

  it("fails with one message naming every way to get Redis when it cannot install", async () => {
    const notRoot = await failure(fakeMachine({ osRelease: debian, root: false }));
    assert.match(notRoot.message, /needs root or passwordless sudo/);
    const noSudo = await failure(
      fakeMachine({
        osRelease: debian,
        root: false,
        binaries: ["apt-get", "sudo"],
        failing: ["sudo -n true"],
      }),
    );
    assert.match(noSudo.message, /needs root or passwordless sudo/);
    const macos = await failure(fakeMachine({ binaries: [] }));
    assert.match(macos.message, /not Debian or Ubuntu/);
    const noApt = await failure(fakeMachine({ osRelease: debian, binaries: [] }));
    assert.match(noApt.message, /apt-get was not found/);
    const aptFails = await failure(fakeMachine({ osRelease: debian, installFailures: 2 }));
    assert.match(aptFails.message, /apt-get install -y redis-server` failed/);
    assert.match(aptFails.output, /Unable to locate package/);
    for (const error of [notRoot, noSudo, macos, noApt, aptFails]) assertHelpful(error.message);
  });
});
