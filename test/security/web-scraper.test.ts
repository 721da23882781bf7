import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import zlib from "node:zlib";
import type { ErrorArtifact } from "../../src/index.js";
import { WebScraperTool } from "../../src/tools.js";

const page = `<!doctype html><html><head><title>Tea</title></head><body><article><h1>Green tea</h1>
<p>Green tea is made from leaves that have not undergone withering and oxidation, so it keeps its colour.</p>
<p>Brew it at 80 degrees for two minutes, then drink it without milk or sugar, as it is served in Japan.</p>
</article></body></html>`;

const hasZstd = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === "function";
const zstd = (bytes: string) =>
  (zlib as unknown as { zstdCompressSync(input: Buffer): Buffer }).zstdCompressSync(
    Buffer.from(bytes),
  );

// `<meta charset="gbk">`, title 绿茶, and a paragraph of Chinese, encoded in GBK (no charset in the header).
const gbkPage =
  "3c21646f63747970652068746d6c3e3c68746d6c3e3c686561643e3c6d65746120636861727365743d2267626b223e3c" +
  "7469746c653ec2ccb2e83c2f7469746c653e3c2f686561643e3c626f64793e3c61727469636c653e3c703ec2ccb2e8ca" +
  "c7ceb4beadb7a2bdcdd6c6b3c9b5c4b2e8a3acb1a3c1f4c1cbcfcad2b6b5c4ccecc8bbceefd6caa3acbaacd3d0b5c4b2e8" +
  "b6e0b7d3a1a2b6f9b2e8cbd8a1a2d2b6c2cccbd8a1a2bfa7b7c8bceea1a2b0b1bbf9cbe1a1a2ceacc9facbd8b5c8d3aad1" +
  "f8b3c9b7d6d2b2bdcfb6e0a1a33c2f703e3c2f61727469636c653e3c2f626f64793e3c2f68746d6c3e";

/** Path → [content-type, content-encoding or "", body]. */
const routes: Record<string, () => [string, string, Uint8Array | string]> = {
  "/gzip": () => ["text/html; charset=utf-8", "gzip", zlib.gzipSync(page)],
  "/x-gzip": () => ["text/html", "x-gzip", zlib.gzipSync(page)],
  "/deflate": () => ["text/html", "deflate", zlib.deflateSync(page)],
  "/deflate-raw": () => ["text/html", "deflate", zlib.deflateRawSync(page)],
  "/br": () => ["text/html", "br", zlib.brotliCompressSync(page)],
  "/zstd": () => ["text/html", "zstd", hasZstd ? zstd(page) : ""],
  "/gzip-then-br": () => ["text/html", "gzip, br", zlib.brotliCompressSync(zlib.gzipSync(page))],
  "/gzip-text": () => ["text/plain", "gzip", zlib.gzipSync("plain words")],
  "/gzip-unlabelled": () => ["text/html", "", zlib.gzipSync(page)],
  "/png": () => ["text/html", "", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
  "/random": () => ["text/html", "", randomBytes(4_000)],
  "/random-no-nul": () => ["text/html", "", randomBytes(4_000).map((byte) => byte || 1)],
  "/nul": () => ["text/plain", "", "text\0with\0NUL bytes"],
  "/no-type": () => ["", "", randomBytes(4_000)],
  "/gbk-meta": () => ["text/html", "", Buffer.from(gbkPage, "hex")],
  "/utf16": () => ["text/html", "", Buffer.from(`\uFEFF${page}`, "utf16le")],
  "/wrong-charset": () => [
    "text/plain; charset=utf-8",
    "",
    Buffer.from("Le café est prêt; la crème brûlée aussi, près de la fenêtre.", "latin1"),
  ],
  "/empty": () => ["text/html", "", ""],
  "/blank": () => ["text/html; charset=utf-8", "", "  \n\t \r\n"],
  "/blank-gzip": () => ["text/html", "gzip", zlib.gzipSync("   ")],
  "/empty-text": () => ["text/plain", "", ""],
  "/script-only": () => [
    "text/html",
    "",
    "<!doctype html><html><head><script src=app.js></script></head><body><div id=root></div></body></html>",
  ],
  "/fragment": () => ["text/html", "", "hello <b>world</b>"],
  "/plain-words": () => ["text/html", "", "just words, no tags"],
  "/corrupt": () => ["text/html", "gzip", Buffer.from("1f8b0800000000000003ffffffff", "hex")],
  "/truncated": () => ["text/html", "gzip", zlib.gzipSync(page).subarray(0, 40)],
  "/compress": () => ["text/html", "compress", "whatever"],
  "/layers": () => ["text/html", "gzip, gzip, gzip, gzip", zlib.gzipSync(page)],
  // 50 MB of zeros, 50 KB compressed: over any small cap once inflated, well under it before.
  "/bomb": () => ["text/html", "gzip", zlib.gzipSync(Buffer.alloc(50_000_000))],
  "/bomb-br": () => ["text/html", "br", zlib.brotliCompressSync(Buffer.alloc(50_000_000))],
};

function randomBytes(length: number): Buffer {
  // Deterministic "random" bytes: a linear congruential generator, no NUL-free luck either way.
  const bytes = Buffer.alloc(length);
  let state = 12345;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[index] = (state >> 16) & 0xff;
  }
  return bytes;
}

/** An endless gzip stream of zeros: a client that inflated it whole would never finish. */
function endlessBomb(response: ServerResponse): void {
  response.setHeader("content-type", "text/html");
  response.setHeader("content-encoding", "gzip");
  const gzip = zlib.createGzip();
  gzip.pipe(response);
  const zeros = Buffer.alloc(1 << 20);
  let open = true;
  response.on("close", () => {
    open = false;
    gzip.destroy();
  });
  const pump = () => {
    while (open && gzip.write(zeros));
    if (open) gzip.once("drain", pump);
  };
  pump();
}

describe("WebScraperTool with compressed, binary and mislabelled bodies", () => {
  let server: Server;
  let origin: string;
  const seen: IncomingMessage[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push(request);
      const path = new URL(request.url ?? "/", "http://x").pathname;
      if (path === "/endless-bomb") return endlessBomb(response);
      const route = routes[path];
      if (route === undefined) {
        response.statusCode = 404;
        return response.end();
      }
      const [type, encoding, body] = route();
      if (type !== "") response.setHeader("content-type", type);
      if (encoding !== "") response.setHeader("content-encoding", encoding);
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = (options: { maxResponseBytes?: number } = {}) =>
    new WebScraperTool({ allowedAddresses: ["127.0.0.1"], offPrompt: false, ...options });
  const get = (tool: WebScraperTool, path: string) =>
    tool.run("get_content", { url: `${origin}${path}` });
  const error = async (tool: WebScraperTool, path: string, code: string) => {
    const artifact = await get(tool, path);
    assert.equal(artifact.type, "ErrorArtifact", `${path} → ${artifact.toText()}`);
    assert.equal((artifact as ErrorArtifact).code, code, `${path} → ${artifact.toText()}`);
    return artifact.toText();
  };

  it("asks for the codings it decodes and decodes what the server says it compressed", async () => {
    const tool = local();
    const paths = ["/gzip", "/x-gzip", "/deflate", "/deflate-raw", "/br", "/gzip-then-br"];
    if (hasZstd) paths.push("/zstd");
    for (const path of paths) {
      const artifact = await get(tool, path);
      assert.equal(artifact.type, "TextArtifact", `${path} → ${artifact.toText()}`);
      assert.match(
        artifact.toText(),
        /^Tea\n\nGREEN TEA\n\nGreen tea[\s\S]*Brew it at 80 degrees/,
        path,
      );
    }
    assert.equal((await get(tool, "/gzip-text")).toText(), "plain words");
    const accepted = String(seen.at(-1)?.headers["accept-encoding"]);
    assert.match(accepted, /gzip/);
    assert.match(accepted, /br/);
    assert.match(accepted, /deflate/);
    if (hasZstd) assert.match(accepted, /zstd/);
  });

  it("refuses binary bodies labelled as HTML or text, naming what they hold", async () => {
    const tool = local();
    assert.match(
      await error(tool, "/gzip-unlabelled", "unsupported_content"),
      /returned gzip data, labelled text\/html; get_content reads HTML and text pages only/,
    );
    assert.match(await error(tool, "/png", "unsupported_content"), /returned a PNG image/);
    assert.match(
      await error(tool, "/random", "unsupported_content"),
      /returned binary data \(it contains NUL bytes\)/,
    );
    assert.match(
      await error(tool, "/random-no-nul", "unsupported_content"),
      /returned data that does not read as utf-8 text \(\d\d% undecodable or control characters/,
    );
    assert.match(await error(tool, "/nul", "unsupported_content"), /NUL bytes/);
    assert.match(
      await error(tool, "/no-type", "unsupported_content"),
      /labelled with no content type/,
    );
  });

  it("still reads text: UTF-16 with a byte order mark, a <meta> charset, a wrong charset", async () => {
    const tool = local();
    assert.match((await get(tool, "/gbk-meta")).toText(), /^绿茶\n\n绿茶是未经发酵制成的茶/);
    assert.match((await get(tool, "/utf16")).toText(), /^Tea\n\nGREEN TEA\n\nGreen tea is made/);
    const wrong = await get(tool, "/wrong-charset");
    assert.equal(wrong.type, "TextArtifact", wrong.toText());
    assert.match(wrong.toText(), /^Le caf\uFFFD est/);
  });

  it("answers empty and text-less pages with empty_content, and reads fragments", async () => {
    const tool = local();
    for (const path of ["/empty", "/blank", "/blank-gzip"]) {
      assert.match(await error(tool, path, "empty_content"), /returned an empty page; there is/);
    }
    assert.match(await error(tool, "/empty-text", "empty_content"), /returned an empty body/);
    assert.match(
      await error(tool, "/script-only", "empty_content"),
      /no readable text \(it may build its content with JavaScript\)/,
    );
    assert.equal((await get(tool, "/fragment")).toText(), "hello world");
    assert.equal((await get(tool, "/plain-words")).toText(), "just words, no tags");
  });

  it("refuses corrupt, truncated and unknown compression with a clear code", async () => {
    const tool = local();
    assert.match(
      await error(tool, "/corrupt", "invalid_content"),
      /the gzip-compressed response is corrupt/,
    );
    assert.match(await error(tool, "/truncated", "invalid_content"), /unexpected end of file/);
    assert.match(
      await error(tool, "/compress", "unsupported_content"),
      /compressed with "compress", which cannot be decoded \(supported: gzip, deflate, br/,
    );
    assert.match(await error(tool, "/layers", "unsupported_content"), /at most 3 layers/);
  });

  it("caps the decompressed size while streaming: bombs stop at the cap", async () => {
    const tool = local({ maxResponseBytes: 1_000_000 });
    for (const path of ["/bomb", "/bomb-br", "/endless-bomb"]) {
      assert.match(
        await error(tool, path, "response_too_large"),
        /larger than 1000000 bytes/,
        path,
      );
    }
  });
});
