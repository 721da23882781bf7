import { z } from "zod";
import { activity } from "../../activity/activity.js";
import type { ActivityContext } from "../../activity/activity-context.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { JsonArtifact } from "../../artifacts/json-artifact.js";
import { ListArtifact } from "../../artifacts/list-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import { anyValue, oneOf, stringArray } from "../../internal/option-rules.js";
import { formatValidationIssues } from "../../schema/format-issues.js";
import {
  type NormalizedSchema,
  normalizeSchema,
  type SchemaSource,
  SchemaSourceError,
} from "../../schema/normalize-schema.js";
import { Tool } from "../../tool/tool.js";
import { askModel, chunkTexts, rulesText } from "../prompt-engine/ask-model.js";
import { contentSchema, loadContent } from "../prompt-engine/content-input.js";
import {
  type ModelSettings,
  type ModelToolOptions,
  modelToolParts,
} from "../prompt-engine/model-tool-options.js";

/**
 * Options of an {@link ExtractionTool}: JSON rows shaped by a schema (Griptape's
 * JsonExtractionEngine), or CSV rows with named columns (its CsvExtractionEngine).
 *
 * @example
 * ```ts
 * const json: ExtractionToolOptions = { driver, format: "json", schema: z.object({ name: z.string(), age: z.number() }) };
 * const csv: ExtractionToolOptions = { driver, format: "csv", columns: ["name", "age"] };
 * ```
 */
export type ExtractionToolOptions = ModelToolOptions &
  (
    | {
        format: "json";
        /** The shape of one row: zod, a Standard Schema or JSON Schema; each row is validated against it. */
        schema: SchemaSource;
      }
    | {
        format: "csv";
        /** The columns, in order. */
        columns: readonly string[];
      }
  );

const extractSchema = z.object({ data: contentSchema });

const optionRules = {
  format: oneOf("json", "csv"),
  schema: anyValue,
  columns: stringArray,
};

/**
 * Griptape's ExtractionTool: pulls structured rows out of a text, or out of stored output named by a
 * memory reference, by asking a model. JSON rows come back as `JsonArtifact`s, each validated
 * against `schema` (a row that does not fit is an `ErrorArtifact` naming it, so the model can ask
 * again); CSV rows as `TextArtifact` lines after a header line of `columns`. Content longer than
 * `maxContentCharacters` is read chunk by chunk and the rows of every chunk are kept.
 *
 * @example
 * ```ts
 * const extract = new ExtractionTool({ driver, format: "csv", columns: ["name", "age"], inputMemory: [memory] });
 * await extract.run("extract", { data: "Ada Lovelace was 36." }); // "name,age" then "Ada Lovelace,36"
 * ```
 */
export class ExtractionTool extends Tool {
  /** The model that extracts, its rules and how much content one call carries. */
  readonly model: ModelSettings;
  readonly format: "json" | "csv";
  readonly #row: NormalizedSchema | undefined;
  readonly #columns: readonly string[];

  constructor(options: ExtractionToolOptions) {
    const [model, { format, ...rest }] = modelToolParts(new.target, options, optionRules, [
      "format",
    ]);
    const { schema, columns, ...base } = rest as { schema?: unknown; columns?: readonly string[] };
    super(base);
    this.model = model;
    this.format = format;
    const misplaced = format === "json" ? "columns" : "schema";
    if ((format === "json" ? columns : schema) !== undefined) {
      throw this.#configError(
        misplaced,
        `is for the ${misplaced === "schema" ? "json" : "csv"} format`,
      );
    }
    if (format === "json") {
      if (schema === undefined) throw this.#configError("schema", 'is required with format "json"');
      this.#row = this.#normalize(schema);
      this.#columns = [];
    } else {
      if (columns === undefined || columns.length === 0) {
        throw this.#configError("columns", 'must name at least one column with format "csv"');
      }
      this.#row = undefined;
      this.#columns = Object.freeze([...columns]);
    }
  }

  @activity({
    description: "Can be used extract structured text from data.",
    schema: extractSchema,
    annotations: { readOnly: true, openWorld: true },
  })
  async extract(input: z.output<typeof extractSchema>, context: ActivityContext) {
    const loaded = await loadContent(input.data, context);
    if (loaded instanceof ErrorArtifact) return loaded;
    const { driver, maxContentCharacters } = this.model;
    const chunks = chunkTexts(loaded.texts, maxContentCharacters);
    const { readCsvRows, readJsonRows, csvLine } = await import("./read-extraction.js");
    if (this.#row === undefined) {
      const lines = [new TextArtifact(csvLine(this.#columns))];
      for (const chunk of chunks) {
        const answer = await askModel(driver, this.#csvPrompt(chunk), context.signal);
        const read = readCsvRows(answer, this.#columns);
        if (!read.ok) return unreadable("CSV", read.reason);
        for (const row of read.rows) lines.push(new TextArtifact(csvLine(row)));
      }
      return new ListArtifact(lines, { itemSeparator: "\n" });
    }
    const rows: JsonArtifact[] = [];
    for (const chunk of chunks) {
      const answer = await askModel(driver, this.#jsonPrompt(chunk), context.signal);
      const read = readJsonRows(answer);
      if (!read.ok) return unreadable("a JSON array", read.reason);
      for (const row of read.rows) {
        const checked = await this.#row.validate(row);
        if (!checked.ok) {
          return new ErrorArtifact(
            `extracted row ${rows.length + 1} does not fit the extraction schema: ${formatValidationIssues(checked.issues)}`,
            { code: "extraction_invalid" },
          );
        }
        rows.push(new JsonArtifact(row));
      }
    }
    return new ListArtifact(rows, { itemSeparator: "\n" });
  }

  /** Griptape's `engines/extraction/json/system.j2` and `user.j2`. */
  #jsonPrompt(text: string): { system: string; user: string } {
    const schema = JSON.stringify((this.#row as NormalizedSchema).jsonSchema);
    return {
      system: withRules(`Extraction Template JSON Schema: """${schema}"""`, this.model.rules),
      user: `Extract information from the Text based on the Extraction Template JSON Schema into an array of JSON objects.\nText: """${text}"""\n\nJSON array:`,
    };
  }

  /** Griptape's `engines/extraction/csv/system.j2` and `user.j2`. */
  #csvPrompt(text: string): { system: string; user: string } {
    return {
      system: withRules(
        `Always add the header row. Don't use markdown formatting for output. Fields containing line breaks (CRLF), double quotes, and commas should be enclosed in double-quotes.\nColumn Names: """${JSON.stringify(this.#columns)}"""`,
        this.model.rules,
      ),
      user: `Extract information from the Text based on the Column Names and output it as a CSV file.\nText: """${text}"""\n\nAnswer:`,
    };
  }

  #normalize(schema: unknown): NormalizedSchema {
    try {
      return normalizeSchema(schema, { requireObject: false });
    } catch (error) {
      if (!(error instanceof SchemaSourceError)) throw error;
      throw this.#configError("schema", error.message, error);
    }
  }

  #configError(option: string, message: string, cause?: unknown): ToolConfigError {
    return new ToolConfigError({ toolName: this.name, option, message, cause });
  }
}

function withRules(system: string, rules: readonly string[]): string {
  const ruleset = rulesText(rules);
  return ruleset === "" ? system : `${system}\n\n${ruleset}`;
}

function unreadable(expected: string, reason: string): ErrorArtifact {
  return new ErrorArtifact(`the model's extraction is not ${expected}: ${reason}`, {
    code: "extraction_unreadable",
  });
}
