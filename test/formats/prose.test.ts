import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseToolCalls } from "../../src/formats/parse-tool-calls.js";
import {
  issueProse,
  meantCalls,
  moreProse,
  type ProseReply,
  wipeCall,
} from "./fixtures/prose-replies.js";

const prose: readonly ProseReply[] = [...issueProse, ...moreProse];

describe("prose that talks about a call runs nothing (issue 26)", () => {
  for (const { label, reply, format } of prose) {
    it(`${label}: auto-detection and ${format} read it as text`, () => {
      for (const options of [{}, { format }] as const) {
        const parsed = parseToolCalls(reply, options);
        assert.deepEqual(parsed.calls, [], `${JSON.stringify(options)}: ${JSON.stringify(parsed)}`);
        assert.deepEqual(parsed.refused, [], JSON.stringify(parsed));
      }
    });
  }
});

describe("calls the model placed are still read", () => {
  for (const { label, reply, format } of meantCalls) {
    it(`${label} (${format})`, () => {
      for (const options of [{}, { format }] as const) {
        const parsed = parseToolCalls(reply, options);
        assert.equal(
          parsed.calls.length,
          1,
          `${JSON.stringify(options)}: ${JSON.stringify(parsed)}`,
        );
        assert.equal(parsed.calls[0]?.name, wipeCall.name);
        assert.deepEqual(
          parsed.calls[0]?.arguments,
          format === "qwen3-coder" ? { folder: "/" } : wipeCall.arguments,
        );
      }
    });
  }
});
