import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { cliEnv, expectCode, root, run, toolwright } from "./run-cli.js";

/**
 * A one-package npm registry on 127.0.0.1, so `toolwright install` runs the real `npm install`
 * without the network: `tw-fixture-pkg@1.0.0` exists, every other package is a 404.
 */
async function startRegistry(work: string): Promise<{ url: string; server: Server }> {
  const source = join(work, "pkg");
  await mkdir(source, { recursive: true });
  await writeFile(
    join(source, "package.json"),
    JSON.stringify({ name: "tw-fixture-pkg", version: "1.0.0", main: "index.js" }),
  );
  await writeFile(join(source, "index.js"), "module.exports = 42;\n");
  expectCode(
    await run("npm", ["pack", "--pack-destination", work], { cwd: source, env: cliEnv() }),
    0,
  );
  const tarball = await readFile(join(work, "tw-fixture-pkg-1.0.0.tgz"));
  const server = createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === "/tw-fixture-pkg") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          name: "tw-fixture-pkg",
          "dist-tags": { latest: "1.0.0" },
          versions: {
            "1.0.0": {
              name: "tw-fixture-pkg",
              version: "1.0.0",
              main: "index.js",
              dist: {
                tarball: `${base}/tw-fixture-pkg/-/tw-fixture-pkg-1.0.0.tgz`,
                shasum: createHash("sha1").update(tarball).digest("hex"),
                integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
              },
            },
          },
        }),
      );
    } else if (request.url === "/tw-fixture-pkg/-/tw-fixture-pkg-1.0.0.tgz") {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.end(tarball);
    } else {
      response.writeHead(404, { "content-type": "application/json" });
      response.end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

export function installCases(): void {
  let work: string;
  let project: string;
  let registry: { url: string; server: Server };
  let env: NodeJS.ProcessEnv;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), "toolwright-install-"));
    project = join(work, "project");
    await mkdir(project);
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "install-fixture", version: "1.0.0", private: true }),
    );
    const toolwrightEntry = JSON.stringify(join(root, "dist", "index.js"));
    await writeFile(
      join(project, "pdf.js"),
      `import { Tool } from ${toolwrightEntry};\nexport class PdfTool extends Tool { static requirements = ["tw-fixture-pkg@^1.0.0"]; }\n`,
    );
    await writeFile(
      join(project, "absent.js"),
      `import { Tool } from ${toolwrightEntry};\nexport class GhostTool extends Tool { static requirements = ["tw-not-published@^2.0.0"]; }\n`,
    );
    registry = await startRegistry(work);
    env = cliEnv({
      npm_config_registry: registry.url,
      npm_config_cache: join(work, "npm-cache"),
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
      npm_config_offline: "false",
    });
  });
  after(async () => {
    registry.server.close();
    await rm(work, { recursive: true, force: true });
  });

  it("installs what is missing with npm, printing what it runs; then all is met", async () => {
    const result = expectCode(await toolwright(["install", "pdf.js"], { cwd: project, env }), 0);
    assert.equal(result.stdout, "npm install tw-fixture-pkg@^1.0.0\n");
    const installed = JSON.parse(
      await readFile(join(project, "node_modules", "tw-fixture-pkg", "package.json"), "utf8"),
    );
    assert.equal(installed.version, "1.0.0");
    const manifest = JSON.parse(await readFile(join(project, "package.json"), "utf8"));
    assert.equal(manifest.dependencies["tw-fixture-pkg"], "^1.0.0");
    const again = expectCode(await toolwright(["install", "pdf.js"], { cwd: project, env }), 0);
    assert.equal(again.stdout, "all 1 requirement is met; nothing to install\n");
  });

  it("exits 1 when npm fails", async () => {
    const failed = await toolwright(["install", "absent.js"], { cwd: project, env });
    expectCode(failed, 1);
    assert.equal(failed.stdout, "npm install tw-not-published@^2.0.0\n");
    assert.match(failed.stderr, /npm exited with code [1-9]/);
    assert.ok(!(await readdir(join(project, "node_modules"))).includes("tw-not-published"));
  });
}
