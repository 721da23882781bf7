import assert from "node:assert/strict";
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ErrorArtifact, JsonArtifact, Toolbox } from "../../src/index.js";
import { McpTool } from "../../src/mcp.js";

const root = new URL("../..", import.meta.url).pathname;
const serverScript = `${root}node_modules/@modelcontextprotocol/server-filesystem/dist/index.js`;

describe("McpTool against @modelcontextprotocol/server-filesystem", () => {
  let directory: string;
  let tool: McpTool;
  before(async () => {
    directory = await realpath(await mkdtemp(join(tmpdir(), "toolwright-fs-")));
    await writeFile(join(directory, "notes.txt"), "first line\nsecond line\n");
    tool = await McpTool.connect(
      { command: process.execPath, args: [serverScript, directory] },
      { name: "Files", denylist: ["move_file"] },
    );
  });
  after(async () => {
    await tool.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("lists the server's tools as activities, minus the denylisted ones", () => {
    const names = tool.activities().map((activity) => activity.name);
    assert.ok(names.includes("read_text_file") && names.includes("write_file"));
    assert.ok(!names.includes("move_file"));
    assert.equal(tool.findActivity("write_file")?.annotations.destructive, true);
    assert.equal(tool.findActivity("read_text_file")?.annotations.readOnly, true);
  });

  it("reads and writes files through the server (structured content → JsonArtifact)", async () => {
    const read = await tool.run("read_text_file", { path: join(directory, "notes.txt") });
    assert.ok(read instanceof JsonArtifact);
    assert.deepEqual(read.value, { content: "first line\nsecond line\n" });
    const written = await tool.run("write_file", {
      path: join(directory, "out.txt"),
      content: "from toolwright",
    });
    assert.ok(!(written instanceof ErrorArtifact), written.toText());
    assert.equal(await readFile(join(directory, "out.txt"), "utf8"), "from toolwright");
  });

  it("turns the server's isError result into an ErrorArtifact the model can read", async () => {
    const refused = await tool.run("read_text_file", { path: "/etc/passwd" });
    assert.ok(refused instanceof ErrorArtifact);
    assert.equal(refused.code, "mcp_tool_error");
    assert.match(refused.value, /Access denied - path outside allowed directories/);
  });

  it("runs a batch of (destructive) writes through a toolbox", async () => {
    const toolbox = new Toolbox([tool]);
    const results = await toolbox.executeAll(
      ["a", "b", "c"].map((name) => ({
        name: "Files_write_file",
        arguments: { path: join(directory, `${name}.txt`), content: name },
      })),
    );
    assert.deepEqual(
      results.map((result) => result.artifact.type),
      ["JsonArtifact", "JsonArtifact", "JsonArtifact"],
    );
    assert.equal(await readFile(join(directory, "c.txt"), "utf8"), "c");
  });
});
