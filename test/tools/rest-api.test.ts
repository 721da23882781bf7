import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { type ErrorArtifact, ToolConfigError } from "../../src/index.js";
import { RestApiTool } from "../../src/tools.js";

interface Seen {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

describe("RestApiTool", () => {
  let server: Server;
  let origin: string;
  const seen: Seen[] = [];
  before(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", (): unknown => {
        const url = request.url ?? "/";
        seen.push({
          method: request.method ?? "",
          url,
          body,
          authorization: request.headers.authorization,
          contentType: request.headers["content-type"],
        });
        if (url.startsWith("/api/users/moved")) {
          response.statusCode = 302;
          response.setHeader("location", "/api/users/42");
          return response.end();
        }
        if (url.startsWith("/api/users/escape")) {
          response.statusCode = 302;
          response.setHeader("location", "/admin/secrets");
          return response.end();
        }
        if (url.startsWith("/api/users/missing")) {
          response.statusCode = 404;
          return response.end('{"error":"no such user"}');
        }
        if (url.startsWith("/api/users/big")) return response.end("x".repeat(5_000));
        const compressed = /^\/api\/users\/(gzip|deflate|br|corrupt|bomb)/.exec(url)?.[1];
        if (compressed !== undefined) {
          const json = Buffer.from(
            JSON.stringify({ compressed, accepted: request.headers["accept-encoding"] }),
          );
          const encoders: Record<string, () => Buffer> = {
            gzip: () => gzipSync(json),
            deflate: () => deflateSync(json),
            br: () => brotliCompressSync(json),
            corrupt: () => Buffer.from("not gzip at all"),
            bomb: () => gzipSync(Buffer.alloc(50_000_000)),
          };
          const encoded = encoders[compressed]?.() ?? json;
          response.setHeader("content-type", "application/json");
          response.setHeader(
            "content-encoding",
            compressed === "corrupt" || compressed === "bomb" ? "gzip" : compressed,
          );
          return response.end(encoded);
        }
        if (url.startsWith("/api/users/hang")) return; // never answers
        response.setHeader("content-type", "application/json");
        return response.end(JSON.stringify({ method: request.method, url, body: body || null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const api = (options: Partial<ConstructorParameters<typeof RestApiTool>[0]> = {}) =>
    new RestApiTool({
      baseUrl: `${origin}/api`,
      path: "users",
      description: "Users of the shop",
      headers: { authorization: "Bearer secret" },
      ...options,
    });

  it("sends Griptape's five requests under the base URL, with the configured headers", async () => {
    const tool = api();
    const got = await tool.run("get", {
      path_params: ["42"],
      query_params: { fields: ["name", "email"], active: true },
    });
    assert.equal(got.type, "TextArtifact");
    assert.deepEqual(JSON.parse(got.toText()), {
      method: "GET",
      url: "/api/users/42?fields=name&fields=email&active=true",
      body: null,
    });
    await tool.run("post", { body: { name: "Ada" } });
    await tool.run("put", { body: { name: "Ada", id: 1 } });
    await tool.run("patch", { path_params: [1], body: { name: "Ada L." } });
    await tool.run("delete", { path_params: ["1"] });
    await tool.run("get", {});
    assert.deepEqual(
      seen
        .slice(-6)
        .map((request) => [request.method, request.url, request.body, request.authorization]),
      [
        ["GET", "/api/users/42?fields=name&fields=email&active=true", "", "Bearer secret"],
        ["POST", "/api/users", '{"name":"Ada"}', "Bearer secret"],
        ["PUT", "/api/users", '{"name":"Ada","id":1}', "Bearer secret"],
        ["PATCH", "/api/users/1", '{"name":"Ada L."}', "Bearer secret"],
        ["DELETE", "/api/users/1", "", "Bearer secret"],
        ["GET", "/api/users", "", "Bearer secret"],
      ],
    );
    assert.equal(seen.at(-4)?.contentType, "application/json");
  });

  it("keeps every path parameter inside one segment under the base URL", async () => {
    const tool = api();
    for (const param of ["..", ".", ""]) {
      const refused = await tool.run("get", { path_params: ["a", param] });
      assert.equal((refused as ErrorArtifact).code, "invalid_url", JSON.stringify(param));
    }
    const start = seen.length;
    for (const param of [
      "../admin",
      "..%2fadmin",
      "%2e%2e",
      "a/b",
      "http://evil.test/x",
      "//evil.test",
      "x?admin=1#frag",
      "..\\admin",
    ]) {
      const artifact = await tool.run("get", { path_params: [param] });
      assert.equal(artifact.type, "TextArtifact", `${param} → ${artifact.toText()}`);
    }
    for (const request of seen.slice(start)) {
      assert.match(request.url, /^\/api\/users\/[^/?#]+$/, request.url);
      assert.ok(!request.url.includes("/admin"), request.url);
    }
  });

  it("follows redirects only while they stay under the base URL", async () => {
    const tool = api();
    const moved = await tool.run("get", { path_params: ["moved"] });
    assert.equal(JSON.parse(moved.toText()).url, "/api/users/42");
    const start = seen.length;
    const escaped = (await tool.run("get", { path_params: ["escape"] })) as ErrorArtifact;
    assert.equal(escaped.code, "redirect_refused");
    assert.match(
      escaped.toText(),
      /redirected to .*\/admin\/secrets, outside .*\/api\/users; not followed/,
    );
    assert.deepEqual(
      seen.slice(start).map((request) => request.url),
      ["/api/users/escape"],
    );
  });

  it("reports HTTP errors, oversized responses and timeouts as error artifacts", async () => {
    const missing = (await api().run("get", { path_params: ["missing"] })) as ErrorArtifact;
    assert.equal(missing.code, "http_error");
    assert.match(missing.toText(), /failed with HTTP 404: \{"error":"no such user"\}/);
    const big = (await api({ maxResponseBytes: 100 }).run("get", {
      path_params: ["big"],
    })) as ErrorArtifact;
    assert.equal(big.code, "response_too_large");
    const slow = (await api({ requestTimeoutMs: 200 }).run("get", {
      path_params: ["hang"],
    })) as ErrorArtifact;
    assert.equal(slow.code, "timeout");
  });

  it("decodes gzip, deflate and brotli bodies, and refuses corrupt or oversized ones", async () => {
    const tool = api();
    for (const coding of ["gzip", "deflate", "br"]) {
      const got = await tool.run("get", { path_params: [coding] });
      assert.equal(got.type, "TextArtifact", got.toText());
      const body = JSON.parse(got.toText()) as { compressed: string; accepted: string };
      assert.equal(body.compressed, coding);
      assert.match(body.accepted, /gzip, deflate, br/);
    }
    const corrupt = (await tool.run("get", { path_params: ["corrupt"] })) as ErrorArtifact;
    assert.equal(corrupt.code, "invalid_content");
    assert.match(corrupt.toText(), /gzip-compressed response is corrupt/);
    // 50 MB of zeros in 50 KB of gzip: decoding stops at the cap.
    const bomb = (await api({ maxResponseBytes: 100_000 }).run("get", {
      path_params: ["bomb"],
    })) as ErrorArtifact;
    assert.equal(bomb.code, "response_too_large");
  });

  it("describes each activity with the URL, the API's description and its schemas", () => {
    const tool = api({
      requestBodySchema: { type: "object", properties: { name: { type: "string" } } },
      responseBodySchema: { type: "object" },
    });
    const post = tool.activityDescription("post");
    assert.match(
      post,
      new RegExp(
        `^This tool can be used to make a post request to the rest api url: ${origin}/api/users\n`,
      ),
    );
    assert.match(post, /This rest api has the following description: Users of the shop/);
    assert.match(post, /The request body must follow this JSON schema: \{"type":"object"/);
    assert.match(post, /The response body must follow this JSON schema: \{"type":"object"\}/);
    assert.match(tool.activityDescription("delete"), /delete a resource from the rest api url/);
    assert.doesNotMatch(tool.activityDescription("get"), /request body/);
    assert.deepEqual(
      tool.activities().map((activity) => [activity.name, activity.annotations]),
      [
        ["get", { readOnly: true, idempotent: true, openWorld: true }],
        ["post", { openWorld: true }],
        ["put", { destructive: true, idempotent: true, openWorld: true }],
        ["patch", { destructive: true, openWorld: true }],
        ["delete", { destructive: true, idempotent: true, openWorld: true }],
      ],
    );
  });

  it("rejects a bad base URL or a missing description when constructed", () => {
    assert.throws(() => api({ baseUrl: "not a url" }), ToolConfigError);
    assert.throws(
      () => api({ baseUrl: "ftp://example.com" }),
      /"baseUrl" must be an http\(s\) URL/,
    );
    assert.throws(() => api({ description: " " }), /"description" must describe the API/);
  });
});
