// `toolwright mcp login` against a real authorization server (oidc-provider) and an MCP server that is
// an OAuth protected resource, both on 127.0.0.1; the person at the browser is a script. Then the
// stored login is used by McpTool, refreshed when the server stops taking its token, and a revoked
// login ends in a clear error, not a loop.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ErrorArtifact } from "../../src/index.js";
import {
  FileCredentialStore,
  McpAuthorizationError,
  type McpStoredCredentials,
  McpTool,
} from "../../src/mcp.js";
import { root } from "../cli/run-cli.js";
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from "./fixtures/authorization-server.js";
import {
  type ProtectedMcpServer,
  startProtectedMcpServer,
} from "./fixtures/protected-mcp-server.js";
import { signIn } from "./fixtures/scripted-browser.js";

/** Runs the CLI; when it prints an address to authorize at, the scripted person signs in there. */
function toolwright(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(root, "src/cli/bin.ts"), ...args],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    let signing: Promise<void> | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const address = /open this address in a browser:\s+(\S+)/.exec(stderr)?.[1];
      if (address !== undefined && signing === undefined) {
        signing = signIn(new URL(address));
        signing.catch((error: unknown) => {
          child.kill();
          reject(error);
        });
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("toolwright mcp login, then McpTool with the stored login", () => {
  let authorization: AuthorizationServer;
  let server: ProtectedMcpServer;
  let folder: string;
  let file: string;

  before(async () => {
    authorization = await startAuthorizationServer();
    server = await startProtectedMcpServer(authorization);
    folder = await mkdtemp(join(tmpdir(), "toolwright-login-"));
    file = join(folder, "config", "mcp-auth.json");
  });
  after(async () => {
    await server.close();
    await authorization.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("refuses to connect without a login, naming the command that makes one", async () => {
    await assert.rejects(
      McpTool.connect(
        { url: server.url },
        { auth: { store: new FileCredentialStore({ path: file }) } },
      ),
      (error: unknown) => {
        assert.ok(McpAuthorizationError.isInstance(error), String(error));
        assert.match(
          error.message,
          /needs authorization: run `toolwright mcp login http:\/\/127\.0\.0\.1:\d+\/mcp`/,
        );
        return true;
      },
    );
  });

  it("logs in through the browser and keeps the login in a file only its owner can read", async () => {
    const login = await toolwright([
      "mcp",
      "login",
      server.url,
      "--no-browser",
      "--auth-file",
      file,
    ]);
    assert.equal(login.code, 0, login.stderr);
    assert.match(login.stdout, /^logged in to http:\/\/127\.0\.0\.1:\d+\/mcp: 1 tool$/m);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(folder, "config"))).mode & 0o777, 0o700);
    const saved = JSON.parse(await readFile(file, "utf8")) as {
      servers: Record<
        string,
        { tokens: { access_token: string; refresh_token?: string; issuer?: string } }
      >;
    };
    const tokens = saved.servers[server.url]?.tokens;
    assert.ok(
      tokens?.access_token && tokens.refresh_token,
      "an access and a refresh token are kept",
    );
    assert.equal(tokens.issuer, authorization.issuer);
    const list = await toolwright(["mcp", "list", "--json", "--auth-file", file]);
    const rows = JSON.parse(list.stdout) as { server: string; refresh: boolean; scope?: string }[];
    assert.deepEqual(
      rows.map(({ server: url, refresh, scope }) => ({ url, refresh, scope })),
      [{ url: server.url, refresh: true, scope: "mcp:tools" }],
    );
  });

  it("calls a protected tool with the stored login, refreshes a token the server stops taking", async () => {
    const store = new FileCredentialStore({ path: file });
    const tool = await McpTool.connect({ url: server.url }, { auth: { store } });
    try {
      assert.equal((await tool.run("read_note", {})).toText(), "note of ada");
      const before = (await store.load(server.url))?.tokens;
      server.refuse(String(before?.access_token));
      const refreshes = authorization.tokenRequests.get("refresh_token") ?? 0;
      assert.equal((await tool.run("read_note", {})).toText(), "note of ada");
      assert.equal(authorization.tokenRequests.get("refresh_token"), refreshes + 1);
      const after = (await store.load(server.url))?.tokens;
      assert.notEqual(after?.access_token, before?.access_token, "the refreshed token was stored");
    } finally {
      await tool.close();
    }
  });

  it("a revoked login gives a clear error, after one refresh attempt, not a loop", async () => {
    const store = new FileCredentialStore({ path: file });
    const tool = await McpTool.connect({ url: server.url }, { auth: { store } });
    try {
      // Revoking the refresh token ends the whole grant at this server, its access tokens too.
      await revoke(authorization, await store.load(server.url), "refresh_token");
      const refreshes = authorization.tokenRequests.get("refresh_token") ?? 0;
      const refusals = server.refusals;
      const result = await tool.run("read_note", {});
      assert.ok(result instanceof ErrorArtifact, result.toText());
      assert.equal(result.code, "mcp_unauthorized");
      assert.match(
        result.value,
        /needs authorization: run `toolwright mcp login http:\/\/127\.0\.0\.1:\d+\/mcp`/,
      );
      assert.equal(authorization.tokenRequests.get("refresh_token"), refreshes + 1);
      assert.ok(server.refusals - refusals <= 2, `refused ${server.refusals - refusals} times`);
    } finally {
      await tool.close();
    }
  });

  it("logs out", async () => {
    const logout = await toolwright(["mcp", "logout", server.url, "--auth-file", file]);
    assert.equal(logout.code, 0, logout.stderr);
    assert.deepEqual(await new FileCredentialStore({ path: file }).list(), []);
    const again = await toolwright(["mcp", "logout", server.url, "--auth-file", file]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /no login is stored for http:\/\/127\.0\.0\.1:\d+\/mcp/);
  });
});

/**
 * Revokes a token at the authorization server (RFC 7009) as the client it was issued to (the one
 * toolwright registered), as a user signing out elsewhere would.
 */
async function revoke(
  authorization: AuthorizationServer,
  saved: McpStoredCredentials | undefined,
  hint: "refresh_token",
): Promise<void> {
  const client = saved?.clients?.[authorization.issuer] as
    | { client_id: string; client_secret?: string }
    | undefined;
  assert.ok(client !== undefined, "the registered client is stored under its issuer");
  const answer = await fetch(`${authorization.issuer}/token/revocation`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret ?? ""}`).toString("base64")}`,
    },
    body: new URLSearchParams({ token: String(saved?.tokens?.[hint]), token_type_hint: hint }),
  });
  assert.equal(answer.status, 200, await answer.text());
  // Revoking an unknown token also answers 200 (RFC 7009): check this one is gone.
  const token = String(saved?.tokens?.[hint]);
  assert.equal((await authorization.introspect(token)).active, false);
}
