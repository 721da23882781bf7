/**
 * A port of Griptape's tests/unit/artifacts/* (griptape-ai/griptape). Each `it` names the Griptape
 * test it ports; where toolwright deliberately differs, the case asserts toolwright's behaviour and
 * says so. Tests of things toolwright does not have (embeddings, token counts, Generic/Model
 * artifacts, AudioUrl/VideoUrl artifacts, Python's `+`/`bool()`/`==` on artifacts) are not ported.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  ActionArtifact,
  ArtifactError,
  AudioArtifact,
  artifactFromJSON,
  BlobArtifact,
  BooleanArtifact,
  ErrorArtifact,
  ImageArtifact,
  ImageUrlArtifact,
  InfoArtifact,
  JsonArtifact,
  ListArtifact,
  TextArtifact,
  type ToolAction,
  UrlArtifact,
} from "../../src/index.js";

/** Griptape's `to_dict()` / `to_json()` and back, as toolwright spells them. */
const roundTrip = (artifact: { toJSON(): unknown }) =>
  artifactFromJSON(JSON.parse(JSON.stringify(artifact.toJSON())));
const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

describe("test_action_artifact.py", () => {
  const action: ToolAction = {
    tag: "TestTag",
    name: "TestName",
    path: "TestPath",
    input: { foo: "bar" },
  };
  const dict = {
    tag: "TestTag",
    name: "TestName",
    path: "TestPath",
    input: { foo: "bar" },
    type: "ToolAction",
  };

  it("test_to_text", () => {
    assert.equal(new ActionArtifact(action).toText(), JSON.stringify(dict));
  });
  it("test_to_dict", () => {
    assert.deepEqual(new ActionArtifact(action).toJSON().value, dict);
  });
  it("test_from_dict", () => {
    assert.deepEqual(artifactFromJSON(new ActionArtifact(action).toJSON()).toJSON().value, dict);
  });
  it("test_to_json", () => {
    assert.deepEqual(JSON.parse(JSON.stringify(new ActionArtifact(action))).value, dict);
  });
  it("test_from_json (and the earlier toolwright form without type)", () => {
    assert.deepEqual(roundTrip(new ActionArtifact(action)).toJSON().value, dict);
    const old = { type: "ActionArtifact", value: { ...action } };
    assert.deepEqual(artifactFromJSON(old).toJSON().value, dict);
    assert.throws(() => artifactFromJSON({ ...old, value: { ...action, type: "Other" } }), {
      path: "$.value.type",
    });
  });
});

describe("test_audio_artifact.py", () => {
  const audio = () =>
    new AudioArtifact(utf8("some binary audio data"), {
      format: "pcm",
      meta: { model: "provider/model", prompt: "two words" },
    });
  it("test_mime_type", () => {
    assert.equal(audio().mimeType, "audio/pcm");
    // Deliberate: the registered name for mp3, where Griptape says audio/mp3.
    assert.equal(new AudioArtifact(utf8("x"), { format: "mp3" }).mimeType, "audio/mpeg");
  });
  it("test_to_text", () => {
    assert.equal(audio().toText(), "Audio, format: pcm, size: 22 bytes");
  });
  it("test_to_dict", () => {
    const json = audio().toJSON();
    assert.equal(json.format, "pcm");
    assert.deepEqual(json.meta, { model: "provider/model", prompt: "two words" });
    assert.equal(json.value, "c29tZSBiaW5hcnkgYXVkaW8gZGF0YQ==");
  });
  it("test_deserialization", () => {
    const copy = roundTrip(audio());
    assert.ok(copy instanceof AudioArtifact);
    assert.equal(Buffer.from(copy.value).toString(), "some binary audio data");
    assert.equal(copy.mimeType, "audio/pcm");
    assert.equal(copy.format, "pcm");
    assert.equal(copy.meta.model, "provider/model");
  });
  it("test_name", () => {
    assert.match(audio().name, /^audio_artifact_\d{12}_[0-9a-f]{4}\.pcm$/);
    assert.throws(() => new AudioArtifact(utf8("x"), {} as never), ArtifactError);
  });
});

describe("test_base_artifact.py", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["test_text_artifact_from_dict", { type: "TextArtifact", value: "foobar" }, "foobar"],
    ["test_error_artifact_from_dict", { type: "ErrorArtifact", value: "foobar" }, "foobar"],
    ["test_info_artifact_from_dict", { type: "InfoArtifact", value: "foobar" }, "foobar"],
    [
      "test_list_artifact_from_dict",
      { type: "ListArtifact", value: [{ type: "TextArtifact", value: "foobar" }] },
      "foobar",
    ],
    [
      "test_blob_artifact_from_dict",
      { type: "BlobArtifact", value: "Zm9vYmFy", name: "bar" },
      "foobar",
    ],
  ];
  for (const [name, json, text] of cases) {
    it(name, () => {
      const artifact = artifactFromJSON(json);
      assert.equal(artifact.type, json.type);
      assert.equal(artifact.toText(), text);
    });
  }
  it("test_image_artifact_from_dict", () => {
    const artifact = artifactFromJSON({
      type: "ImageArtifact",
      value: "aW1hZ2UgZGF0YQ==",
      format: "png",
      width: 256,
      height: 256,
      meta: { model: "test-model", prompt: "some prompt" },
    });
    assert.ok(artifact instanceof ImageArtifact);
    assert.equal(artifact.toText(), "Image, format: png, size: 10 bytes");
    assert.equal(Buffer.from(artifact.value).toString(), "image data");
  });
  it("test_unsupported_from_dict", () => {
    assert.throws(() => artifactFromJSON({ type: "foo", value: "foobar" }), ArtifactError);
  });
});

describe("test_blob_artifact.py", () => {
  it("test_value_type_conversion", () => {
    assert.deepEqual([...new BlobArtifact(1).value], [0x31]);
    assert.deepEqual([...new BlobArtifact("1").value], [0x31]);
    assert.throws(() => new BlobArtifact({} as never), { path: "$.value" });
  });
  it("test_to_text", () => {
    assert.equal(new BlobArtifact(utf8("foobar"), { name: "foobar.txt" }).toText(), "foobar");
  });
  it("test_to_bytes", () => {
    assert.deepEqual(new BlobArtifact(utf8("foo")).toBytes(), utf8("foo"));
  });
  it("test_to_text_encoding", () => {
    const blob = new BlobArtifact(bytes("\\xdf"), { name: "foobar.txt", encoding: "ascii" });
    assert.equal(blob.toText(), "\\xdf");
  });
  it("test_to_text_encoding_error", () => {
    const blob = new BlobArtifact(utf8("ß"), { encoding: "ascii", encodingErrorHandler: "strict" });
    assert.throws(() => blob.toText(), { path: "$.value", message: /byte 0xc3 at position 0/ });
    // strict UTF-8 goes through TextDecoder's fatal mode, other labels too.
    const bad = new BlobArtifact(new Uint8Array([0xff]), { encodingErrorHandler: "strict" });
    assert.throws(() => bad.toText(), ArtifactError);
    const utf16 = new BlobArtifact(new Uint8Array([0x00, 0xd8]), {
      encoding: "utf-16le",
      encodingErrorHandler: "strict",
    });
    assert.throws(() => utf16.toText(), ArtifactError);
  });
  it("test_to_text_encoding_error_handler", () => {
    const blob = new BlobArtifact(utf8("ß"), {
      encoding: "ascii",
      encodingErrorHandler: "replace",
    });
    assert.equal(blob.toText(), "\ufffd\ufffd");
    // Deliberate: replace is the default, so a result's text never throws while it is lowered.
    assert.equal(new BlobArtifact(new Uint8Array([0x66, 0xff])).toText(), "f\ufffd");
    const escaped = new BlobArtifact(new Uint8Array([0xe2, 0x82, 0x41]), {
      encodingErrorHandler: "backslashreplace",
    });
    assert.equal(escaped.toText(), "\\xe2\\x82A");
    assert.throws(() => new BlobArtifact("x", { encoding: "klingon" }), {
      path: "options.encoding",
    });
    assert.throws(
      () => new BlobArtifact("x", { encodingErrorHandler: "surrogateescape" as never }),
      {
        path: "options.encodingErrorHandler",
      },
    );
  });
  it("test_to_dict", () => {
    assert.equal(
      new BlobArtifact(utf8("foobar"), { name: "foobar.txt" }).toJSON().name,
      "foobar.txt",
    );
  });
  it("test_serialization", () => {
    const json = new BlobArtifact(utf8("foobar"), { name: "foobar.txt" }).toJSON();
    assert.equal(json.name, "foobar.txt");
    assert.equal(Buffer.from(String(json.value), "base64").toString(), "foobar");
  });
  it("test_deserialization (with the encoding options, which Griptape does not serialise)", () => {
    const copy = roundTrip(new BlobArtifact(utf8("foobar"), { name: "foobar.txt" }));
    assert.ok(copy instanceof BlobArtifact);
    assert.equal(copy.name, "foobar.txt");
    assert.equal(copy.toText(), "foobar");
    const latin = roundTrip(
      new BlobArtifact(bytes("\xe9"), { encoding: "latin-1", encodingErrorHandler: "strict" }),
    );
    assert.ok(latin instanceof BlobArtifact);
    assert.deepEqual(
      [latin.encoding, latin.encodingErrorHandler, latin.toText()],
      ["latin-1", "strict", "é"],
    );
  });
  it("test_name", () => {
    assert.equal(new BlobArtifact(utf8("foo"), { name: "bar" }).name, "bar");
  });
  it("test_mime_type", () => {
    assert.equal(new BlobArtifact(utf8("foo")).mimeType, "application/octet-stream");
  });
});

describe("test_boolean_artifact.py", () => {
  it("test_parse_bool", () => {
    assert.equal(BooleanArtifact.parse("true").value, true);
    assert.equal(BooleanArtifact.parse("false").value, false);
    assert.equal(BooleanArtifact.parse("True").value, true);
    assert.equal(BooleanArtifact.parse("False").value, false);
    assert.equal(BooleanArtifact.parse(true).value, true);
    assert.equal(BooleanArtifact.parse(false).value, false);
    assert.throws(() => BooleanArtifact.parse("foo"), ArtifactError);
    assert.throws(() => BooleanArtifact.parse(null as never), ArtifactError);
    assert.throws(() => BooleanArtifact.parse(1 as never), ArtifactError);
  });
  it("test_value_type_conversion (JavaScript truthiness: an empty array is true)", () => {
    const of = (value: unknown) => new BooleanArtifact(value as boolean).value;
    assert.deepEqual(
      [of(1), of(0), of(true), of(false), of("true"), of("false"), of([1])],
      [true, false, true, false, true, true, true],
    );
    assert.equal(of([]), true); // Griptape: bool([]) is False.
  });
  it("test_to_text", () => {
    assert.equal(new BooleanArtifact(true).toText(), "true");
    assert.equal(new BooleanArtifact(false).toText(), "false");
  });
});

describe("test_error_artifact.py", () => {
  it("test_value_type_conversion", () => {
    assert.equal(new ErrorArtifact("1").value, "1");
    assert.equal(new ErrorArtifact(1).value, "1");
  });
  it("test_to_text", () => {
    assert.equal(new ErrorArtifact("foobar").toText(), "foobar");
  });
  it("test_to_dict", () => {
    assert.equal(new ErrorArtifact("foobar").toJSON().value, "foobar");
  });
  it("test_exception_instance (toolwright's cause)", () => {
    assert.ok(new ErrorArtifact("foobar", { cause: new Error("foobar") }).cause instanceof Error);
  });
});

describe("test_image_artifact.py", () => {
  const image = () =>
    new ImageArtifact(utf8("some binary png image data"), {
      format: "png",
      width: 512,
      height: 512,
      meta: { model: "openai/dalle2", prompt: "a cute cat" },
    });
  it("test_to_text", () => {
    assert.equal(image().toText(), "Image, format: png, size: 26 bytes");
  });
  it("test_to_dict", () => {
    const json = image().toJSON();
    assert.deepEqual([json.format, json.width, json.height], ["png", 512, 512]);
    assert.deepEqual(json.meta, { model: "openai/dalle2", prompt: "a cute cat" });
    assert.equal(json.value, "c29tZSBiaW5hcnkgcG5nIGltYWdlIGRhdGE=");
  });
  it("test_deserialization", () => {
    const copy = roundTrip(image());
    assert.ok(copy instanceof ImageArtifact);
    assert.equal(Buffer.from(copy.value).toString(), "some binary png image data");
    assert.deepEqual(
      [copy.mimeType, copy.format, copy.width, copy.height],
      ["image/png", "png", 512, 512],
    );
    assert.deepEqual(copy.toBytes(), copy.value);
  });
  it("test_name", () => {
    assert.match(image().name, /^image_artifact_\d{12}_[0-9a-f]{4}\.png$/);
  });
});

describe("test_image_url_artifact.py", () => {
  it("test_init (an absolute http(s) or data:image URL; Griptape takes any string)", () => {
    assert.equal(
      new ImageUrlArtifact("https://example.com/a.png").toText(),
      "https://example.com/a.png",
    );
    assert.ok(
      new ImageUrlArtifact("data:image/png;base64,AQ==").toImageArtifact() instanceof ImageArtifact,
    );
    for (const bad of [
      "some url",
      "ftp://example.com/a.png",
      "data:text/plain;base64,AQ==",
      "data:image/png,raw",
    ]) {
      assert.throws(() => new ImageUrlArtifact(bad), { path: "$.value" }, bad);
    }
    assert.ok(
      roundTrip(new ImageUrlArtifact("https://example.com/a.png")) instanceof ImageUrlArtifact,
    );
  });
});

describe("test_info_artifact.py", () => {
  it("test_value_type_conversion", () => {
    assert.equal(new InfoArtifact("1").value, "1");
    assert.equal(new InfoArtifact(1).value, "1");
  });
  it("test_to_text", () => {
    assert.equal(new InfoArtifact("foobar").toText(), "foobar");
  });
  it("test_to_dict", () => {
    assert.equal(new InfoArtifact("foobar").toJSON().value, "foobar");
  });
});

describe("test_json_artifact.py", () => {
  const values = [
    { foo: "bar" },
    { foo: 1 },
    { foo: 1.5 },
    { foo: true },
    { foo: null },
    [{ foo: { bar: "baz" } }],
  ];
  it("test_value_type_conversion", () => {
    for (const value of values) assert.deepEqual(new JsonArtifact(value).value, value);
    assert.equal(new JsonArtifact(null).value, null);
    assert.equal(new JsonArtifact('"foo"').value, "foo");
    assert.equal(new JsonArtifact("true").value, true);
    assert.equal(new JsonArtifact("false").value, false);
    assert.equal(new JsonArtifact("123").value, 123);
    assert.equal(new JsonArtifact("123.4").value, 123.4);
  });
  it("test_to_text (compact JSON, where Python's json.dumps puts spaces)", () => {
    for (const value of values)
      assert.equal(new JsonArtifact(value).toText(), JSON.stringify(value));
  });
  it("test_to_dict", () => {
    for (const value of values) assert.deepEqual(new JsonArtifact(value).toJSON().value, value);
    assert.equal(new JsonArtifact(null).toJSON().value, null);
  });
});

describe("test_list_artifact.py", () => {
  const foobar = () => new ListArtifact([new TextArtifact("foo"), new TextArtifact("bar")]);
  it("test_to_text", () => {
    assert.equal(foobar().toText(), "foo\n\nbar");
    const custom = new ListArtifact([new TextArtifact("foo"), new TextArtifact("bar")], {
      itemSeparator: "test",
    });
    assert.equal(custom.toText(), "footestbar");
  });
  it("test_to_dict", () => {
    const value = new ListArtifact([new TextArtifact("foobar")]).toJSON().value as {
      value: string;
    }[];
    assert.equal(value[0]?.value, "foobar");
  });
  it("test__getitem__", () => {
    assert.equal(foobar().value[0]?.value, "foo");
    assert.equal(foobar().value[1]?.value, "bar");
  });
  it("test___add__ (concat)", () => {
    const joined = new ListArtifact([new TextArtifact("foo")]).concat(
      new ListArtifact([new TextArtifact("bar")]),
    );
    assert.ok(joined instanceof ListArtifact);
    assert.equal(joined.length, 2);
    assert.deepEqual(
      joined.value.map((item) => item.value),
      ["foo", "bar"],
    );
  });
  it("test___iter__", () => {
    assert.deepEqual(
      [...foobar()].map((item) => item.value),
      ["foo", "bar"],
    );
  });
  it("test_type_var", () => {
    const typed = new ListArtifact<TextArtifact>([new TextArtifact("foo")]);
    const first: TextArtifact | undefined = typed.value[0];
    assert.equal(first?.value, "foo");
  });
  it("test_validate_value", () => {
    const mixed = [new TextArtifact("foo"), new BlobArtifact(utf8("bar"))];
    assert.throws(() => new ListArtifact(mixed, { validateUniformTypes: true }), {
      path: "$.value[1]",
    });
    assert.equal(new ListArtifact(mixed).length, 2); // off by default, as in Griptape
    const uniform = new ListArtifact([new TextArtifact("a")], { validateUniformTypes: true });
    assert.equal((roundTrip(uniform) as ListArtifact).validateUniformTypes, true);
    assert.throws(
      () => artifactFromJSON({ ...uniform.toJSON(), value: mixed.map((item) => item.toJSON()) }),
      ArtifactError,
    );
  });
  it("test_child_type", () => {
    assert.equal(new ListArtifact([new TextArtifact("foo")]).childType, "TextArtifact");
    assert.equal(new ListArtifact().childType, undefined);
  });
  it("test_is_type", () => {
    assert.ok(new ListArtifact([new TextArtifact("foo")]).isType(TextArtifact));
    assert.ok(new ListArtifact([new TextArtifact("foo")]).isType("TextArtifact"));
    const images = new ListArtifact([
      new ImageArtifact(new Uint8Array(), { format: "png", width: 1234, height: 1234 }),
    ]);
    assert.ok(images.isType(ImageArtifact));
    assert.equal(images.isType(TextArtifact), false);
    assert.equal(new ListArtifact().isType(TextArtifact), false);
  });
  it("test_has_items", () => {
    assert.equal(new ListArtifact().hasItems, false);
    assert.equal(new ListArtifact([new TextArtifact("foo")]).hasItems, true);
  });
});

describe("test_text_artifact.py", () => {
  it("test_value_type_conversion", () => {
    assert.equal(new TextArtifact("1").value, "1");
    assert.equal(new TextArtifact(1).value, "1");
  });
  it("test_to_dict", () => {
    assert.equal(new TextArtifact("foobar").toJSON().value, "foobar");
  });
  it("test_to_bytes", () => {
    assert.deepEqual(new TextArtifact("foobar").toBytes(), utf8("foobar"));
  });
  it("test_from_dict", () => {
    assert.equal(artifactFromJSON(new TextArtifact("foobar").toJSON()).value, "foobar");
  });
  it("test_to_json", () => {
    assert.equal(JSON.parse(JSON.stringify(new TextArtifact("foobar"))).value, "foobar");
  });
  it("test_from_json", () => {
    assert.equal(roundTrip(new TextArtifact("foobar")).value, "foobar");
  });
  it("test_name", () => {
    const artifact = new TextArtifact("foo");
    assert.equal(artifact.name, artifact.id);
    assert.equal(new TextArtifact("foo", { name: "bar" }).name, "bar");
  });
  it("test_meta", () => {
    assert.deepEqual(new TextArtifact("foo").meta, {});
    assert.deepEqual(new TextArtifact("foo", { meta: { foo: "bar" } }).meta, { foo: "bar" });
  });
  it("test_to_bytes_encoding", () => {
    const text = new TextArtifact("ß", {
      name: "foobar.txt",
      encoding: "ascii",
      encodingErrorHandler: "backslashreplace",
    });
    assert.deepEqual(text.toBytes(), bytes("\\xdf"));
    assert.deepEqual(
      new TextArtifact("aßb", { encoding: "ascii", encodingErrorHandler: "replace" }).toBytes(),
      bytes("a?b"),
    );
    assert.deepEqual(
      new TextArtifact("aßb", { encoding: "ascii", encodingErrorHandler: "ignore" }).toBytes(),
      bytes("ab"),
    );
    assert.deepEqual(
      new TextArtifact("ß", { encoding: "latin-1" }).toBytes(),
      new Uint8Array([0xdf]),
    );
    const copy = roundTrip(text);
    assert.ok(copy instanceof TextArtifact);
    assert.deepEqual([copy.encoding, copy.encodingErrorHandler], ["ascii", "backslashreplace"]);
  });
  it("test_to_bytes_encoding_error", () => {
    assert.throws(() => new TextArtifact("ß", { encoding: "ascii" }).toBytes(), {
      path: "$.value",
      message: /\\xdf at position 0/,
    });
    assert.throws(() => new TextArtifact("\ud800").toBytes(), ArtifactError); // a lone surrogate
    assert.throws(() => new TextArtifact("x", { encoding: "shift_jis" }), {
      path: "options.encoding",
    });
  });
});

describe("test_url_artifact.py", () => {
  const url = () => new UrlArtifact("https://example.com/some");
  it("test_to_text", () => {
    assert.equal(url().toText(), "https://example.com/some");
  });
  it("test_to_dict", () => {
    assert.equal(url().toJSON().value, "https://example.com/some");
  });
  it("test_deserialization", () => {
    const copy = roundTrip(url());
    assert.ok(copy instanceof UrlArtifact);
    assert.equal(copy.value, "https://example.com/some");
    assert.throws(() => new UrlArtifact("some url"), { path: "$.value" });
  });
  it("test_to_bytes (no fetch: the URL's text)", () => {
    assert.deepEqual(url().toBytes(), utf8("https://example.com/some"));
  });
});
