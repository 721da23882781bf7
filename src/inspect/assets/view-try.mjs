// The Try view: paste what a model sent (its arguments, or its whole raw reply in any format) or
// fill a form, then see each repair in order, the input the method would get, and — once run, and
// confirmed where it must be — the artifact and exactly what the model would read back.
import { ApiError, api } from "./api.mjs";
import { artifactView } from "./artifact.mjs";
import { counted, duration, h, replace } from "./dom.mjs";
import { jsonTree } from "./json-tree.mjs";
import { schemaForm } from "./schema-form.mjs";

/** What was typed, kept while moving between views. */
const typed = {
  mode: "arguments",
  arguments: "",
  reply: "",
  format: "auto",
  dialect: "",
  name: "",
  for: "",
};
/** @type {Promise<string[]> | undefined} */
let formats;

/**
 * @param {any} activity one entry of GET /api/tools
 * @param {{ id: string, label: string }[]} dialects
 * @returns {HTMLElement}
 */
export function tryView(activity, dialects) {
  if (typed.for !== activity.nativeName) {
    Object.assign(typed, { for: activity.nativeName, name: activity.nativeName, arguments: "" });
  }
  const output = h("div", { id: "try-output", class: "try-output", "aria-live": "polite" });
  const form = schemaForm(activity.schema);
  const name = /** @type {HTMLInputElement} */ (
    h("input", {
      id: "try-name",
      value: typed.name,
      spellcheck: "false",
      oninput: () => (typed.name = name.value),
    })
  );
  const argumentsBox = /** @type {HTMLTextAreaElement} */ (
    h("textarea", {
      id: "try-arguments",
      rows: "6",
      spellcheck: "false",
      placeholder: '{"key": "value"} — as the model sent it, broken or not',
      oninput: () => (typed.arguments = argumentsBox.value),
    })
  );
  argumentsBox.value = typed.arguments;
  const replyBox = /** @type {HTMLTextAreaElement} */ (
    h("textarea", {
      id: "try-reply",
      rows: "8",
      spellcheck: "false",
      placeholder:
        "The model's whole raw reply: <tool_call>…</tool_call>, [TOOL_CALLS]…, [f(a=1)] …",
      oninput: () => (typed.reply = replyBox.value),
    })
  );
  replyBox.value = typed.reply;
  const formatSelect = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      {
        id: "try-format",
        "aria-label": "reply format",
        onchange: () => (typed.format = formatSelect.value),
      },
      h("option", { value: "auto" }, "auto-detect"),
    )
  );
  // Without the list, "auto-detect" still reads every format.
  formats ??= api("/api/formats").then(
    (answer) => answer.formats,
    () => [],
  );
  formats.then((names) => {
    for (const format of names)
      formatSelect.appendChild(
        h("option", { value: format, selected: format === typed.format }, format),
      );
  });
  const dialectSelect = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      {
        id: "try-dialect",
        "aria-label": "dialect",
        onchange: () => (typed.dialect = dialectSelect.value),
      },
      h("option", { value: "" }, "the declared schema (no dialect)"),
      dialects.map((dialect) =>
        h("option", { value: dialect.id, selected: dialect.id === typed.dialect }, dialect.label),
      ),
    )
  );
  const panes = {
    arguments: h(
      "div",
      { class: "pane" },
      h("label", null, "Name the model called ", name),
      h("label", null, "Arguments ", argumentsBox),
    ),
    reply: h(
      "div",
      { class: "pane" },
      h("label", null, "Raw reply ", replyBox),
      h("label", null, "Format ", formatSelect),
    ),
    form: h("div", { class: "pane" }, form.element),
  };
  const modes = h("div", { class: "modes", role: "tablist" });
  const showMode = () => {
    replace(
      modes,
      Object.entries({ arguments: "Arguments", reply: "Raw reply", form: "Form" }).map(
        ([mode, label]) =>
          h(
            "button",
            {
              type: "button",
              role: "tab",
              "aria-selected": String(typed.mode === mode),
              id: `mode-${mode}`,
              onclick: () => {
                typed.mode = mode;
                showMode();
              },
            },
            label,
          ),
      ),
    );
    for (const [mode, pane] of Object.entries(panes)) pane.hidden = mode !== typed.mode;
  };
  showMode();

  /** @param {boolean} run @param {boolean} [confirm] */
  const send = async (run, confirm = false) => {
    /** @type {Record<string, unknown>} */
    const body = { run, confirm, dialect: typed.dialect };
    if (typed.mode === "reply")
      Object.assign(body, { reply: replyBox.value, format: formatSelect.value });
    else if (typed.mode === "form") {
      const collected = form.collect();
      if (!collected.ok) return replace(output, h("p", { class: "error" }, collected.message));
      Object.assign(body, { name: activity.nativeName, arguments: collected.value });
    } else Object.assign(body, { name: name.value, arguments: argumentsBox.value });
    replace(output, h("p", { class: "muted" }, run ? "running…" : "decoding…"));
    try {
      show(output, await api("/api/try", body));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        show(output, error.body);
        if (await confirmRun(error.body)) await send(true, true);
        return;
      }
      replace(
        output,
        h("p", { class: "error" }, String(error instanceof Error ? error.message : error)),
      );
    }
  };

  return h(
    "section",
    { class: "view try-view", id: "try-view" },
    h("h2", null, `Try a call of ${activity.nativeName}`),
    h(
      "p",
      { class: "muted" },
      "Decoded exactly as the toolbox decodes a model's call: names, broken JSON, envelopes, coercion. Nothing runs until you press Run",
      activity.confirm.length > 0
        ? `, and this activity asks first (${activity.confirm.join("; ")})`
        : "",
      ".",
    ),
    modes,
    panes.arguments,
    panes.reply,
    panes.form,
    h(
      "div",
      { class: "actions" },
      h("label", null, "Decode as a reply to ", dialectSelect),
      h("button", { type: "button", id: "try-decode", onclick: () => send(false) }, "Decode"),
      h(
        "button",
        { type: "button", id: "try-run", class: "primary", onclick: () => send(true) },
        "Run",
      ),
    ),
    output,
  );
}

/**
 * @param {HTMLElement} output
 * @param {any} answer a TryResponse
 */
function show(output, answer) {
  replace(
    output,
    answer.format
      ? h(
          "p",
          null,
          "Read as ",
          h("strong", null, answer.format),
          `: ${counted(answer.calls.length, "call", "calls")}`,
        )
      : null,
    answer.text
      ? h("div", null, h("h4", null, "Text around the calls"), h("pre", null, answer.text))
      : null,
    answer.refused.length === 0
      ? null
      : h(
          "div",
          { class: "refused" },
          h("h4", null, "Refused (never run)"),
          h(
            "ul",
            null,
            answer.refused.map((/** @type {any} */ refused) =>
              h("li", null, refused.reason, h("pre", null, refused.raw)),
            ),
          ),
        ),
    answer.calls.length === 0 && answer.text !== null
      ? h("p", { class: "muted" }, "No complete tool call in the reply.")
      : null,
    answer.needsConfirmation
      ? h("p", { class: "warn", id: "needs-confirmation" }, answer.needsConfirmation)
      : null,
    answer.calls.map(callView),
  );
}

/** @param {any} call a CallOutcome */
function callView(call) {
  const prepared = call.prepared;
  const repairs = call.result?.repairs ?? prepared.repairs;
  return h(
    "article",
    { class: "call", "data-call": call.id },
    h(
      "h3",
      null,
      h("code", null, call.name),
      prepared.ok ? [" → ", h("code", null, prepared.nativeName)] : null,
      call.wrapper ? h("span", { class: "muted" }, ` (inside ${call.wrapper})`) : null,
    ),
    h("h4", null, "Repairs, in order"),
    repairs.length === 0
      ? h("p", { class: "muted" }, "none: the call was read as sent")
      : h(
          "ol",
          { class: "repairs", id: "repairs" },
          repairs.map((/** @type {any} */ repair) =>
            h("li", null, h("code", null, repair.step), " ", repair.detail),
          ),
        ),
    prepared.ok
      ? h(
          "div",
          { class: "final-input", id: "final-input" },
          h("h4", null, "Final input (what the method receives)"),
          jsonTree(prepared.input, { openDepth: 3 }),
        )
      : h("div", null, h("h4", null, "Refused before running"), artifactView(prepared.artifact)),
    call.confirm.length === 0
      ? null
      : h("p", { class: "warn" }, `Asks before running: ${call.confirm.join("; ")}`),
    call.result
      ? h(
          "div",
          { class: "result", id: "result" },
          h("h4", null, `Result · ran in ${duration(call.result.durationMs)}`),
          artifactView(call.result.artifact),
        )
      : null,
  );
}

/**
 * Asks the person, in the page's dialog, whether to run the calls that need confirming.
 * @param {any} answer the 409 TryResponse
 * @returns {Promise<boolean>}
 */
function confirmRun(answer) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("confirm"));
  const gated = answer.calls.filter((/** @type {any} */ call) => call.confirm.length > 0);
  return new Promise((resolve) => {
    /** @param {boolean} yes */
    const finish = (yes) => {
      dialog.close();
      resolve(yes);
    };
    replace(
      dialog,
      h("h3", null, "Run this? It needs your confirmation"),
      gated.map((/** @type {any} */ call) =>
        h(
          "div",
          { class: "gated" },
          h("p", null, h("code", null, call.prepared.nativeName), ": ", call.confirm.join("; ")),
          jsonTree(call.prepared.input, { openDepth: 2 }),
        ),
      ),
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          { type: "button", id: "confirm-cancel", onclick: () => finish(false) },
          "Cancel",
        ),
        h(
          "button",
          { type: "button", id: "confirm-run", class: "danger", onclick: () => finish(true) },
          "Run it",
        ),
      ),
    );
    dialog.addEventListener("cancel", () => resolve(false), { once: true });
    dialog.showModal();
  });
}
