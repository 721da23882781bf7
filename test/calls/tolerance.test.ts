// The tolerance suite of issue 13: call shapes open models send, each kind with the reading the model
// meant (`recover`) or no sound reading (`refuse`). Every method compares what it received with what
// the model meant: a run on anything else is a wrong execution, and the suite allows none.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { activity, Tool, Toolbox } from "../../src/index.js";
import { pythonCall } from "../fixtures/python-call.js";

interface Intended {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

const received: { name: string; input: unknown }[] = [];

class TravelTool extends Tool {
  @activity({
    description: "Find flights",
    schema: z.object({
      origin_city: z.string(),
      destination_city: z.string(),
      date_range: z.object({ start: z.string(), end: z.string() }).optional(),
      nonstop_only: z.boolean().optional(),
      max_price: z.number().optional(),
    }),
  })
  find_flights(input: unknown) {
    received.push({ name: "TravelTool_find_flights", input });
    return "ok";
  }

  @activity({
    description: "Weather forecast",
    schema: z.object({
      location: z.string().optional(),
      days_ahead: z.number().int().optional(),
      include_hourly: z.boolean().optional(),
    }),
  })
  get_weather(input: unknown) {
    received.push({ name: "TravelTool_get_weather", input });
    return "ok";
  }

  @activity({
    description: "Book a hotel",
    schema: z.object({ hotelName: z.string(), nights: z.number().int(), breakfast: z.boolean() }),
  })
  book_hotel(input: unknown) {
    received.push({ name: "TravelTool_book_hotel", input });
    return "ok";
  }

  @activity({
    description: "Find an athlete",
    schema: z.object({ name: z.string(), sport: z.string().optional() }),
  })
  find_athlete(input: unknown) {
    received.push({ name: "TravelTool_find_athlete", input });
    return "ok";
  }
}

const intended: readonly Intended[] = [
  {
    name: "TravelTool_find_flights",
    input: {
      origin_city: "São Paulo",
      destination_city: "Zürich",
      date_range: { start: "2026-12-20", end: "2027-01-03" },
      nonstop_only: true,
    },
  },
  { name: "TravelTool_get_weather", input: { location: "Oslo", days_ahead: 3 } },
  { name: "TravelTool_get_weather", input: { location: "Lima", include_hourly: false } },
  {
    name: "TravelTool_book_hotel",
    input: { hotelName: "Hôtel du Lac 🏨", nights: 2, breakfast: true },
  },
  // A parameter called `name`: its arguments look like a call object with extra keys.
  { name: "TravelTool_find_athlete", input: { name: "Lebron James", sport: "Basketball" } },
];

const other = (call: Intended) =>
  call.name === "TravelTool_get_weather" ? "TravelTool_book_hotel" : "TravelTool_get_weather";
const camel = (key: string) =>
  key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const mapKeys = (input: Record<string, unknown>, rename: (key: string) => string) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [rename(key), value]));
const json = JSON.stringify;
const pythonCallOf = (call: Intended) => pythonCall(call.name, call.input);
const bool = (input: Record<string, unknown>, words: readonly [string, string]) =>
  Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, v === true ? words[0] : v === false ? words[1] : v]),
  );

interface Kind {
  readonly kind: string;
  readonly expected: "recover" | "refuse";
  /** The arguments sent for a call, or `undefined` when the kind does not apply to it. */
  readonly send: (call: Intended) => unknown;
}

const kinds: readonly Kind[] = [
  { kind: "plain JSON", expected: "recover", send: (c) => json(c.input) },
  {
    kind: "whole call {name, arguments}",
    expected: "recover",
    send: (c) => json({ name: c.name, arguments: c.input }),
  },
  {
    kind: "whole call in <tool_call>",
    expected: "recover",
    send: (c) => `<tool_call>${json({ name: c.name, arguments: c.input })}</tool_call>`,
  },
  {
    kind: "arguments in <tool_call>",
    expected: "recover",
    send: (c) => `<tool_call>${json(c.input)}</tool_call>`,
  },
  {
    kind: "{function: {name, arguments: text}}",
    expected: "recover",
    send: (c) => json({ type: "function", function: { name: c.name, arguments: json(c.input) } }),
  },
  {
    kind: "Llama {name, parameters}",
    expected: "recover",
    send: (c) => json({ name: c.name, parameters: c.input }),
  },
  { kind: '{"<tool name>": {…}}', expected: "recover", send: (c) => json({ [c.name]: c.input }) },
  {
    kind: "Mistral [TOOL_CALLS]",
    expected: "recover",
    send: (c) => `[TOOL_CALLS]${json([{ name: c.name, arguments: c.input }])}`,
  },
  { kind: "camelCase keys", expected: "recover", send: (c) => json(mapKeys(c.input, camel)) },
  { kind: "snake_case keys", expected: "recover", send: (c) => json(mapKeys(c.input, snake)) },
  {
    kind: "booleans as yes/no",
    expected: "recover",
    send: (c) => json(bool(c.input, ["yes", "no"])),
  },
  {
    kind: "booleans as on/off",
    expected: "recover",
    send: (c) => json(bool(c.input, ["on", "off"])),
  },
  {
    kind: "null for absent optionals",
    expected: "recover",
    send: (c) =>
      json({
        ...c.input,
        ...(c.name === "TravelTool_get_weather" ? { days_ahead: c.input.days_ahead ?? null } : {}),
      }),
  },
  {
    kind: "pythonic <|python_tag|>",
    expected: "recover",
    send: (c) => `<|python_tag|>${pythonCallOf(c)}`,
  },
  { kind: "pythonic list", expected: "recover", send: (c) => `[${pythonCallOf(c)}]` },
  {
    kind: "Qwen3 XML",
    expected: "recover",
    send: (c) =>
      `<tool_call>\n<function=${c.name}>\n${Object.entries(c.input)
        .map(([k, v]) => `<parameter=${k}>\n${typeof v === "string" ? v : json(v)}\n</parameter>`)
        .join("\n")}\n</function>\n</tool_call>`,
  },
  {
    kind: "duplicate key, different values",
    expected: "refuse",
    send: (c) => {
      const [key, value] = Object.entries(c.input)[0] as [string, unknown];
      return `${json(c.input).slice(0, -1)},${json(key)}:${json(typeof value === "string" ? `${value} (edited)` : 99)}}`;
    },
  },
  {
    kind: "whole call of another tool",
    expected: "refuse",
    send: (c) => json({ name: other(c), arguments: c.input }),
  },
  {
    kind: "pythonic call of another tool",
    expected: "refuse",
    send: (c) => `<|python_tag|>${pythonCallOf({ ...c, name: other(c) })}`,
  },
  {
    kind: "every key unknown",
    expected: "refuse",
    send: (c) => json(mapKeys(c.input, (k) => `x_${k}_y`)),
  },
  {
    kind: "a key that folds to two parameters",
    expected: "refuse",
    send: (c) =>
      json({
        ...c.input,
        [Object.keys(c.input)[0] as string]: undefined,
        ...mapKeys(c.input, (k) => k.toUpperCase()),
        ...mapKeys(c.input, camel),
      }),
  },
  {
    kind: "truncated reply",
    expected: "refuse",
    send: (c) => `<tool_call>${json({ name: c.name, arguments: c.input }).slice(0, -12)}`,
  },
];

describe("tolerance: what open models send, recovered or refused, never run on the wrong input", () => {
  it("recovers ≥ 95% of the recoverable kinds and runs nothing on input the model did not mean", async () => {
    const toolbox = new Toolbox([new TravelTool()]);
    const rows: string[] = [];
    let wrong = 0;
    let recoverable = 0;
    let recovered = 0;
    for (const kind of kinds) {
      let ok = 0;
      let refused = 0;
      let wrongHere = 0;
      for (const call of intended) {
        const args = kind.send(call);
        received.length = 0;
        const result = await toolbox.execute({ name: call.name, arguments: args as string });
        const ran = received[0];
        if (ran === undefined) refused++;
        else if (
          kind.expected === "recover" &&
          ran.name === call.name &&
          isDeepStrictEqual(ran.input, call.input)
        )
          ok++;
        else {
          wrongHere++;
          rows.push(
            `WRONG ${kind.kind}: sent ${String(args)} → ran ${json(ran.input)} (${result.repairs.map((r) => r.step).join(", ")})`,
          );
        }
        if (kind.expected === "recover" && ran === undefined) {
          rows.push(
            `missed ${kind.kind}: ${String(args).slice(0, 120)} → ${result.artifact.toText().slice(0, 160)}`,
          );
        }
      }
      wrong += wrongHere;
      if (kind.expected === "recover") {
        recoverable += intended.length;
        recovered += ok;
      }
      rows.push(
        `${kind.kind} (${kind.expected}): ok ${ok}, refused ${refused}, wrong ${wrongHere}`,
      );
    }
    assert.equal(wrong, 0, rows.join("\n"));
    assert.ok(
      recovered / recoverable >= 0.95,
      `recovered ${recovered} of ${recoverable}\n${rows.join("\n")}`,
    );
  });
});

function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
