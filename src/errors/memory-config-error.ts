import { ToolwrightError } from "./toolwright-error.js";

/**
 * Thrown when a Task Memory, a memory tool or an artifact store is set up wrong (a bad name, a
 * missing store, two memories with one name); `subject` says which, `option` which option.
 *
 * @example
 * ```ts
 * new TaskMemory({ name: "" }); // MemoryConfigError: TaskMemory: "name" must be a non-empty string …
 * ```
 */
export class MemoryConfigError extends ToolwrightError {
  static override readonly brand: string = "toolwright/MemoryConfigError";
  /** What was being set up, such as `TaskMemory "notes"` or `SqliteArtifactStore`. */
  readonly subject: string;
  /** The option at fault. */
  readonly option: string;

  constructor(details: { subject: string; option: string; message: string; cause?: unknown }) {
    super("invalid_memory_config", `${details.subject}: "${details.option}" ${details.message}`, {
      cause: details.cause,
    });
    this.subject = details.subject;
    this.option = details.option;
  }
}
