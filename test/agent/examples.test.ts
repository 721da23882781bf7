// The provider examples, run as users run them, against a local server speaking OpenAI's wire format.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { startOpenAIServer } from "../fixtures/provider-servers/openai-server.js";
import { reply } from "../fixtures/provider-servers/script.js";
import type { ScriptedServer } from "../fixtures/provider-servers/scripted-server.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;

describe("examples/openai-agent.ts", () => {
  let server: ScriptedServer;
  before(async () => {
    server = await startOpenAIServer();
  });
  after(() => server.close());

  it("answers with the real built-in tools through the OpenAI SDK", async () => {
    server.script(
      reply({
        toolCalls: [
          {
            id: "d",
            name: "DateTimeTool_get_datetime_diff",
            arguments: {
              start_datetime: "2026-01-01T00:00:00Z",
              end_datetime: "2026-12-25T00:00:00Z",
            },
          },
        ],
      }),
      reply({
        toolCalls: [
          { id: "c", name: "CalculatorTool_calculate", arguments: { expression: "358 * 24" } },
        ],
      }),
      reply({ text: "358 days; 8592 hours." }),
    );
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "examples/openai-agent.ts"],
      {
        cwd: root,
        env: {
          ...process.env,
          OPENAI_API_KEY: "sk-test",
          OPENAI_BASE_URL: `${server.origin}/v1`,
          OPENAI_MODEL: "gpt-test",
        },
        timeout: 60_000,
      },
    );
    assert.match(stdout, /→ DateTimeTool_get_datetime_diff/);
    assert.match(stdout, /← 358 days, 0:00:00/);
    assert.match(stdout, /← 8592/);
    assert.match(stdout, /358 days; 8592 hours\./);
    assert.match(stdout, /\[completed after 3 model calls/);
  });
});
