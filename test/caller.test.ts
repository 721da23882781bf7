import assert from "node:assert/strict";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, it } from "node:test";
import { z } from "zod";
import {
  type ActivityContext,
  activity,
  type Caller,
  ErrorArtifact,
  type LogEvent,
  Tool,
  Toolbox,
} from "../src/index.js";

class Survey extends Tool {
  @activity({ description: "Asks the person's age" })
  async age(_input: object, context: ActivityContext) {
    context.log("debug", "asking", { step: 1 });
    const answer = await context.elicit("How old are you?", z.object({ age: z.number().int() }));
    return answer.action === "accept" ? `age ${answer.content.age}` : answer.action;
  }

  @activity({ description: "Asks the caller's model" })
  async poem(_input: object, context: ActivityContext) {
    const reply = await context.sample([{ role: "user", content: "A haiku" }], { maxTokens: 30 });
    return `${reply.model}: ${reply.content.toText()}`;
  }

  @activity({ description: "A form MCP cannot carry" })
  async nested(_input: object, context: ActivityContext) {
    return context.elicit("Address?", z.object({ address: z.object({ city: z.string() }) }));
  }
}

function callerWith(answers: Partial<Caller>): Caller {
  return {
    abilities: { elicit: true, sample: true, roots: true },
    log: () => undefined,
    elicit: () => Promise.reject(new Error("not asked")),
    sample: () => Promise.reject(new Error("not asked")),
    roots: async () => [],
    ...answers,
  };
}

describe("context.log, elicit and sample with a caller", () => {
  const toolbox = new Toolbox([new Survey()]);

  it("passes forms and samples to the caller, validating the answer with the form's schema", async () => {
    const logs: unknown[] = [];
    let form: unknown;
    const caller = callerWith({
      log: (level, message, data) => logs.push([level, message, data]),
      elicit: async (request) => {
        form = request.requestedSchema;
        return { action: "accept", content: { age: 41 } };
      },
      sample: async (request) => {
        assert.deepEqual(request.messages, [
          { role: "user", content: { type: "text", text: "A haiku" } },
        ]);
        return { role: "assistant", model: "m", content: { type: "text", text: "leaves fall" } };
      },
    });
    const heard: LogEvent[] = [];
    const listener = (event: unknown) => heard.push(event as LogEvent);
    subscribe("toolwright:log", listener);
    try {
      const age = await toolbox.execute({ name: "Survey_age", arguments: {} }, { caller });
      assert.equal(age.artifact.toText(), "age 41");
    } finally {
      unsubscribe("toolwright:log", listener);
    }
    assert.deepEqual(form, {
      type: "object",
      properties: { age: { type: "integer" } },
      required: ["age"],
    });
    assert.deepEqual(logs, [["debug", "asking", { step: 1 }]]);
    assert.deepEqual(heard, [
      { level: "debug", message: "asking", data: { step: 1 }, toolName: "Survey" },
    ]);
    const poem = await toolbox.execute({ name: "Survey_poem", arguments: {} }, { caller });
    assert.equal(poem.artifact.toText(), "m: leaves fall");

    const wrong = callerWith({ elicit: async () => ({ action: "accept", content: { age: 4.5 } }) });
    const refused = await toolbox.execute({ name: "Survey_age", arguments: {} }, { caller: wrong });
    assert.ok(refused.artifact instanceof ErrorArtifact);
    assert.equal(refused.artifact.code, "invalid_answer");
  });

  it("without a caller, or one that cannot, an ask is an ErrorArtifact with a code; never a hang", async () => {
    const none = await toolbox.execute({ name: "Survey_age", arguments: {} });
    assert.ok(none.artifact instanceof ErrorArtifact);
    assert.equal(none.artifact.code, "elicitation_unavailable");
    assert.match(none.artifact.value, /this call has no caller to ask/);
    const mute = callerWith({ abilities: { elicit: false, sample: false, roots: false } });
    const poem = await toolbox.execute({ name: "Survey_poem", arguments: {} }, { caller: mute });
    assert.ok(poem.artifact instanceof ErrorArtifact);
    assert.equal(poem.artifact.code, "sampling_unavailable");
  });

  it("refuses a form MCP cannot carry, naming the property", async () => {
    const result = await toolbox.execute(
      { name: "Survey_nested", arguments: {} },
      { caller: callerWith({}) },
    );
    assert.ok(result.artifact instanceof ErrorArtifact);
    assert.match(result.artifact.value, /form property "address" has type "object"/);
  });
});
