import { z } from "zod";
import {
  activity,
  type JsonSchemaObject,
  type JsonValue,
  Tool,
  type Toolbox,
  type ToolOptions,
} from "../../src/index.js";
import {
  type BfclEntry,
  bfclToJsonSchema,
  bfclToolbox,
  loadBfclAnswers,
  loadBfclEntries,
} from "../../test/fixtures/bfcl-corpus.js";
import { type CorruptionCase, corruptionCases } from "../../test/fixtures/corruption-suite.js";

export type { CorruptionCase };

/** One BFCL function doc: name, description and BFCL's JSON-Schema-like parameters. */
export type BfclFunction = BfclEntry["functions"][number];

/**
 * One BFCL function as every library gets it: the name toolwright gives it (so calls by that name reach
 * it everywhere), its description, its JSON Schema (closed root, as toolwright's BFCL tools have it) and
 * the same schema as zod (`z.fromJSONSchema`, without `default`s, which zod would fill in).
 */
export interface BenchFunction {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
  readonly zod: z.ZodType;
}

/** What happened to one call in a library: whether the tool body ran, and with which input. */
export interface CallOutcome {
  readonly ran: boolean;
  readonly received?: unknown;
}

/** A library's tools for one BFCL question, called the way that library calls a model's tool call. */
export interface CallRegistry {
  call(name: string, args: unknown): Promise<CallOutcome>;
  close?(): Promise<void>;
}

/** One BFCL question with its toolwright toolbox, its functions and the corrupted calls made from its answer. */
export interface CorruptionWorkload {
  readonly id: string;
  readonly toolbox: Toolbox;
  readonly functions: readonly BenchFunction[];
  readonly cases: readonly CorruptionCase[];
  /** The accepted answer the cases were made from: the native name and the intended input. */
  readonly answer: { readonly name: string; readonly input: Record<string, unknown> };
}

/** The BFCL function docs of one question as library-neutral functions. */
export function benchFunctions(entry: BfclEntry, toolbox: Toolbox): BenchFunction[] {
  const { functions } = bfclToolbox(entry);
  return entry.functions.map((fn) => {
    const target = functions.get(fn.name);
    if (target === undefined) throw new Error(`${entry.id}: ${fn.name} missing`);
    const schema = {
      ...bfclToJsonSchema(fn.parameters),
      type: "object",
      additionalProperties: false,
    } as JsonSchemaObject;
    return {
      name: toolbox.nativeName(target.tool.name, target.activityName),
      description: fn.description,
      schema,
      zod: z.fromJSONSchema(withoutDefaults(schema) as never),
    };
  });
}

function withoutDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== "default")
      .map(([key, value]) => [key, key === "enum" ? value : withoutDefaults(value)]),
  );
}

/**
 * The corruption suite exactly as `test/calls/corruption.test.ts` builds it: every fourth accepted BFCL
 * answer that is valid under its schema, each through every applicable malformation.
 */
export async function corruptionWorkload(): Promise<CorruptionWorkload[]> {
  const entries = new Map(loadBfclEntries().map((entry) => [entry.id, entry]));
  const answers = loadBfclAnswers().filter((_, index) => index % 4 === 0);
  const workloads: CorruptionWorkload[] = [];
  for (const answer of answers) {
    const entry = entries.get(answer.id);
    if (entry === undefined) continue;
    const { toolbox, functions } = bfclToolbox(entry);
    const target = functions.get(answer.functionName);
    if (target === undefined) continue;
    const name = toolbox.nativeName(target.tool, target.activityName);
    const plain = await toolbox.execute(
      { name, arguments: answer.input },
      { repairs: { coerce: false } },
    );
    if (plain.artifact.type !== "JsonArtifact") continue;
    // The libraries compared take no finish reason: cases that need one are the test suite's.
    const cases = corruptionCases({
      name,
      toolName: target.tool.name,
      activityName: target.activityName,
      schema: target.schema,
      input: answer.input,
    }).filter((test) => test.finishReason === undefined);
    workloads.push({
      id: `${answer.id}/${answer.functionName}`,
      toolbox,
      functions: benchFunctions(entry, toolbox),
      cases,
      answer: { name, input: answer.input as Record<string, unknown> },
    });
  }
  return workloads;
}

/** Every question of one BFCL category file with its toolwright toolbox and functions. */
export function bfclCategory(
  category: string,
): { id: string; toolbox: Toolbox; functions: BenchFunction[] }[] {
  return loadBfclEntries()
    .filter((entry) => entry.category === category)
    .map((entry) => {
      const { toolbox } = bfclToolbox(entry);
      return { id: entry.id, toolbox, functions: benchFunctions(entry, toolbox) };
    });
}

/** Distinct BFCL function docs, in corpus order (the first `count`). */
export function distinctBfclFunctions(count: number): BfclFunction[] {
  const seen = new Set<string>();
  const found: BfclFunction[] = [];
  for (const entry of loadBfclEntries()) {
    for (const fn of entry.functions) {
      const key = JSON.stringify(fn);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(fn);
      if (found.length === count) return found;
    }
  }
  throw new Error(`the BFCL corpus has only ${found.length} distinct functions`);
}

/**
 * A Tool class with ten activities, one per BFCL function doc (what a real tool with several methods
 * looks like to toolwright); each activity returns its input.
 */
export function bfclToolClass(fns: readonly BfclFunction[]): new (options: ToolOptions) => Tool {
  if (fns.length !== 10) throw new Error("a BFCL tool class takes exactly 10 functions");
  const used = new Set<string>();
  const configs = fns.map((fn, index) => {
    let name = (fn.name.split(".").at(-1) ?? fn.name).replace(/[^\p{L}\p{N}_.-]/gu, "_");
    if (used.has(name)) name = `${name}_${index}`;
    used.add(name);
    const schema = { ...bfclToJsonSchema(fn.parameters), type: "object" } as JsonSchemaObject;
    return { name, description: fn.description, schema };
  });
  const slot = (index: number) => configs[index] as (typeof configs)[number];
  class BfclGroupTool extends Tool {
    @activity(slot(0)) a0(input: object) {
      return input as JsonValue;
    }
    @activity(slot(1)) a1(input: object) {
      return input as JsonValue;
    }
    @activity(slot(2)) a2(input: object) {
      return input as JsonValue;
    }
    @activity(slot(3)) a3(input: object) {
      return input as JsonValue;
    }
    @activity(slot(4)) a4(input: object) {
      return input as JsonValue;
    }
    @activity(slot(5)) a5(input: object) {
      return input as JsonValue;
    }
    @activity(slot(6)) a6(input: object) {
      return input as JsonValue;
    }
    @activity(slot(7)) a7(input: object) {
      return input as JsonValue;
    }
    @activity(slot(8)) a8(input: object) {
      return input as JsonValue;
    }
    @activity(slot(9)) a9(input: object) {
      return input as JsonValue;
    }
  }
  return BfclGroupTool;
}
