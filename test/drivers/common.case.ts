import assert from "node:assert/strict";
import { after, afterEach, before, describe } from "node:test";
import type { PromptDriver } from "../../src/index.js";
import { toolsFor } from "../fixtures/provider-servers/dialect-tools.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";
import { answerCases } from "./conformance/answer.case.js";
import { failureCases } from "./conformance/failure.case.js";
import type { DriverUnderTest, Suite } from "./conformance/suite.js";

export type { ConformanceCase, DriverUnderTest } from "./conformance/suite.js";

/**
 * The suite every driver passes (Hono's `common.case.test.ts` pattern): each case scripts the fake
 * provider, calls the driver through its real SDK, and checks the response and what the provider
 * received.
 */
export function runDriverConformance(subject: DriverUnderTest): void {
  describe(`${subject.name}: driver conformance`, () => {
    const suite: Suite = {
      subject,
      server: undefined as unknown as ScriptedServer,
      driver: undefined as unknown as PromptDriver,
      tools: toolsFor(subject.dialect),
      lacks: (name) => subject.lacks?.[name],
    };
    before(async () => {
      suite.server = await subject.startServer();
      suite.driver = subject.createDriver(suite.server.origin, { maxRetries: 2 });
    });
    after(() => suite.server.close());
    afterEach(() => {
      const unused = suite.server.pending();
      suite.server.reset();
      assert.equal(unused, 0, "the case left scripted turns unused");
    });
    answerCases(suite);
    failureCases(suite);
  });
}
