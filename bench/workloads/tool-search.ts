import {
  activity,
  type JsonSchemaObject,
  type JsonValue,
  Tool,
  Toolbox,
  type ToolOptions,
} from "../../src/index.js";
import {
  type BfclEntry,
  bfclToJsonSchema,
  loadBfclAnswers,
  loadBfclEntries,
} from "../../test/fixtures/bfcl-corpus.js";

/** The BFCL categories whose questions ask for one call: the 2,061 questions are theirs. */
export const oneCallCategories = new Set([
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "live_simple",
  "live_multiple",
]);

/** One function of the search catalog, as every contender gets it. */
export interface CatalogFunction {
  /** The toolbox's native name (what a model sees); every contender indexes the same string. */
  readonly name: string;
  readonly toolName: string;
  readonly activityName: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

/** One BFCL question asked of the catalog, with the native name of the function it was written for. */
export interface SearchQuery {
  readonly id: string;
  readonly text: string;
  /** The BFCL category of the question (`simple_python`, `live_multiple`, ...). */
  readonly category: string;
  readonly target: string;
  /** The native names of every doc of the target's BFCL name (BFCL names a ground truth by name only). */
  readonly sameName: ReadonlySet<string>;
  /** Half the questions tune the field weights, the other half only measure (by a hash of the id). */
  readonly split: "tune" | "test";
}

/** The catalog as one toolbox, its functions in toolbox order, and the questions. */
export interface SearchWorkload {
  readonly toolbox: Toolbox;
  readonly functions: readonly CatalogFunction[];
  readonly queries: readonly SearchQuery[];
}

/** Which catalog to build. */
export interface SearchWorkloadOptions {
  /** Repeats the catalog with renamed tools (`math_copy2`), for latency at larger sizes; the queries aim at the first copy. */
  readonly copies?: number;
  /** Keeps the first functions only (the queries then are the full set's: use them for latency only). */
  readonly size?: number;
  /** Adds BFCL's live categories (test/corpora/bfcl/live): the full catalog. */
  readonly live?: boolean;
}

type BfclFunction = BfclEntry["functions"][number];

interface Draft {
  readonly toolName: string;
  readonly activityName: string;
  readonly bfclName: string;
  readonly description: string;
  readonly schema: JsonSchemaObject;
}

/**
 * Every distinct BFCL function (by name and description, the rule: the first doc of each pair
 * stands for it) of the vendored categories (with `live`, of the live ones too), grouped into tools the way a real catalog groups them: `math.triangle_area_heron` is
 * activity `triangle_area_heron` of tool `math`; undotted names are activities of one tool `bfcl`. Two docs of one name get `_v2`, `_v3`.
 * Each question (the user's text) has one query per distinct function of its ground truth, aimed at
 * the doc of that name in the question's own function list.
 */
export function searchWorkload(options: SearchWorkloadOptions = {}): SearchWorkload {
  const { copies = 1, size = Number.POSITIVE_INFINITY, live = false } = options;
  const entries = loadBfclEntries({ live });
  const drafts = new Map<string, Draft>();
  const taken = new Set<string>();
  for (const entry of entries) {
    for (const fn of entry.functions) {
      const key = docKey(fn);
      if (drafts.has(key) || drafts.size >= size) continue;
      const dot = fn.name.lastIndexOf(".");
      const toolName = dot === -1 ? "bfcl" : fn.name.slice(0, dot).replace(/[^\w.-]/g, "_");
      const base = (dot === -1 ? fn.name : fn.name.slice(dot + 1)).replace(/[^\w.-]/g, "_");
      // Some BFCL names end in `_v2` themselves (`get_maintenance_configs_v2`): count up to a free one.
      let activityName = base;
      for (let version = 2; taken.has(`${toolName}/${activityName}`); version++) {
        activityName = `${base}_v${version}`;
      }
      taken.add(`${toolName}/${activityName}`);
      drafts.set(key, {
        toolName,
        activityName,
        bfclName: fn.name,
        description: fn.description,
        schema: { ...bfclToJsonSchema(fn.parameters), type: "object" } as JsonSchemaObject,
      });
    }
  }
  const groups = new Map<string, Draft[]>();
  for (const draft of drafts.values()) {
    const members = groups.get(draft.toolName) ?? [];
    members.push(draft);
    groups.set(draft.toolName, members);
  }
  const tools: Tool[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const [toolName, members] of groups) {
      const name = copy === 1 ? toolName : `${toolName}_copy${copy}`;
      tools.push(new (groupClass(members))({ name }));
    }
  }
  const toolbox = new Toolbox(tools);
  const functions = toolbox.tools.flatMap((tool) =>
    tool.activities().map((entry) => ({
      name: toolbox.nativeName(tool, entry.name),
      toolName: tool.name,
      activityName: entry.name,
      description: tool.activityDescription(entry.name),
      schema: tool.activitySchema(entry.name),
    })),
  );
  const answers = new Map<string, Set<string>>();
  for (const answer of loadBfclAnswers({ live })) {
    const names = answers.get(answer.id) ?? new Set<string>();
    names.add(answer.functionName);
    answers.set(answer.id, names);
  }
  const byBfclName = new Map<string, Set<string>>();
  for (const draft of drafts.values()) {
    const names = byBfclName.get(draft.bfclName) ?? new Set<string>();
    names.add(toolbox.nativeName(draft.toolName, draft.activityName));
    byBfclName.set(draft.bfclName, names);
  }
  const queries: SearchQuery[] = [];
  for (const entry of entries) {
    const targets = answers.get(entry.id) ?? new Set<string>();
    for (const functionName of targets) {
      const fn = entry.functions.find((candidate) => candidate.name === functionName);
      const draft = fn === undefined ? undefined : drafts.get(docKey(fn));
      if (draft === undefined) {
        if (drafts.size < size) throw new Error(`${entry.id}: no doc for ${functionName}`);
        continue;
      }
      queries.push({
        id: `${entry.id}/${functionName}`,
        text: entry.question,
        category: entry.category,
        target: toolbox.nativeName(draft.toolName, draft.activityName),
        sameName: byBfclName.get(draft.bfclName) ?? new Set(),
        split: fnv(entry.id) % 2 === 0 ? "tune" : "test",
      });
    }
  }
  return { toolbox, functions, queries };
}

// A Tool class with one activity per draft. `@activity` is applied by hand (a decorator is a function
// of the method and its context), since the number of methods is only known here.
function groupClass(members: readonly Draft[]): new (options: ToolOptions) => Tool {
  class BfclGroup extends Tool {}
  const parent = (Tool as { [Symbol.metadata]?: object | null })[Symbol.metadata] ?? null;
  const metadata = Object.create(parent) as object;
  Object.defineProperty(BfclGroup, Symbol.metadata, { value: metadata });
  members.forEach((member, index) => {
    const methodName = `call${index}`;
    const method = (input: object) => input as JsonValue;
    Object.defineProperty(BfclGroup.prototype, methodName, { value: method });
    const decorate = activity({
      name: member.activityName,
      description: member.description,
      schema: member.schema,
    }) as (method: unknown, context: unknown) => void;
    decorate(method, { kind: "method", name: methodName, static: false, private: false, metadata });
  });
  return BfclGroup;
}

// BFCL repeats one function under slightly different parameters from question to question (the live
// categories hold fifteen `get_version` docs of one API): they are one function of the catalog.
function docKey(fn: BfclFunction): string {
  return JSON.stringify([fn.name, fn.description]);
}

/** FNV-1a of a string: a split of the questions that stays the same across runs. */
function fnv(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
