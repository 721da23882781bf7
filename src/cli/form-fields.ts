import type { JsonObject, JsonSchemaObject, JsonValue } from "../schema/json.js";
import { normalizeSchema } from "../schema/normalize-schema.js";
import type { ValidationIssue } from "../schema/validation-issue.js";

/** @internal One choice of an enum field: the value sent, and what the person reads. */
export interface FormChoice {
  readonly value: JsonValue;
  readonly label: string;
}

/** @internal How a field's answer is typed: one line of text read as its kind. */
export type FieldKind = "string" | "number" | "integer" | "boolean" | "choice" | "choices";

/** @internal One field of an elicitation form, as the terminal asks it. */
export interface FormField {
  readonly name: string;
  /** The field's `title`, else its name. */
  readonly label: string;
  readonly description: string | undefined;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** The form's `default` (SEP-1034): what an empty answer takes. */
  readonly default: JsonValue | undefined;
  /** The choices of a `choice` (single-select) or `choices` (multi-select) field, in order. */
  readonly choices: readonly FormChoice[];
  /** Whether a choice may be picked by its number: not when a choice's value itself reads as one. */
  readonly byNumber: boolean;
  /** What the answer should look like (`whole number, 0 to 120`, `email`, `y/n`); "" when nothing. */
  readonly hint: string;
  /** The schema's own problems with a value (lengths, ranges, formats, patterns), or `undefined`. */
  check(value: JsonValue): Promise<string | undefined>;
}

/** @internal An answer read as its field's kind, or why it could not be. */
export type ReadAnswer =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly reason: string };

/**
 * @internal The fields of a flat form (`requestedSchema`), in the order the server wrote them. Each
 * field is validated by the schema's own validator (ajv), so what the terminal accepts is what the
 * form accepts.
 */
export function formFields(requestedSchema: JsonObject): FormField[] {
  const properties = (requestedSchema.properties ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set(
    Array.isArray(requestedSchema.required) ? requestedSchema.required.map(String) : [],
  );
  return Object.entries(properties).map(([name, property]) =>
    formField(name, property, required.has(name)),
  );
}

function formField(name: string, property: JsonSchemaObject, required: boolean): FormField {
  const choices = choicesOf(property);
  const kind: FieldKind =
    property.type === "array"
      ? "choices"
      : choices.length > 0
        ? "choice"
        : property.type === "number" || property.type === "integer" || property.type === "boolean"
          ? property.type
          : "string";
  const validator = normalizeSchema(
    { type: "object", properties: { [name]: property } },
    { requireObject: true },
  );
  return {
    name,
    label: printable(
      typeof property.title === "string" && property.title !== "" ? property.title : name,
    ),
    description:
      typeof property.description === "string" ? printable(property.description) : undefined,
    kind,
    required,
    default: property.default as JsonValue | undefined,
    choices,
    byNumber: !choices.some((choice) => /^\d+$/.test(String(choice.value))),
    hint: hintOf(kind, property),
    async check(value) {
      const result = await validator.validate({ [name]: value });
      return result.ok ? undefined : result.issues.map(issueText).join("; ");
    },
  };
}

/** SEP-1330's ways of writing choices: `enum` (with legacy `enumNames`), titled `oneOf`/`anyOf`. */
function choicesOf(property: JsonSchemaObject): FormChoice[] {
  const source = (
    property.type === "array" ? (property.items ?? {}) : property
  ) as JsonSchemaObject;
  if (Array.isArray(source.enum)) {
    const names = Array.isArray(source.enumNames) ? source.enumNames : [];
    return (source.enum as JsonValue[]).map((value, index) => ({
      value,
      label: printable(typeof names[index] === "string" ? names[index] : String(value)),
    }));
  }
  const titled = source.oneOf ?? source.anyOf;
  if (!Array.isArray(titled)) return [];
  return (titled as JsonSchemaObject[])
    .filter((option) => option.const !== undefined)
    .map((option) => ({
      value: option.const as JsonValue,
      label: printable(typeof option.title === "string" ? option.title : String(option.const)),
    }));
}

function hintOf(kind: FieldKind, property: JsonSchemaObject): string {
  switch (kind) {
    case "boolean":
      return "y/n";
    case "number":
    case "integer":
      return joinHints(kind === "integer" ? "whole number" : "number", rangeOf(property));
    case "choices":
      return joinHints(
        "one or more, separated by commas",
        countRange(property.minItems, property.maxItems, "choice"),
      );
    case "choice":
      return "";
    case "string":
      return joinHints(
        typeof property.format === "string" ? property.format : "",
        countRange(property.minLength, property.maxLength, "character"),
      );
  }
}

function rangeOf(property: JsonSchemaObject): string {
  const low = property.minimum ?? property.exclusiveMinimum;
  const high = property.maximum ?? property.exclusiveMaximum;
  const above = property.minimum === undefined ? "above " : "from ";
  const below = property.maximum === undefined ? "below " : "to ";
  if (typeof low === "number" && typeof high === "number") {
    return `${above === "from " ? "" : above}${low} ${below}${high}`;
  }
  if (typeof low === "number") return `${above}${low}`;
  if (typeof high === "number") return `${below === "to " ? "up to " : below}${high}`;
  return "";
}

function countRange(min: unknown, max: unknown, noun: string): string {
  const low = typeof min === "number" && min > 0 ? min : undefined;
  const high = typeof max === "number" ? max : undefined;
  if (low !== undefined && high !== undefined) {
    return low === high ? `${low} ${noun}s` : `${low} to ${high} ${noun}s`;
  }
  if (low !== undefined) return `at least ${low} ${noun}${low === 1 ? "" : "s"}`;
  if (high !== undefined) return `at most ${high} ${noun}${high === 1 ? "" : "s"}`;
  return "";
}

function joinHints(...parts: string[]): string {
  return parts.filter((part) => part !== "").join(", ");
}

function issueText(issue: ValidationIssue): string {
  return issue.message ?? `expected ${issue.expected}`;
}

const numberPattern = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * @internal One non-empty line of the person's read as the field's kind: a number, `y`/`n`, a choice
 * by number, value or (when only one fits) title, several choices separated by commas. Nothing is
 * guessed: an answer two choices could mean is refused.
 */
export function readAnswer(field: FormField, text: string): ReadAnswer {
  switch (field.kind) {
    case "string":
      return { ok: true, value: text };
    case "boolean":
      if (/^(?:y|yes|true)$/i.test(text)) return { ok: true, value: true };
      if (/^(?:n|no|false)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, reason: "answer y or n" };
    case "number":
    case "integer": {
      if (!numberPattern.test(text)) return { ok: false, reason: `"${text}" is not a number` };
      const value = Number(text);
      if (field.kind === "integer" && !Number.isInteger(value)) {
        return { ok: false, reason: `"${text}" is not a whole number` };
      }
      return { ok: true, value };
    }
    case "choice":
      return readChoice(field, text);
    case "choices":
      return readChoices(field, text);
  }
}

function readChoices(field: FormField, text: string): ReadAnswer {
  const values: JsonValue[] = [];
  for (const part of text.split(",")) {
    const word = part.trim();
    if (word === "") continue;
    const read = readChoice(field, word);
    if (!read.ok) return read;
    if (values.includes(read.value)) {
      return { ok: false, reason: `"${word}" is chosen twice` };
    }
    values.push(read.value);
  }
  return { ok: true, value: values };
}

function readChoice(field: FormField, text: string): ReadAnswer {
  const { choices } = field;
  if (field.byNumber && /^\d+$/.test(text)) {
    const choice = choices[Number(text) - 1];
    return choice === undefined
      ? { ok: false, reason: `pick a number from 1 to ${choices.length}` }
      : { ok: true, value: choice.value };
  }
  const exact = choices.find((choice) => String(choice.value) === text);
  if (exact !== undefined) return { ok: true, value: exact.value };
  const folded = text.toLowerCase();
  const near = choices.filter(
    (choice) =>
      choice.label.toLowerCase() === folded || String(choice.value).toLowerCase() === folded,
  );
  if (near.length === 1) return { ok: true, value: (near[0] as FormChoice).value };
  const listed = choices.map((choice) => choice.label).join(", ");
  return {
    ok: false,
    reason:
      near.length > 1
        ? `"${text}" could be ${near.map((choice) => choice.label).join(" or ")}: type the value exactly`
        : `"${text}" is not one of the choices (${listed})`,
  };
}

// What a form's author wrote reaches the person's terminal: escape sequences (clearing the screen,
// a fake prompt, a window title, the clipboard) and bidirectional overrides must not act there.
const unprintable = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * @internal Text from a form (a server's, perhaps) made safe to print: control characters and
 * bidirectional overrides become spaces; line breaks are kept where `lines` allows them.
 */
export function printable(text: string, lines = false): string {
  return text.replace(unprintable, (character) => (lines && character === "\n" ? character : " "));
}

/** @internal A value as the person reads it: a choice by its label, a boolean as yes/no. */
export function showValue(field: FormField, value: JsonValue): string {
  return printable(shownValue(field, value));
}

function shownValue(field: FormField, value: JsonValue): string {
  const label = (one: JsonValue) =>
    field.choices.find((choice) => choice.value === one)?.label ?? JSON.stringify(one);
  if (field.kind === "choices" && Array.isArray(value)) return value.map(label).join(", ");
  if (field.kind === "choice") return label(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? value : JSON.stringify(value);
}
