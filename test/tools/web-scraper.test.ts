import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { type ErrorArtifact, ToolConfigError } from "../../src/index.js";
import { AddressPolicy } from "../../src/tools/http/address-policy.js";
import { type HostResolver, WebScraperTool } from "../../src/tools.js";

const page = `<!doctype html><html><head><title>Tea</title><style>p{color:red}</style></head><body>
<nav>Home | Shop | About</nav><script>alert("x")</script>
<article><h1>Green tea</h1><p>Green tea is made from leaves that have not undergone withering and oxidation, so it keeps its colour and much of its taste.</p>
<p>Brew it at <a href="/temp">80 degrees</a> for two minutes.</p><ul><li>Sencha</li><li>Matcha</li></ul></article>
<footer>© Tea shop</footer></body></html>`;

describe("WebScraperTool", () => {
  let server: Server;
  let origin: string;
  let port: number;
  const seen: IncomingMessage[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      const url = new URL(request.url ?? "/", "http://x");
      const to = url.searchParams.get("to");
      switch (url.pathname) {
        case "/page":
          response.setHeader("content-type", "text/html; charset=utf-8");
          return response.end(page);
        case "/latin1":
          response.setHeader("content-type", "text/plain; charset=iso-8859-1");
          return response.end(Buffer.from("café", "latin1"));
        case "/json":
          response.setHeader("content-type", "application/json");
          return response.end('{"ok":true}');
        case "/pdf":
          response.setHeader("content-type", "application/pdf");
          return response.end("%PDF-1.4");
        case "/redirect":
          response.statusCode = 302;
          response.setHeader("location", to ?? "/page");
          return response.end();
        case "/loop":
          response.statusCode = 301;
          response.setHeader("location", "/loop");
          return response.end();
        case "/big":
          response.setHeader("content-type", "text/plain");
          return response.end("x".repeat(5_000));
        case "/endless": {
          response.setHeader("content-type", "text/plain");
          let sent = 0;
          const pump = () => {
            while (sent < 50_000_000 && response.write("y".repeat(16_384))) sent += 16_384;
            if (sent < 50_000_000 && !response.destroyed) response.once("drain", pump);
          };
          response.on("close", () => response.removeAllListeners("drain"));
          return pump();
        }
        case "/hang":
          return; // never answers; the client's time limit must end it
        default:
          response.statusCode = 404;
          return response.end("not here");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = (options: ConstructorParameters<typeof WebScraperTool>[0] = {}) =>
    new WebScraperTool({ allowedAddresses: ["127.0.0.1"], ...options });
  const get = (tool: WebScraperTool, url: string) => tool.run("get_content", { url });
  const error = async (tool: WebScraperTool, url: string) => {
    const artifact = await get(tool, url);
    assert.equal(artifact.type, "ErrorArtifact", `${url} → ${artifact.toText()}`);
    return artifact as ErrorArtifact;
  };

  it("returns the readable text of an HTML page, without navigation, scripts or styles", async () => {
    const artifact = await get(local(), `${origin}/page`);
    assert.equal(artifact.type, "TextArtifact");
    const text = artifact.toText();
    assert.match(text, /^Tea\n\n/);
    assert.match(text, /Green tea is made from leaves/);
    assert.match(text, /Brew it at 80 degrees for two minutes\./);
    assert.match(text, /\* Sencha\n \* Matcha/);
    assert.doesNotMatch(text, /alert|color:red|Home \| Shop/);
    assert.deepEqual(artifact.meta, { url: `${origin}/page`, title: "Tea" });
  });

  it("returns text and JSON as they are, decoded in their charset, and refuses other content", async () => {
    const tool = local();
    assert.equal((await get(tool, `${origin}/latin1`)).toText(), "café");
    assert.equal((await get(tool, `${origin}/json`)).toText(), '{"ok":true}');
    const pdf = await error(tool, `${origin}/pdf`);
    assert.equal(pdf.code, "unsupported_content");
    assert.match(
      pdf.toText(),
      /returned application\/pdf content; get_content reads HTML and text/,
    );
    const missing = await error(tool, `${origin}/missing`);
    assert.equal(missing.code, "http_error");
    assert.match(missing.toText(), /HTTP 404/);
  });

  it("refuses loopback addresses by default, however they are written, without connecting", async () => {
    const tool = new WebScraperTool({
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    const before = seen.length;
    for (const url of [
      `${origin}/page`,
      `http://localhost:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      `http://0.0.0.0:${port}/page`,
      `http://2130706433:${port}/page`,
      `http://0x7f.1:${port}/page`,
      `http://127.1:${port}/page`,
    ]) {
      const refused = await error(tool, url);
      assert.equal(refused.code, "blocked_address", url);
      assert.match(refused.toText(), /only public addresses can be fetched/);
    }
    assert.equal(seen.length, before, "no request reached the server");
  });

  it("checks the address a host name resolves to (SSRF through DNS)", async () => {
    const resolveHost: HostResolver = async (hostname) =>
      hostname === "evil.test" ? [{ address: "127.0.0.1", family: 4 }] : [];
    const before = seen.length;
    const refused = await error(
      new WebScraperTool({ resolveHost }),
      `http://evil.test:${port}/page`,
    );
    assert.equal(refused.code, "blocked_address");
    assert.match(refused.toText(), /evil\.test:\d+ resolves to 127\.0\.0\.1 \(loopback\)/);
    assert.equal(seen.length, before);
  });

  it("checks every redirect: none may lead to a refused address", async () => {
    const resolveHost: HostResolver = async () => [{ address: "::1", family: 6 }];
    const tool = local({ resolveHost });
    const before = seen.length;
    for (const target of [
      `http://127.0.0.2:${port}/page`,
      `http://internal.test:${port}/page`,
      `http://[::1]:${port}/page`,
    ]) {
      const refused = await error(tool, `${origin}/redirect?to=${encodeURIComponent(target)}`);
      assert.equal(refused.code, "blocked_address", target);
    }
    assert.equal(seen.length - before, 3, "only the redirecting requests reached the server");
    assert.equal((await get(tool, `${origin}/redirect?to=/page`)).type, "TextArtifact");
    const loop = await error(tool, `${origin}/loop`);
    assert.equal(loop.code, "too_many_redirects");
    const scheme = await error(
      tool,
      `${origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`,
    );
    assert.equal(scheme.code, "invalid_url");
  });

  it("connects to the address it checked, resolving each host once (no DNS rebinding)", async () => {
    let lookups = 0;
    const resolveHost: HostResolver = async () => {
      lookups++;
      // A rebinding resolver: an allowed address first, a refused one afterwards.
      return [{ address: lookups === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    };
    const tool = local({ resolveHost });
    const artifact = await get(tool, `http://shop.test:${port}/page`);
    assert.equal(artifact.type, "TextArtifact");
    assert.equal(lookups, 1);
    assert.equal(seen.at(-1)?.headers.host, `shop.test:${port}`);
  });

  it("caps the response size and the time a fetch may take", async () => {
    const small = local({ maxResponseBytes: 1_000 });
    const big = await error(small, `${origin}/big`);
    assert.equal(big.code, "response_too_large");
    const endless = await error(small, `${origin}/endless`);
    assert.equal(endless.code, "response_too_large");
    const slow = await error(local({ fetchTimeoutMs: 200 }), `${origin}/hang`);
    assert.equal(slow.code, "timeout");
    assert.match(slow.toText(), /took longer than 200 ms/);
  });

  it("refuses URLs that are not http(s)", async () => {
    const tool = local();
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/x",
      "not a url",
      "javascript:alert(1)",
    ]) {
      assert.equal((await error(tool, url)).code, "invalid_url", url);
    }
  });

  it("is read-only and open-world, and validates its allowlist", () => {
    assert.deepEqual(local().findActivity("get_content")?.annotations, {
      readOnly: true,
      idempotent: true,
      openWorld: true,
    });
    assert.throws(() => new WebScraperTool({ allowedAddresses: ["localhost"] }), ToolConfigError);
  });
});

describe("AddressPolicy", () => {
  it("refuses private, loopback, link-local, metadata and other special ranges", () => {
    const policy = new AddressPolicy();
    const refused: [string, string][] = [
      ["10.0.0.1", "private"],
      ["172.16.5.4", "private"],
      ["192.168.1.1", "private"],
      ["127.0.0.1", "loopback"],
      ["169.254.169.254", "linkLocal"],
      ["100.100.100.200", "carrierGradeNat"],
      ["0.0.0.0", "unspecified"],
      ["255.255.255.255", "broadcast"],
      ["224.0.0.1", "multicast"],
      ["::1", "loopback"],
      ["fe80::1", "linkLocal"],
      ["fd00:ec2::254", "uniqueLocal"],
      ["::ffff:10.0.0.1", "private"],
      ["::ffff:169.254.169.254", "linkLocal"],
      ["64:ff9b::a00:1", "nat64 embeds 10.0.0.1, private"],
      ["2002:7f00:1::", "6to4"],
      ["2001::1", "teredo"],
    ];
    for (const [address, range] of refused) assert.equal(policy.refusal(address), range, address);
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) {
      assert.equal(policy.refusal(address), undefined, address);
    }
  });

  it("lets an allowlist admit addresses and ranges, and nothing else", () => {
    const policy = new AddressPolicy(["10.0.0.0/8", "::1"]);
    assert.equal(policy.refusal("10.1.2.3"), undefined);
    assert.equal(policy.refusal("::1"), undefined);
    assert.equal(policy.refusal("::ffff:10.9.9.9"), undefined);
    assert.equal(policy.refusal("192.168.0.1"), "private");
    assert.throws(() => new AddressPolicy(["10.0.0.0/99"]), /not an IP address or CIDR range/);
  });
});
