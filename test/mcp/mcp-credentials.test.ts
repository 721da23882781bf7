// The credential file toolwright keeps MCP logins in, and the checks on `McpTool.connect`'s auth
// options (before anything is reached).
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { McpConfigError } from "../../src/index.js";
import {
  defaultCredentialFile,
  FileCredentialStore,
  McpAuthorizationError,
  McpTool,
} from "../../src/mcp.js";

describe("FileCredentialStore", () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "toolwright-credentials-"));
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("keeps logins per server in a 0600 file in a 0700 folder, replaced whole on each write", async () => {
    const path = join(folder, "nested", "mcp-auth.json");
    const store = new FileCredentialStore({ path });
    assert.deepEqual(await store.list(), []);
    assert.equal(await store.load("https://a.example/mcp"), undefined);
    const tokens = { access_token: "at", token_type: "Bearer", refresh_token: "rt" };
    // Concurrent saves of one process are applied one after the other: none is lost.
    await Promise.all([
      store.save("https://b.example/mcp", { tokens }),
      store.save("https://a.example/mcp", { tokens, tokensSavedAt: 1 }),
    ]);
    assert.deepEqual(await store.list(), ["https://a.example/mcp", "https://b.example/mcp"]);
    assert.deepEqual(await store.load("https://a.example/mcp"), { tokens, tokensSavedAt: 1 });
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.equal((await stat(join(folder, "nested"))).mode & 0o777, 0o700);
    assert.equal(await store.delete("https://a.example/mcp"), true);
    assert.equal(await store.delete("https://a.example/mcp"), false);
    assert.deepEqual(JSON.parse(await readFile(path, "utf8")), {
      version: 1,
      servers: { "https://b.example/mcp": { tokens } },
    });
  });

  it("refuses a file that is not its own, rather than overwrite it", async () => {
    const path = join(folder, "other.json");
    await writeFile(path, JSON.stringify({ something: "else" }));
    const store = new FileCredentialStore({ path });
    await assert.rejects(
      McpTool.connect({ url: "http://127.0.0.1:9/mcp" }, { auth: { store } }),
      (error: unknown) => {
        assert.ok(McpAuthorizationError.isInstance(error), String(error));
        assert.match(
          error.message,
          /cannot read its stored login: .*other\.json is not a toolwright/,
        );
        return true;
      },
    );
    await assert.rejects(store.list(), /other\.json is not a toolwright MCP credential file/);
    await assert.rejects(
      store.save("https://a.example/mcp", {}),
      /not a toolwright MCP credential file/,
    );
    assert.deepEqual(JSON.parse(await readFile(path, "utf8")), { something: "else" });
  });

  it("lives in the user's configuration folder unless TOOLWRIGHT_MCP_AUTH_FILE says otherwise", () => {
    assert.equal(
      defaultCredentialFile({ TOOLWRIGHT_MCP_AUTH_FILE: "/x/auth.json" }),
      "/x/auth.json",
    );
    if (process.platform !== "win32") {
      assert.equal(
        defaultCredentialFile({ XDG_CONFIG_HOME: "/home/ada/.cfg" }),
        "/home/ada/.cfg/toolwright/mcp-auth.json",
      );
    }
  });
});

describe("McpTool.connect's auth options", () => {
  const target = { url: "http://127.0.0.1:9/mcp" };
  const refused = (auth: unknown, pattern: RegExp) =>
    assert.rejects(McpTool.connect(target, { auth: auth as never }), (error: unknown) => {
      assert.ok(McpConfigError.isInstance(error), String(error));
      assert.match(error.message, pattern);
      return true;
    });

  it("names a mistyped or wrong option before connecting", async () => {
    await refused(
      { interactiv: true },
      /"interactiv" is not an option of McpTool.connect's auth \(did you mean "interactive"\?\)/,
    );
    await refused(
      { grant: "password" },
      /"grant" must be one of "authorization_code", "client_credentials", "jwt_bearer"/,
    );
    await refused(
      7,
      /"auth" must be false, toolwright's OAuth options or an OAuthClientProvider; got a number \(7\)/,
    );
    await refused(
      { grant: "client_credentials" },
      /with grant: "client_credentials" needs "clientId"/,
    );
    await refused({ grant: "jwt_bearer", clientId: "w" }, /needs "assertion"/);
    await assert.rejects(
      McpTool.connect(target, { protocolVersion: "2025-06-18" as never }),
      /"protocolVersion" must be one of "auto", "legacy", "2026-07-28"/,
    );
    await assert.rejects(
      McpTool.connect(target, { roots: [{ uri: "/srv" }] }),
      /"roots" must be an array of \{ uri, name\? \} with file: URIs/,
    );
  });
});
