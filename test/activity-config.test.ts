import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { ActivityConfigError, activity, Tool, ToolwrightError } from "../src/index.js";

/** Defines a one-activity class with a config the type system would reject. */
function define(config: unknown, methodName = "go"): void {
  const decorate = activity(config as never) as unknown as (
    method: unknown,
    context: ClassMethodDecoratorContext,
  ) => void;
  class Probe extends Tool {}
  const metadata: object = Object.create(null);
  decorate(() => undefined, {
    kind: "method",
    name: methodName,
    static: false,
    private: false,
    metadata,
    access: { has: () => true, get: () => () => undefined },
    addInitializer: () => undefined,
  } as unknown as ClassMethodDecoratorContext);
  void Probe;
}

function expectConfigError(
  config: unknown,
  key: string | undefined,
  pattern: RegExp,
  methodName = "go",
) {
  assert.throws(
    () => define(config, methodName),
    (error: unknown) => {
      assert.ok(
        error instanceof ActivityConfigError,
        `not an ActivityConfigError: ${String(error)}`,
      );
      assert.equal(error.code, "invalid_activity_config");
      assert.equal(error.methodName, methodName);
      assert.equal(error.key, key);
      assert.match(error.message, pattern);
      assert.match(error.message, new RegExp(`method "${methodName}"`));
      return true;
    },
  );
}

describe("@activity config", () => {
  it("throws when the class is defined, not when it is used", () => {
    assert.throws(() => {
      class Broken extends Tool {
        @activity({ schema: z.object({ test: z.string() }), foo: "bar" } as never)
        go() {}
      }
      return Broken;
    }, ActivityConfigError);
  });

  it("requires a description (Griptape: Missing key 'description')", () => {
    expectConfigError({ schema: z.object({}) }, "description", /"description": is required/);
  });

  it("rejects a description that is not a string or function", () => {
    expectConfigError(
      { description: 1 },
      "description",
      /must be a string or a function.*got number/,
    );
    expectConfigError({ description: "  " }, "description", /must not be empty/);
  });

  it("rejects a description template with a syntax error", () => {
    expectConfigError({ description: "bad {{ template" }, "description", /not a valid template/);
  });

  it("rejects unknown keys (Griptape: Wrong key)", () => {
    expectConfigError(
      { description: "d", foo: "bar" },
      "foo",
      /is not a config key; expected one of/,
    );
  });

  it("rejects a schema of none of the accepted kinds", () => {
    expectConfigError(
      { description: "d", schema: "string" },
      "schema",
      /must be a zod schema.*got a string/,
    );
    expectConfigError({ description: "d", schema: [1] }, "schema", /got an array/);
    expectConfigError({ description: "d", schema: new Date() }, "schema", /instance of Date/);
  });

  it("rejects a JSON Schema whose root is not an object, or that is not valid JSON Schema", () => {
    expectConfigError({ description: "d", schema: { type: "string" } }, "schema", /type: "object"/);
    expectConfigError(
      { description: "d", schema: { type: "object", properties: { a: { type: 12 } } } },
      "schema",
      /not a valid JSON Schema/,
    );
  });

  it("rejects zod schemas that are not objects or have no JSON Schema form", () => {
    expectConfigError(
      { description: "d", schema: z.string() },
      "schema",
      /must describe an object/,
    );
    expectConfigError(
      { description: "d", schema: z.object({ d: z.date() }) },
      "schema",
      /Date cannot be represented/,
    );
  });

  it("rejects a Standard Schema that cannot produce JSON Schema", () => {
    const standardOnly = {
      "~standard": { version: 1, vendor: "acme", validate: (value: unknown) => ({ value }) },
    };
    expectConfigError(
      { description: "d", schema: standardOnly },
      "schema",
      /Standard Schema \(acme\)/,
    );
  });

  it("rejects an invalid activity name", () => {
    expectConfigError(
      { description: "d", name: "foo^bar" },
      "name",
      /activity name "foo\^bar" is invalid/,
    );
    expectConfigError({ description: "d", name: "" }, "name", /invalid/);
    expectConfigError({ description: "d" }, undefined, /invalid/, "has space");
  });

  it("rejects bad annotations and timeouts", () => {
    expectConfigError(
      { description: "d", annotations: { readonly: true } },
      "annotations.readonly",
      /not an annotation/,
    );
    expectConfigError(
      { description: "d", annotations: { destructive: "yes" } },
      "annotations.destructive",
      /boolean/,
    );
    expectConfigError(
      { description: "d", annotations: { readOnly: true, destructive: true } },
      "annotations",
      /both readOnly and destructive/,
    );
    // Node clamps a delay outside 1..2^31-1 to 1 ms: such a "limit" would fail every call at once.
    for (const timeoutMs of [0, -5, "5", 1.5, Number.NaN, Infinity, 2 ** 31, 30 * 86_400_000]) {
      expectConfigError({ description: "d", timeoutMs }, "timeoutMs", /from 1 to 2,147,483,647/);
    }
  });

  it("checks approval, retry and final-answer settings", () => {
    expectConfigError(
      { description: "d", needsApproval: "yes" },
      "needsApproval",
      /boolean or a function/,
    );
    expectConfigError({ description: "d", finalAnswer: 1 }, "finalAnswer", /must be a boolean/);
    expectConfigError(
      { description: "d", retry: { attempts: 2 } },
      "retry",
      /needs `annotations: \{ idempotent: true \}`/,
    );
    expectConfigError(
      { description: "d", annotations: { idempotent: true }, retry: { attempts: 0 } },
      "retry.attempts",
      /whole number >= 1/,
    );
    expectConfigError(
      {
        description: "d",
        annotations: { idempotent: true },
        retry: { attempts: 2, backoffMs: -1 },
      },
      "retry.backoffMs",
      />= 0/,
    );
    expectConfigError(
      { description: "d", annotations: { idempotent: true }, retry: { attempts: 2, delay: 1 } },
      "retry.delay",
      /not a retry option/,
    );
    assert.doesNotThrow(() =>
      define({
        description: "d",
        annotations: { idempotent: true },
        retry: { attempts: 3, backoffMs: 10 },
        needsApproval: (input: { amount: number }) => input.amount > 10,
        finalAnswer: true,
      }),
    );
  });

  it("rejects methods that would shadow Tool's own members", () => {
    expectConfigError({ description: "d" }, undefined, /shadows Tool.run/, "run");
    expectConfigError({ description: "d" }, undefined, /shadows Tool.name/, "name");
  });

  it("rejects two activities with one name in a class", () => {
    assert.throws(
      () => {
        class Twice extends Tool {
          @activity({ description: "a", name: "same" })
          one() {}
          @activity({ description: "b", name: "same" })
          two() {}
        }
        return Twice;
      },
      { name: "ActivityConfigError", key: "name", message: /already used by method "one"/ },
    );
  });

  it("rejects static methods", () => {
    assert.throws(() => {
      class Static extends Tool {
        // @ts-expect-error static methods are not activities (and do not type-check as one)
        @activity({ description: "d" })
        static go() {}
      }
      return Static;
    }, /static methods cannot be activities/);
  });

  it("is a ToolwrightError, recognisable across copies", () => {
    try {
      define({});
      assert.fail("no error");
    } catch (error) {
      assert.ok(ToolwrightError.isInstance(error));
      assert.equal(ToolwrightError.isInstance(new Error("x")), false);
    }
  });
});
