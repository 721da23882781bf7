import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ChromiumPrerequisiteError, chromiumPath, ensureChromium } from "./chromium.js";
import type { Machine } from "./redis-server.js";

const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const ubuntu = "NAME=Ubuntu\nID=ubuntu\nID_LIKE=debian\n";

/** A machine where `apt-get install chromium` creates /usr/bin/chromium; records every command. */
function fakeMachine(
  options: {
    osRelease?: string;
    root?: boolean;
    binaries?: string[];
    installFailures?: number;
    sudoWorks?: boolean;
    installed?: boolean;
  } = {},
) {
  const binaries = new Set(options.binaries ?? ["apt-get"]);
  let installFailures = options.installFailures ?? 0;
  let installed = options.installed ?? false;
  const commands: string[] = [];
  const machine: Machine = {
    env: {},
    findBinary: async (name) => (binaries.has(name) ? `/usr/bin/${name}` : undefined),
    osRelease: async () => options.osRelease,
    isRoot: () => options.root ?? true,
    async run(command) {
      const line = command.join(" ");
      commands.push(line);
      if (line === "sudo -n true") return { ok: options.sudoWorks ?? true, output: "" };
      if (line.endsWith("install -y chromium")) {
        if (installFailures > 0) {
          installFailures -= 1;
          return { ok: false, output: "E: Unable to locate package chromium\n" };
        }
        installed = true;
      }
      return { ok: true, output: "" };
    },
    whenInterrupted: () => () => {},
  };
  const exists = async (path: string) => path === chromiumPath && installed;
  return { machine, exists, commands };
}

async function failure(fake: ReturnType<typeof fakeMachine>): Promise<ChromiumPrerequisiteError> {
  const error = await ensureChromium(fake.machine, fake.exists).then(
    () => assert.fail("expected a ChromiumPrerequisiteError"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ChromiumPrerequisiteError);
  assert.match(error.message, /sudo apt-get install -y chromium/);
  assert.match(error.message, /test\/inspect\//);
  return error;
}

describe("the Chromium prerequisite of npm test", () => {
  it("uses /usr/bin/chromium when it is there, installing nothing", async () => {
    const fake = fakeMachine({ installed: true });
    assert.deepEqual(await ensureChromium(fake.machine, fake.exists), {
      kind: "found",
      binary: "/usr/bin/chromium",
    });
    assert.deepEqual(fake.commands, []);
  });

  it("installs Debian's package as root, retrying once after apt-get update", async () => {
    const fake = fakeMachine({ osRelease: debian });
    assert.equal((await ensureChromium(fake.machine, fake.exists)).kind, "installed");
    assert.deepEqual(fake.commands, [
      "env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=120 install -y chromium",
    ]);
    const stale = fakeMachine({ osRelease: ubuntu, installFailures: 1 });
    assert.equal((await ensureChromium(stale.machine, stale.exists)).kind, "installed");
    assert.deepEqual(
      stale.commands.map((line) => line.split(" ").at(-1)),
      ["chromium", "update", "chromium"],
    );
  });

  it("uses passwordless sudo when not root", async () => {
    const fake = fakeMachine({ osRelease: debian, root: false, binaries: ["apt-get", "sudo"] });
    assert.equal((await ensureChromium(fake.machine, fake.exists)).kind, "installed");
    assert.ok(fake.commands.every((line) => line.startsWith("sudo -n ")));
  });

  it("fails with one message saying how to get it when it cannot install", async () => {
    const notDebian = await failure(fakeMachine({ osRelease: "ID=fedora\n" }));
    assert.match(notDebian.message, /not Debian or Ubuntu/);
    const noApt = await failure(fakeMachine({ osRelease: debian, binaries: [] }));
    assert.match(noApt.message, /apt-get was not found/);
    const noSudo = await failure(
      fakeMachine({
        osRelease: debian,
        root: false,
        binaries: ["apt-get", "sudo"],
        sudoWorks: false,
      }),
    );
    assert.match(noSudo.message, /needs root or passwordless sudo/);
    const aptFails = await failure(fakeMachine({ osRelease: debian, installFailures: 2 }));
    assert.match(aptFails.message, /did not install it/);
    assert.match(aptFails.output, /Unable to locate package chromium/);
  });
});
