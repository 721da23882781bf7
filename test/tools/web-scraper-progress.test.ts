// WebScraperTool reports its download as it streams, against a real HTTP server on 127.0.0.1. The
// server holds the rest of each body back until the tool has reported the first part, so the reports
// cannot all collapse into one chunk, however the bytes arrive.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { ActivityProgress, ErrorArtifact } from "../../src/index.js";
import { WebScraperTool } from "../../src/tools.js";

const size = 300 * 1024;
const firstPart = 100 * 1024;

/** An HTML page of exactly `size` bytes. */
function page(): Buffer {
  const head = "<!doctype html><html><head><title>Big</title></head><body><article>";
  const tail = "</article></body></html>";
  const paragraph = "<p>Green tea keeps its colour and much of its taste when brewed gently.</p>\n";
  let body = "";
  while (head.length + body.length + paragraph.length + tail.length <= size) body += paragraph;
  return Buffer.from(head + body.padEnd(size - head.length - tail.length, " ") + tail);
}

describe("WebScraperTool progress", () => {
  let server: Server;
  let origin: string;
  const html = page();
  const text = Buffer.from("tea ".repeat(size / 4));
  let reported: () => void = () => undefined;

  before(async () => {
    server = createServer((request, response) => {
      const sized = request.url === "/sized";
      const body = sized ? html : text;
      response.setHeader("content-type", sized ? "text/html; charset=utf-8" : "text/plain");
      // Without a content-length, Node sends the body chunked.
      if (sized) response.setHeader("content-length", body.byteLength);
      response.write(body.subarray(0, firstPart));
      new Promise<void>((resolve) => {
        reported = resolve;
      }).then(() => response.end(body.subarray(firstPart)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchWithReports = async (path: string) => {
    const reports: ActivityProgress[] = [];
    const tool = new WebScraperTool({ allowedAddresses: ["127.0.0.1"], fetchTimeoutMs: 5_000 });
    const artifact = await tool.run(
      "get_content",
      { url: `${origin}${path}` },
      {
        onProgress: (report) => {
          reports.push(report);
          reported();
        },
      },
    );
    const counts = reports.map((report) => report.progress);
    assert.ok(
      counts.every((count, index) => index === 0 || count > (counts[index - 1] ?? 0)),
      `growing: ${counts}`,
    );
    return { artifact, reports };
  };

  it("reports bytes read of the content-length as they stream, then a step for extracting the text", async () => {
    const { artifact, reports } = await fetchWithReports("/sized");
    assert.equal(artifact.type, "TextArtifact", artifact.toText());
    assert.match(artifact.toText(), /^Big\n\nGreen tea keeps its colour/);
    const downloads = reports.slice(0, -1);
    assert.ok(downloads.length >= 2, `several reports while downloading: ${downloads.length}`);
    assert.ok((downloads[0]?.progress ?? size) <= firstPart, "the first before the rest was sent");
    assert.ok(downloads.every((report) => report.total === size));
    assert.match(downloads[0]?.message ?? "", /^downloaded \d+(\.\d)? KiB of 300 KiB$/);
    assert.deepEqual(downloads.at(-1), {
      progress: size,
      total: size,
      message: "downloaded 300 KiB of 300 KiB",
    });
    assert.deepEqual(reports.at(-1), {
      progress: size + 1,
      total: size + 1,
      message: "extracting the readable text",
    });
  });

  it("reports bytes read with no total for a chunked response", async () => {
    const { artifact, reports } = await fetchWithReports("/chunked");
    assert.equal(artifact.type, "TextArtifact", artifact.toText());
    assert.equal(artifact.toText().length, size);
    assert.ok(reports.length >= 2, `several reports: ${reports.length}`);
    assert.ok((reports[0]?.progress ?? size) <= firstPart, "the first before the rest was sent");
    assert.ok(reports.every((report) => !("total" in report)));
    assert.deepEqual(reports.at(-1), { progress: size, message: "downloaded 300 KiB" });
  });

  it("a listener that throws fails the call as in any tool, not as a fetch error", async () => {
    const tool = new WebScraperTool({ allowedAddresses: ["127.0.0.1"], fetchTimeoutMs: 5_000 });
    const artifact = await tool.run(
      "get_content",
      { url: `${origin}/chunked` },
      {
        onProgress: () => {
          reported();
          throw new Error("listener broke");
        },
      },
    );
    assert.equal(artifact.type, "ErrorArtifact");
    assert.equal((artifact as ErrorArtifact).code, "activity_failed");
    assert.match(artifact.toText(), /listener broke/);
  });
});
