import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { paramHeaderMismatch, paramHeadersOf } from "../../src/mcp/param-headers.js";

const schema = {
  type: "object",
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    options: {
      type: "object",
      properties: { level: { type: "integer", "x-mcp-header": "Level" } },
    },
    query: { type: "string" },
  },
};

describe("x-mcp-header (SEP-2243)", () => {
  it("reads declarations along properties chains only, with the rules on names and types", () => {
    assert.deepEqual(paramHeadersOf(schema), [
      { header: "Region", path: ["region"] },
      { header: "Level", path: ["options", "level"] },
    ]);
    const twice = {
      type: "object",
      properties: {
        a: { type: "string", "x-mcp-header": "Name" },
        b: { type: "string", "x-mcp-header": "name" },
      },
    };
    assert.match(String(paramHeadersOf(twice)), /b: x-mcp-header "name" is used twice/);
    const number = { type: "object", properties: { a: { type: "number", "x-mcp-header": "A" } } };
    assert.match(String(paramHeadersOf(number)), /needs a string, integer or boolean/);
    const spaced = { type: "object", properties: { a: { type: "string", "x-mcp-header": "A B" } } };
    assert.match(String(paramHeadersOf(spaced)), /must be an HTTP header token/);
    const inArray = {
      type: "object",
      properties: {
        list: { type: "array", items: { type: "string", "x-mcp-header": "Item" } },
      },
    };
    assert.match(String(paramHeadersOf(inArray)), /reached through `properties` from the root/);
  });

  it("matches headers to arguments: plain, Base64, missing, extra and malformed", () => {
    const declared = paramHeadersOf(schema);
    assert.ok(Array.isArray(declared));
    const args = { region: "Hello, 世界", options: { level: 3 } };
    const encoded = `=?base64?${Buffer.from("Hello, 世界").toString("base64")}?=`;
    assert.equal(
      paramHeaderMismatch(declared, args, { "mcp-param-region": encoded, "mcp-param-level": "3" }),
      undefined,
    );
    assert.equal(paramHeaderMismatch(declared, {}, {}), undefined);
    assert.match(
      String(paramHeaderMismatch(declared, args, { "mcp-param-level": "3" })),
      /Mcp-Param-Region header is missing, but the arguments carry region/,
    );
    assert.match(
      String(paramHeaderMismatch(declared, {}, { "mcp-param-region": "eu" })),
      /is sent, but the arguments carry no region/,
    );
    assert.match(
      String(paramHeaderMismatch(declared, { region: "eu" }, { "mcp-param-region": "us" })),
      /value "us" does not match the argument "eu"/,
    );
    for (const bad of ["=?base64?SGVsbG8?=", "=?base64?SGVs!!!bG8=?=", "=?base64?/w==?="]) {
      assert.match(
        String(paramHeaderMismatch(declared, { region: "Hello" }, { "mcp-param-region": bad })),
        /not Base64 of UTF-8 text/,
      );
    }
    // Without the closing ?= a value is literal, compared as it is.
    const literal = `=?base64?${Buffer.from("Hello").toString("base64")}`;
    assert.equal(
      paramHeaderMismatch(declared, { region: literal }, { "mcp-param-region": literal }),
      undefined,
    );
  });
});
