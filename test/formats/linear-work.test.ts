import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseReactOutput } from "../../src/agent/react/parse-react-output.js";
import { parseToolCalls, toolCallFormatNames } from "../../src/formats/parse-tool-calls.js";
import { measureWork } from "../../src/formats/reply/work-meter.js";
import type { ToolCallFormatName } from "../../src/formats/tool-call-format.js";
import { builtinWork } from "./fixtures/builtin-work.js";
import { formatReplies } from "./fixtures/format-replies.js";
import { hostileShapes } from "./fixtures/hostile-shapes.js";

// Work (characters visited, counted by the readers) at sizes n, 2n and 4n: a linear reader's work
// doubles with the input; a reader that scans the text again per marker quadruples.
const BASE = 8_000;
const MAX_GROWTH = 2.6;

// The readers' own count (their loops) plus what the string and regular-expression built-ins pass
// over (their searches), so a search outside the counted helpers is measured too.
function workOf(read: () => unknown): number {
  const counted = builtinWork(() => measureWork(read));
  return counted.result.work + counted.work;
}

type Reader = ToolCallFormatName | "auto" | "react";

// The text protocol reads `Actions:` and, without them, the model's own format (auto-detection).
function read(text: string, reader: Reader): unknown {
  if (reader !== "react") return parseToolCalls(text, { format: reader });
  return [parseReactOutput(text), parseToolCalls(text)];
}

function checkLinear(label: string, reader: Reader, build: (size: number) => string) {
  const sizes = [BASE, 2 * BASE, 4 * BASE];
  const texts = sizes.map(build);
  const works = texts.map((text) => workOf(() => read(text, reader)));
  for (let i = 1; i < sizes.length; i += 1) {
    const grew = (works[i] as number) / Math.max(1, works[i - 1] as number);
    const longer = (texts[i] as string).length / (texts[i - 1] as string).length;
    assert.ok(
      grew <= MAX_GROWTH * (longer / 2),
      `${label}: work ${works.join(" → ")} for ${texts.map((t) => t.length).join(" → ")} characters`,
    );
  }
}

const samples = new Map<string, string>();
for (const { format, reply } of formatReplies()) {
  if (!samples.has(format)) samples.set(format, reply);
}

const REACT_SAMPLE =
  'Thought: wipe it\nActions: [{"tag": "a", "name": "Files", "path": "wipe", "input": {"folder": "/tmp"}}]';

describe("every reader's work grows linearly with its input (issue 26)", () => {
  for (const format of [...toolCallFormatNames(), "auto" as const, "react" as const]) {
    it(format, () => {
      const sample =
        format === "react" ? REACT_SAMPLE : samples.get(format === "auto" ? "hermes" : format);
      assert.ok(sample !== undefined, `a sample reply of ${format}`);
      for (const shape of hostileShapes) {
        checkLinear(`${format}, ${shape.name}`, format, (size) => shape.build(sample, size));
      }
      // The other formats' replies, read as this one (auto-detection reads them all).
      for (const [other, reply] of samples) {
        if (other === format) continue;
        checkLinear(`${format}, ${other}'s reply repeated`, format, (size) =>
          `${reply}\n`.repeat(Math.ceil(size / (reply.length + 1))),
        );
      }
    });
  }
});
