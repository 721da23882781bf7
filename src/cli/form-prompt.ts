import { createInterface } from "node:readline/promises";
import type { ElicitReply, ElicitRequest } from "../caller/caller-channel.js";
import type { JsonObject } from "../schema/json.js";
import { normalizeSchema } from "../schema/normalize-schema.js";
import { type FormField, formFields, printable, readAnswer, showValue } from "./form-fields.js";
import { paint } from "./output.js";

/** @internal The terminal a form is asked on: both ends are TTYs (the caller checks). */
export interface PromptStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/** The person ended the form: Ctrl-D, Ctrl-C, or the asker gave up (the signal). */
const ended = Symbol("ended");

/**
 * @internal Asks a form on the terminal, field by field in the form's order: its title, description,
 * choices and what the answer should look like; Enter takes the default (SEP-1034) or leaves an
 * optional field out; an answer that does not fit is asked again with the reason. An empty answer to
 * a required field offers to decline or cancel the form; Ctrl-D or Ctrl-C cancels it. The whole
 * answer is checked against the form before it is offered to send. Rejects with the signal's reason
 * when the asker gives up.
 */
export async function promptForm(
  request: Pick<ElicitRequest, "message" | "requestedSchema">,
  streams: PromptStreams,
  signal: AbortSignal,
): Promise<ElicitReply> {
  signal.throwIfAborted();
  const { output } = streams;
  const fields = formFields(request.requestedSchema);
  const whole = normalizeSchema(request.requestedSchema, { requireObject: true });
  const lines = createInterface({ input: streams.input, output, terminal: true });
  const next = lines[Symbol.asyncIterator]();
  let closed = false;
  const close = () => lines.close();
  lines.once("close", () => {
    closed = true;
  });
  lines.on("SIGINT", close);
  signal.addEventListener("abort", close, { once: true });
  const ask = async (prompt: string): Promise<string | typeof ended> => {
    if (closed) return ended;
    lines.setPrompt(prompt);
    lines.prompt();
    const line = await next.next();
    return line.done === true ? ended : line.value;
  };
  const write = (text: string) => output.write(`${text}\n`);
  const cancelled = (): ElicitReply => {
    signal.throwIfAborted();
    write("");
    write(paint("yellow", "  cancelled", output));
    return { action: "cancel" };
  };
  try {
    write(`\n${paint("bold", `? ${printable(request.message, true)}`, output)}`);
    for (;;) {
      const content: JsonObject = {};
      for (const field of fields) {
        const answer = await askField(field, { ask, write, output });
        if (answer === ended) return cancelled();
        if (answer === "decline" || answer === "cancel") return { action: answer };
        if (answer !== undefined) content[field.name] = answer.value;
      }
      const checked = await whole.validate(content);
      if (!checked.ok) {
        write(paint("red", "  the answers do not fit the form together; once more:", output));
        continue;
      }
      const send = await confirm(ask, write, output);
      if (send === ended) return cancelled();
      return send === "accept" ? { action: "accept", content } : { action: send };
    }
  } finally {
    signal.removeEventListener("abort", close);
    lines.close();
  }
}

interface FieldIo {
  readonly ask: (prompt: string) => Promise<string | typeof ended>;
  readonly write: (text: string) => void;
  readonly output: NodeJS.WritableStream;
}

type FieldAnswer = { readonly value: JsonObject[string] } | "decline" | "cancel" | typeof ended;

/** One field, asked until it has a fitting answer; `undefined` leaves an optional field out. */
async function askField(field: FormField, io: FieldIo): Promise<FieldAnswer | undefined> {
  const { write, output } = io;
  if (field.description !== undefined) write(paint("dim", `  ${field.description}`, output));
  if (field.choices.length > 0) {
    for (const [index, choice] of field.choices.entries()) {
      const value = printable(String(choice.value));
      const shown = choice.label === value ? value : `${choice.label} (${value})`;
      write(`    ${field.byNumber ? `${index + 1}) ` : "- "}${shown}`);
    }
  }
  const prompt = promptLine(field, output);
  for (;;) {
    const line = await io.ask(prompt);
    if (line === ended) return ended;
    const text = field.kind === "string" ? line : line.trim();
    if (text.trim() === "") {
      if (field.default !== undefined) return { value: field.default };
      if (!field.required) return undefined;
      const choice = await io.ask(
        `  ${field.label} is required: [a]nswer it, [d]ecline the form or [c]ancel? `,
      );
      if (choice === ended) return ended;
      const word = choice.trim().toLowerCase();
      if (word === "d" || word === "decline") return "decline";
      if (word === "c" || word === "cancel") return "cancel";
      continue;
    }
    const read = readAnswer(field, text);
    const problem = read.ok ? await field.check(read.value) : read.reason;
    if (problem === undefined && read.ok) return { value: read.value };
    write(paint("red", `  ✗ ${printable(problem ?? "")}`, output));
  }
}

function promptLine(field: FormField, output: NodeJS.WritableStream): string {
  const notes = [
    field.hint,
    field.default === undefined ? "" : `Enter: ${showValue(field, field.default)}`,
    field.required || field.default !== undefined ? "" : "Enter: skip",
  ].filter((note) => note !== "");
  const label = paint("bold", field.label, output);
  const marker = field.required ? paint("red", "*", output) : "";
  return `  ${label}${marker}${notes.length === 0 ? "" : paint("dim", ` (${notes.join("; ")})`, output)}: `;
}

/** The last question: send the answers, decline the form, or cancel. */
async function confirm(
  ask: FieldIo["ask"],
  write: FieldIo["write"],
  output: NodeJS.WritableStream,
): Promise<"accept" | "decline" | "cancel" | typeof ended> {
  for (;;) {
    const line = await ask(`  Send? ${paint("dim", "[Y]es, [d]ecline, [c]ancel", output)} `);
    if (line === ended) return ended;
    const word = line.trim().toLowerCase();
    if (word === "" || word === "y" || word === "yes") return "accept";
    if (word === "d" || word === "decline") return "decline";
    if (word === "c" || word === "cancel") return "cancel";
    write(paint("red", "  ✗ answer y, d or c", output));
  }
}
