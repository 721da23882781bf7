// One generated test per constructor or method that takes options: a typo'd key (with its "did you
// mean"), a key of the wrong type and an options argument that is not an object must each throw (or
// reject with) the owner's typed error, naming the owner and the key.
import assert from "node:assert/strict";
import { it } from "node:test";

/** A typed error class, as far as these tests need it. */
export interface TypedErrorClass {
  readonly name: string;
  isInstance(value: unknown): boolean;
}

/** One constructor or method and the options that must fail. */
export interface OptionCase {
  /** The test's title, such as `new CalculatorTool(options)`. */
  readonly name: string;
  /** Who the messages name as taking the options. */
  readonly owner: string;
  readonly error: TypedErrorClass;
  /** Calls it with `options` (may return a promise that rejects). */
  readonly call: (options: unknown) => unknown;
  readonly typo: { readonly options: object; readonly key: string; readonly suggestion: string };
  readonly wrong: { readonly options: object; readonly key: string; readonly expected: string };
  /** What the message says for a non-object, when not the usual "must be an object". */
  readonly nonObject?: string;
}

/** What `run` throws or rejects with; fails the test when it does neither. */
export async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return assert.fail("expected an error");
}

/** Checks `error` is a `Class` (by its guard, not a raw TypeError) whose message has every fragment. */
export function assertTyped(
  error: unknown,
  Class: TypedErrorClass,
  fragments: readonly string[],
): void {
  assert.ok(Class.isInstance(error), `expected ${Class.name}, got ${String(error)}`);
  const { message, code } = error as { message: string; code: unknown };
  assert.equal(typeof code, "string");
  for (const fragment of fragments)
    assert.ok(message.includes(fragment), `${message}\n  lacks: ${fragment}`);
}

/** One test per case. */
export function optionCases(cases: readonly OptionCase[]): void {
  for (const entry of cases) {
    it(`${entry.name}: an unknown key, a wrong type, a non-object → ${entry.error.name}`, async () => {
      const { typo, wrong } = entry;
      assertTyped(await thrown(() => entry.call(typo.options)), entry.error, [
        typo.key,
        `is not an option of ${entry.owner} (did you mean "${typo.suggestion}"?); its options are: `,
      ]);
      assertTyped(await thrown(() => entry.call(wrong.options)), entry.error, [
        wrong.key,
        `must be ${wrong.expected}; got `,
      ]);
      assertTyped(await thrown(() => entry.call(5)), entry.error, [
        entry.nonObject ?? "must be an object",
        "; got a number (5)",
      ]);
    });
  }
}
