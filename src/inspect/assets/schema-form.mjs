// A form for an activity's input, made from its JSON Schema: a field per top-level property (text,
// number, a choice for enums and booleans, JSON for the rest). What it collects is sent as the call's
// arguments object, through the same decoding as a model's call.
import { h } from "./dom.mjs";

/**
 * @param {any} schema the activity's input schema
 * @returns {{ element: HTMLElement, collect: () => { ok: true, value: Record<string, unknown> } | { ok: false, message: string } }}
 */
export function schemaForm(schema) {
  const properties = schema && typeof schema.properties === "object" ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  /** @type {{ name: string, read: () => { set: boolean, value?: unknown, error?: string } }[]} */
  const fields = [];
  const rows = Object.entries(properties).map(([name, property]) => {
    const { input, read } = field(name, property ?? {});
    fields.push({ name, read });
    return h(
      "label",
      { class: "field" },
      h(
        "span",
        { class: "field-name" },
        name,
        required.has(name) ? h("span", { class: "required" }, " *") : null,
      ),
      input,
      property?.description ? h("small", { class: "muted" }, property.description) : null,
    );
  });
  return {
    element: h(
      "div",
      { class: "schema-form", id: "schema-form" },
      rows.length === 0 ? h("p", { class: "muted" }, "This activity takes no input.") : rows,
    ),
    collect() {
      /** @type {Record<string, unknown>} */
      const value = {};
      for (const { name, read } of fields) {
        const got = read();
        if (got.error) return { ok: false, message: `${name}: ${got.error}` };
        if (got.set) value[name] = got.value;
      }
      return { ok: true, value };
    },
  };
}

/**
 * @param {string} name
 * @param {any} property
 * @returns {{ input: HTMLElement, read: () => { set: boolean, value?: unknown, error?: string } }}
 */
function field(name, property) {
  const type = Array.isArray(property.type)
    ? property.type.find((/** @type {string} */ t) => t !== "null")
    : property.type;
  const choices = Array.isArray(property.enum)
    ? property.enum
    : type === "boolean"
      ? [true, false]
      : undefined;
  if (choices !== undefined) {
    const select = /** @type {HTMLSelectElement} */ (
      h(
        "select",
        { name },
        h("option", { value: "" }, "(not set)"),
        choices.map((choice, index) =>
          h("option", { value: String(index) }, JSON.stringify(choice)),
        ),
      )
    );
    return {
      input: select,
      read: () =>
        select.value === "" ? { set: false } : { set: true, value: choices[Number(select.value)] },
    };
  }
  if (type === "string" || type === "number" || type === "integer") {
    const input = /** @type {HTMLInputElement} */ (
      h("input", {
        name,
        type: type === "string" ? "text" : "number",
        step: type === "integer" ? "1" : "any",
        placeholder:
          property.default === undefined ? "" : `default ${JSON.stringify(property.default)}`,
      })
    );
    return {
      input,
      read: () => {
        if (input.value === "") return { set: false };
        return { set: true, value: type === "string" ? input.value : Number(input.value) };
      },
    };
  }
  const area = /** @type {HTMLTextAreaElement} */ (
    h("textarea", { name, rows: "3", placeholder: "JSON" })
  );
  return {
    input: area,
    read: () => {
      if (area.value.trim() === "") return { set: false };
      try {
        return { set: true, value: JSON.parse(area.value) };
      } catch {
        return { set: false, error: "is not JSON" };
      }
    },
  };
}
