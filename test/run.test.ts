import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { type ActivityContext, activity, ErrorArtifact, Tool } from "../src/index.js";
import { MockTool } from "./fixtures/mock-tool.js";

describe("tool.run", () => {
  it("runs an activity and wraps its result", async () => {
    const tool = new MockTool();
    assert.equal((await tool.run("test", { test: "value" })).toText(), "ack value");
    assert.equal((await tool.run("test_list_output", {})).toText(), "foo\n\nbar");
    const str = await tool.run("test_str_output", { test: "x" });
    assert.equal(str.type, "InfoArtifact");
    assert.equal(str.toText(), "ack x");
    const none = await tool.run("test_no_schema", undefined);
    assert.equal(none.type, "InfoArtifact");
    assert.equal(none.toText(), "no schema");
    const context = await tool.run("test_without_default_memory", { test: "v" });
    assert.equal(context.toText(), "ack v from MockTool");
  });

  it("returns an ErrorArtifact for unknown and disabled activities, listing the enabled ones", async () => {
    const unknown = await new MockTool({ allowlist: ["test", "test_error"] }).run("nope", {});
    assert.equal(unknown.type, "ErrorArtifact");
    assert.equal(
      unknown.toText(),
      'Activity "nope" not found on tool "MockTool". Enabled activities: test, test_error.',
    );
    assert.equal((unknown as ErrorArtifact).code, "unknown_activity");
    const disabled = await new MockTool({ denylist: ["test_str_output"] }).run("test_str_output", {
      test: "x",
    });
    assert.match(
      disabled.toText(),
      /^Activity "test_str_output" of tool "MockTool" is disabled\. Enabled activities: test,/,
    );
    const none = new MockTool();
    none.disableActivities();
    assert.match((await none.run("test", { test: "x" })).toText(), /has no enabled activities/);
  });

  it("reports invalid input per path, what was expected and what came", async () => {
    const tool = new MockTool();
    for (const input of [{ test1234: "x" }, {}, { test: 1 }, "just a string", [1]]) {
      const artifact = await tool.run("test", input);
      assert.equal(artifact.type, "ErrorArtifact");
      assert.match(artifact.toText(), /^Activity input JSON validation error: /);
      assert.equal((artifact as ErrorArtifact).code, "invalid_input");
    }
    assert.equal(
      (await tool.run("test", { test: 1 })).toText(),
      "Activity input JSON validation error: $.test: expected string, got 1",
    );
    assert.equal(
      (await tool.run("test", {})).toText(),
      "Activity input JSON validation error: $.test: expected string, got nothing",
    );
  });

  it("validates JSON Schema inputs with every problem named", async () => {
    class Booking extends Tool {
      @activity({
        description: "Book a room",
        schema: {
          type: "object",
          properties: {
            room: { type: "string", enum: ["red", "blue"] },
            nights: { type: "integer", minimum: 1 },
            guests: { type: "array", items: { type: "string" }, maxItems: 2 },
            start: { type: "string", format: "date" },
          },
          required: ["room", "nights"],
          additionalProperties: false,
        },
      })
      book(input: { room: string }) {
        return `booked ${input.room}`;
      }
    }
    const tool = new Booking();
    assert.equal((await tool.run("book", { room: "red", nights: 2 })).toText(), "booked red");
    const bad = await tool.run("book", {
      room: "green",
      nights: 0,
      guests: ["a", "b", "c"],
      start: "soon",
    });
    assert.equal(
      bad.toText(),
      'Activity input JSON validation error: $.room: expected one of "red", "blue", got string "green"; ' +
        "$.nights: expected number >= 1, got 0; $.guests: expected array of at most 2 items, got array " +
        '["a","b","c"]; $.start: expected string in format date, got string "soon"',
    );
  });

  it("keeps validation errors within 1,000 characters with a count of the rest", async () => {
    const shape = Object.fromEntries(
      Array.from({ length: 80 }, (_, index) => [`field_${index}`, z.string()]),
    );
    class Wide extends Tool {
      @activity({ description: "wide", schema: z.object(shape) })
      wide() {}
    }
    const text = (await new Wide().run("wide", {})).toText();
    assert.ok(text.length <= 1000, `length ${text.length}`);
    assert.match(text, /… and \d+ more problems$/);
  });

  it("drops unknown keys before the method sees them, and never mutates the caller's input", async () => {
    let seen: unknown;
    class Recorder extends Tool {
      @activity({
        description: "record",
        schema: z.object({
          a: z.string(),
          nested: z.object({ b: z.array(z.object({ c: z.number() })) }),
        }),
      })
      record(input: { a: string; nested: { b: { c: number }[] } }) {
        seen = structuredClone(input);
        input.nested.b.push({ c: 99 });
        input.a = "changed";
      }
    }
    const input = { a: "x", extra: true, nested: { b: [{ c: 1, junk: 2 }], more: 1 } };
    const before = structuredClone(input);
    await new Recorder().run("record", input);
    assert.deepEqual(seen, { a: "x", nested: { b: [{ c: 1 }] } });
    assert.deepEqual(input, before);
  });

  it("keeps the caller's input intact when a method mutates it (Griptape item 13)", async () => {
    class Mutator extends Tool {
      @activity({
        description: "mutate",
        schema: { type: "object", properties: { list: { type: "array" } } },
      })
      mutate(input: { list: unknown[] }) {
        input.list.push("added");
        return input.list.length;
      }
    }
    const input = { list: [1] };
    assert.equal((await new Mutator().run("mutate", input)).toText(), "2");
    assert.deepEqual(input, { list: [1] });
  });

  it("turns a thrown error into an ErrorArtifact that keeps the error", async () => {
    const artifact = (await new MockTool().run("test_exception", {
      test: "value",
    })) as ErrorArtifact;
    assert.equal(artifact.type, "ErrorArtifact");
    assert.equal(artifact.toText(), "error value");
    assert.ok(artifact.cause instanceof Error);
    assert.equal(artifact.code, "activity_failed");
    class Rejects extends Tool {
      @activity({ description: "rejects" })
      async go() {
        throw "a bare string";
      }
    }
    assert.equal((await new Rejects().run("go", {})).toText(), "a bare string");
  });

  it("times out slow methods, aborting their signal (activity, tool and call limits)", async () => {
    let aborted: unknown;
    class Slow extends Tool {
      @activity({ description: "slow", timeoutMs: 30 })
      async slow(_input: object, context: ActivityContext) {
        context.signal.addEventListener("abort", () => {
          aborted = context.signal.reason;
        });
        await sleep(5_000, undefined, { signal: context.signal }).catch(() => undefined);
        return "finished";
      }
      @activity({ description: "quick" })
      async quick() {
        await sleep(60);
        return "quick";
      }
    }
    const slow = (await new Slow().run("slow", {})) as ErrorArtifact;
    assert.equal(slow.code, "timeout");
    assert.equal(slow.toText(), 'Activity "slow" of tool "Slow" timed out after 30 ms');
    assert.equal((aborted as DOMException).name, "TimeoutError");
    assert.equal((await new Slow({ timeoutMs: 10 }).run("quick", {})).type, "ErrorArtifact");
    assert.equal(
      (await new Slow({ timeoutMs: 10 }).run("quick", {}, { timeoutMs: 1_000 })).toText(),
      "quick",
    );
    assert.equal((await new Slow().run("slow", {}, { timeoutMs: 1 })).type, "ErrorArtifact");
  });

  it("rejects with the caller's abort reason and aborts the method's signal", async () => {
    let sawAbort = false;
    class Waits extends Tool {
      @activity({ description: "waits" })
      async wait(_input: object, context: ActivityContext) {
        await new Promise((resolve) => context.signal.addEventListener("abort", resolve));
        sawAbort = true;
      }
    }
    const controller = new AbortController();
    const pending = new Waits().run("wait", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user cancelled")), 10);
    await assert.rejects(pending, /user cancelled/);
    await sleep(1);
    assert.equal(sawAbort, true);
    await assert.rejects(new Waits().run("wait", {}, { signal: AbortSignal.abort() }), {
      name: "AbortError",
    });
  });

  it("calls onBeforeRun and onAfterRun once each per call, even for failed calls", async () => {
    const events: string[] = [];
    const tool = new MockTool({
      onBeforeRun: ({ tool, activity }) => {
        events.push(`before ${tool.name}.${activity}`);
      },
      onAfterRun: async ({ activity, artifact }) => {
        events.push(`after ${activity} ${artifact.type}`);
      },
    });
    await tool.run("test", { test: "x" });
    await tool.run("test", {});
    await tool.run("nope", {});
    assert.deepEqual(events, [
      "before MockTool.test",
      "after test TextArtifact",
      "before MockTool.test",
      "after test ErrorArtifact",
      "before MockTool.nope",
      "after nope ErrorArtifact",
    ]);
  });

  it("turns a failing hook into an ErrorArtifact", async () => {
    let ran = false;
    class Guarded extends Tool {
      @activity({ description: "guarded" })
      go() {
        ran = true;
      }
    }
    const before = new Guarded({
      onBeforeRun: () => {
        throw new Error("not allowed");
      },
    });
    assert.equal((await before.run("go", {})).toText(), "onBeforeRun failed: not allowed");
    assert.equal(ran, false);
    const after = new Guarded({
      onAfterRun: () => Promise.reject(new Error("log down")),
    });
    assert.equal((await after.run("go", {})).toText(), "onAfterRun failed: log down");
  });

  it("applies zod transforms and defaults but never fills JSON Schema defaults", async () => {
    class Defaults extends Tool {
      @activity({
        description: "zod",
        schema: z.object({ n: z.number().default(7), s: z.string().trim() }),
      })
      zod(input: { n: number; s: string }) {
        return input;
      }
      @activity({
        description: "json",
        schema: { type: "object", properties: { n: { type: "number", default: 7 } } },
      })
      json(input: object) {
        return input;
      }
    }
    const tool = new Defaults();
    assert.deepEqual((await tool.run("zod", { s: "  x " })).value, { n: 7, s: "x" });
    assert.deepEqual((await tool.run("json", {})).value, {});
    assert.deepEqual(tool.activitySchema("json").properties, { n: { type: "number", default: 7 } });
  });

  it("supports async zod refinements", async () => {
    class Checked extends Tool {
      @activity({
        description: "checked",
        schema: z.object({
          user: z.string().refine(async (name) => name !== "root", "user must not be root"),
        }),
      })
      check(input: { user: string }) {
        return `hello ${input.user}`;
      }
    }
    const tool = new Checked();
    assert.equal((await tool.run("check", { user: "ada" })).toText(), "hello ada");
    assert.equal(
      (await tool.run("check", { user: "root" })).toText(),
      'Activity input JSON validation error: $.user: user must not be root, got string "root"',
    );
  });

  it("accepts an ErrorArtifact returned by the method as the result", async () => {
    const artifact = await new MockTool().run("test_error", { test: "v" });
    assert.ok(artifact instanceof ErrorArtifact);
    assert.equal(artifact.toText(), "error v");
  });
});

describe("retries", () => {
  class Flaky extends Tool {
    calls = 0;
    failures: number;
    constructor(failures: number) {
      super();
      this.failures = failures;
    }

    @activity({
      description: "flaky",
      schema: z.object({ n: z.number() }),
      annotations: { idempotent: true },
      retry: { attempts: 3, backoffMs: 1 },
    })
    async fetch(input: { n: number }) {
      this.calls++;
      if (this.calls <= this.failures) throw new Error(`failure ${this.calls}`);
      return `ok ${input.n} after ${this.calls}`;
    }

    @activity({
      description: "slow once",
      annotations: { idempotent: true },
      retry: { attempts: 2 },
      timeoutMs: 20,
    })
    async slowOnce() {
      this.calls++;
      if (this.calls === 1) await sleep(200);
      return `done after ${this.calls}`;
    }

    @activity({
      description: "returns an error",
      annotations: { idempotent: true },
      retry: { attempts: 3 },
    })
    refuses() {
      this.calls++;
      return new ErrorArtifact("no such order");
    }
  }

  it("retries thrown errors of idempotent activities up to the attempts", async () => {
    const twice = new Flaky(2);
    assert.equal((await twice.run("fetch", { n: 1 })).toText(), "ok 1 after 3");
    const always = new Flaky(5);
    const failed = (await always.run("fetch", { n: 1 })) as ErrorArtifact;
    assert.equal(failed.toText(), "failure 3");
    assert.equal(always.calls, 3);
  });

  it("retries a timeout", async () => {
    const tool = new Flaky(0);
    assert.equal((await tool.run("slowOnce", {})).toText(), "done after 2");
  });

  it("never retries invalid input or an error the method returned", async () => {
    const tool = new Flaky(0);
    assert.match((await tool.run("fetch", { n: "x" })).toText(), /validation error/);
    assert.equal(tool.calls, 0);
    assert.equal((await tool.run("refuses", {})).toText(), "no such order");
    assert.equal(tool.calls, 1);
  });
});
