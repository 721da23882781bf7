// Part of the hostile-input scenario: the format readers on hostile replies at the default limits.
// Every reader (each format of `parseToolCalls`, auto-detection, the ReAct protocol's reading of a
// turn) gets every hostile shape of the linearity tests (test/formats/fixtures/hostile-shapes.ts)
// and every other format's reply repeated, each 65,536 characters: the most text the decoder hands
// the readers (the default `maxRepairLength`). `parseToolCalls`, the text protocol and the ReAct
// protocol read a whole model reply, which no input limit bounds; their readers are linear, so the
// hold grows in proportion. Each read is synchronous, so its wall time is the time the loop was held.
import { reactProtocol } from "../../src/agent/react-protocol.js";
import type { PromptResponse } from "../../src/drivers/spec.js";
import { aliasFormats } from "../../src/formats/format-aliases.js";
import { jsonMarkerFormats } from "../../src/formats/json/index.js";
import { parseToolCalls, toolCallFormatNames } from "../../src/formats/parse-tool-calls.js";
import { Toolbox } from "../../src/index.js";
import { defaultInputLimits } from "../../src/tool/input-limits.js";
import { formatReplies } from "../../test/formats/fixtures/format-replies.js";
import { hostileShapes } from "../../test/formats/fixtures/hostile-shapes.js";

const REACT_SAMPLE =
  'Thought: wipe it\nActions: [{"tag": "a", "name": "Files", "path": "wipe", "input": {"folder": "/tmp"}}]';
const PYTHONIC = new Set(["pythonic", "llama4-pythonic", "granite-pythonic", "lfm2", "olmo3"]);

/** The worst hostile shape found for one reader, timed again. */
export interface ReaderHold {
  readonly reader: string;
  readonly family: string;
  readonly shape: string;
  readonly medianMs: number;
  readonly maxMs: number;
}

function familyOf(reader: string): string {
  if (reader === "react") return "ReAct protocol (`Actions:`, then the model's own format)";
  if (reader === "auto") return "auto-detection (`parseToolCalls`, the text protocol, the decoder)";
  if (PYTHONIC.has(reader)) return "pythonic (Python calls, bracket matching)";
  if (jsonMarkerFormats.some((format) => format.name === reader)) return "JSON between markers";
  if (aliasFormats.some((format) => format.name === reader))
    return "aliases (their target's reader)";
  return "tags, XML, Harmony, Gemma";
}

// One reader's read of a reply: what `parseToolCalls`, the Ollama text protocol and the decoder
// do for a format (or "auto"); for "react", the whole turn reading of the ReAct protocol.
function readerOf(reader: string): (text: string) => unknown {
  if (reader !== "react") {
    const format = reader as "auto";
    return (text) => parseToolCalls(text, { format });
  }
  const toolbox = new Toolbox([]);
  return (text) => {
    const response: PromptResponse = {
      text,
      toolCalls: [],
      finishReason: "stop",
      rawFinishReason: undefined,
      usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
    };
    return reactProtocol.read(response, toolbox);
  };
}

function time(read: () => unknown): number {
  const started = performance.now();
  read();
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Every reader's worst hostile shape: each shape is timed once; the three slowest are then timed
 * `repetitions` times more and the one with the highest median is kept.
 */
export function readerHolds(options: { readonly quick: boolean }): ReaderHold[] {
  const size = options.quick ? 16_384 : defaultInputLimits.maxRepairLength;
  const repetitions = options.quick ? 3 : 11;
  const samples = new Map<string, string>();
  for (const { format, reply } of formatReplies()) {
    if (!samples.has(format)) samples.set(format, reply);
  }
  const holds: ReaderHold[] = [];
  for (const reader of [...toolCallFormatNames(), "auto", "react"]) {
    const sample =
      reader === "react"
        ? REACT_SAMPLE
        : (samples.get(reader === "auto" ? "hermes" : reader) ?? "");
    const shapes = hostileShapes.map((shape) => ({
      name: shape.name,
      text: shape.build(sample, size).slice(0, size),
    }));
    if (!options.quick) {
      for (const [other, reply] of samples) {
        if (other === reader) continue;
        const text = `${reply}\n`.repeat(Math.ceil(size / (reply.length + 1))).slice(0, size);
        shapes.push({ name: `${other}'s reply repeated`, text });
      }
    }
    const read = readerOf(reader);
    // One untimed read compiles the reader's code paths; then each shape is timed once.
    read(sample);
    const screened = shapes.map((shape) => ({ ...shape, ms: time(() => read(shape.text)) }));
    screened.sort((a, b) => b.ms - a.ms);
    let worst: ReaderHold | undefined;
    for (const shape of screened.slice(0, 3)) {
      const times = Array.from({ length: repetitions }, () => time(() => read(shape.text)));
      const hold = {
        reader,
        family: familyOf(reader),
        shape: shape.name,
        medianMs: median(times),
        maxMs: Math.max(...times),
      };
      if (worst === undefined || hold.medianMs > worst.medianMs) worst = hold;
    }
    if (worst !== undefined) holds.push(worst);
  }
  return holds;
}

/** The Markdown lines of the readers' part of section 7: per family, overall, the slowest readers. */
export function readerSection(
  holds: readonly ReaderHold[],
  options: { readonly quick: boolean; readonly budgetMs: number; readonly load: string },
): { readonly lines: string[]; readonly worstMedian: number; readonly worstMax: number } {
  const size = options.quick ? 16_384 : defaultInputLimits.maxRepairLength;
  const families = new Map<string, ReaderHold[]>();
  for (const hold of holds) families.set(hold.family, [...(families.get(hold.family) ?? []), hold]);
  const byMedian = (a: ReaderHold, b: ReaderHold) => b.medianMs - a.medianMs;
  const rows = [...families].map(([family, members]) => {
    const worst = [...members].sort(byMedian)[0] as ReaderHold;
    const max = Math.max(...members.map((member) => member.maxMs));
    return `| ${family} | ${members.length} | ${worst.reader}: ${worst.shape} | ${worst.medianMs.toFixed(1)} | ${max.toFixed(1)} |`;
  });
  const worstMedian = Math.max(...holds.map((hold) => hold.medianMs));
  const worstMax = Math.max(...holds.map((hold) => hold.maxMs));
  const slowest = [...holds].sort(byMedian).slice(0, 10);
  const lines = [
    "### The format readers",
    "",
    `Every reader — the ${holds.length - 2} formats of \`parseToolCalls\`, auto-detection (also what the text protocol and the decoder run) and the ReAct protocol's reading of a turn — on every hostile shape of the linearity tests (\`test/formats/fixtures/hostile-shapes.ts\`: the reply repeated, opening markers without ends, deep brackets and braces, unclosed quotes, strings of quotes and backslashes, pythonic lines and unclosed lists, \`Actions:\` lines, calls quoted in prose, reasoning spans, fences, prefixes of the reply and the reply cut short, repeated${options.quick ? "" : "; and every other format's reply repeated"}), each ${size.toLocaleString("en-US")} characters${options.quick ? " (--quick: a quarter of" : ":"} the most text the decoder hands the readers (the default \`maxRepairLength\`)${options.quick ? ")" : ""}. A model reply read by \`parseToolCalls\` or a protocol has no limit of its own; the readers are linear, so the hold grows in proportion. Each shape timed once (after one untimed read of the reader's sample reply); each reader's three slowest shapes then ${options.quick ? 3 : 11} times more, the one with the highest median kept. Machine load (\`uptime\`) while measuring: ${options.load}.`,
    "",
    "| reader family | readers | worst reader: shape | median ms | max ms |",
    "| --- | ---: | --- | ---: | ---: |",
    ...rows,
    `| **all readers** | ${holds.length} | ${(slowest[0] as ReaderHold).reader}: ${(slowest[0] as ReaderHold).shape} | ${worstMedian.toFixed(1)} | ${worstMax.toFixed(1)} |`,
    "",
    "The ten slowest readers, each on its worst shape:",
    "",
    "| reader | shape | median ms | max ms |",
    "| --- | --- | ---: | ---: |",
    ...slowest.map(
      (hold) =>
        `| ${hold.reader} | ${hold.shape} | ${hold.medianMs.toFixed(1)} | ${hold.maxMs.toFixed(1)} |`,
    ),
    "",
    `Worst reader hold: **${worstMedian.toFixed(1)} ms** median, ${worstMax.toFixed(1)} ms at most (a collection pause or another process on the shared machine included) — budget ${options.budgetMs} ms: ${worstMedian <= options.budgetMs ? "met" : "missed"} by the median, ${worstMax <= options.budgetMs ? "met" : "missed"} by every run.`,
  ];
  return { lines, worstMedian, worstMax };
}
