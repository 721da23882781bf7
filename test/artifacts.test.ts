import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  ActionArtifact,
  ArtifactError,
  artifactFromJSON,
  BlobArtifact,
  BooleanArtifact,
  ErrorArtifact,
  ImageArtifact,
  InfoArtifact,
  isArtifact,
  JsonArtifact,
  ListArtifact,
  TextArtifact,
  toArtifact,
} from "../src/index.js";

const png = new Uint8Array(26).fill(7);

describe("artifacts", () => {
  it("ListArtifact joins item texts with a blank line, or with itemSeparator", () => {
    const items = [new TextArtifact("foo"), new TextArtifact("bar")];
    assert.equal(new ListArtifact(items).toText(), "foo\n\nbar");
    assert.equal(new ListArtifact(items, { itemSeparator: "test" }).toText(), "footestbar");
    assert.equal(new ListArtifact([]).hasItems, false);
  });

  it("Text, Info and Error convert their value to a string", () => {
    assert.equal(new TextArtifact(1).value, "1");
    assert.equal(new InfoArtifact(true).toText(), "true");
    assert.equal(new ErrorArtifact(2).toText(), "2");
  });

  it("BooleanArtifact prints true/false and parses only those words", () => {
    assert.equal(new BooleanArtifact(false).toText(), "false");
    assert.equal(BooleanArtifact.parse("False").value, false);
    assert.equal(BooleanArtifact.parse(" TRUE ").value, true);
    assert.throws(() => BooleanArtifact.parse("yes"), ArtifactError);
  });

  it("JsonArtifact parses a string value and prints JSON", () => {
    assert.equal(new JsonArtifact("123").value, 123);
    assert.deepEqual(new JsonArtifact({ a: [1, "x"] }).value, { a: [1, "x"] });
    assert.equal(new JsonArtifact({ a: 1 }).toText(), '{"a":1}');
    assert.throws(() => new JsonArtifact("{not json"), ArtifactError);
    assert.throws(() => new JsonArtifact(10n), ArtifactError);
  });

  it("ImageArtifact describes itself and gets Griptape's default name", () => {
    const image = new ImageArtifact(png, { format: "png" });
    assert.equal(image.toText(), "Image, format: png, size: 26 bytes");
    assert.match(image.name, /^image_artifact_\d{12}_[0-9a-f]{4}\.png$/);
    assert.equal(image.mimeType, "image/png");
  });

  it("ActionArtifact's text is the call as JSON with type ToolAction", () => {
    const action = new ActionArtifact({
      tag: "t",
      name: "MockTool",
      path: "test",
      input: { test: "v" },
    });
    assert.deepEqual(JSON.parse(action.toText()), {
      tag: "t",
      name: "MockTool",
      path: "test",
      input: { test: "v" },
      type: "ToolAction",
    });
  });

  it("an artifact's name defaults to its id, a 32-hex-digit string", () => {
    const artifact = new TextArtifact("x");
    assert.match(artifact.id, /^[0-9a-f]{32}$/);
    assert.equal(artifact.name, artifact.id);
    assert.equal(new TextArtifact("x", { name: "n" }).name, "n");
    assert.equal(`${new TextArtifact("template")}`, "template");
  });

  it("BlobArtifact keeps bytes and a mime type and decodes as UTF-8 text", () => {
    const blob = new BlobArtifact("héllo", { mimeType: "text/plain" });
    assert.equal(blob.toText(), "héllo");
    assert.equal(blob.mimeType, "text/plain");
    assert.equal(new BlobArtifact(new Uint8Array([1])).mimeType, "application/octet-stream");
  });

  it("round-trips every kind through JSON", () => {
    const cause = new TypeError("boom");
    const all = [
      new TextArtifact("t", { meta: { source: "x" } }),
      new InfoArtifact("i"),
      new ErrorArtifact("e", { cause, code: "activity_failed" }),
      new JsonArtifact({ nested: { list: [1, null, "s"] } }),
      new JsonArtifact('"just a string"'),
      new BooleanArtifact(true),
      new BlobArtifact(new Uint8Array([0, 255, 10]), { mimeType: "application/zip" }),
      new ImageArtifact(png, { format: "png", width: 2, height: 3 }),
      new ListArtifact([new TextArtifact("a"), new ListArtifact([new InfoArtifact("b")])], {
        itemSeparator: "|",
      }),
      new ActionArtifact({ tag: "1", name: "T", path: "a", input: { q: [1] } }),
    ];
    for (const artifact of all) {
      const copy = artifactFromJSON(JSON.parse(JSON.stringify(artifact)));
      assert.equal(copy.type, artifact.type);
      assert.equal(copy.id, artifact.id);
      assert.equal(copy.name, artifact.name);
      assert.equal(copy.toText(), artifact.toText());
      assert.deepEqual(copy.toJSON(), artifact.toJSON());
    }
    const error = artifactFromJSON(JSON.parse(JSON.stringify(all[2]))) as ErrorArtifact;
    assert.ok(error.cause instanceof Error);
    assert.equal((error.cause as Error).name, "TypeError");
    assert.equal((error.cause as Error).message, "boom");
    assert.equal(error.code, "activity_failed");
  });

  it("rejects bad JSON forms with the path of the bad field", () => {
    assert.throws(() => artifactFromJSON({ type: "Nope" }), {
      name: "ArtifactError",
      path: "$.type",
    });
    assert.throws(() => artifactFromJSON([]), { path: "$" });
    assert.throws(() => artifactFromJSON({ type: "TextArtifact", value: 1 }), { path: "$.value" });
    assert.throws(
      () => artifactFromJSON({ type: "ListArtifact", value: [{ type: "TextArtifact" }] }),
      { path: "$.value[0].value" },
    );
    assert.throws(() => artifactFromJSON({ type: "toString" }), { path: "$.type" });
  });

  it("isArtifact is a brand check: look-alike objects are not artifacts", () => {
    assert.equal(isArtifact(new TextArtifact("x")), true);
    assert.equal(isArtifact({ type: "TextArtifact", value: "x", toText: () => "x" }), false);
    assert.equal(isArtifact(null), false);
    assert.throws(() => new ListArtifact([{ type: "TextArtifact" } as never]), ArtifactError);
  });

  it("toArtifact coerces return values as the contract says", () => {
    const artifact = new TextArtifact("kept");
    assert.equal(toArtifact(artifact), artifact);
    assert.equal(toArtifact(undefined).toText(), "Tool returned an empty value");
    assert.equal(toArtifact(null).type, "InfoArtifact");
    assert.equal(toArtifact("s").type, "InfoArtifact");
    assert.equal(toArtifact(3).type, "JsonArtifact");
    assert.equal(toArtifact(false).toText(), "false");
    assert.deepEqual(toArtifact([1, { a: 2 }]).value, [1, { a: 2 }]);
    assert.equal(toArtifact(new Uint8Array([1])).type, "BlobArtifact");
    const bad = toArtifact({ big: 1n });
    assert.equal(bad.type, "ErrorArtifact");
    assert.match(bad.toText(), /no JSON form/);
  });
});
