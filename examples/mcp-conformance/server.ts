// Run: PORT=3000 npx tsx examples/mcp-conformance/server.ts — the conformance suite's fixture server
// written only with toolwright's public API, as a user would: Tools whose activities, resources and
// prompts are what the suite calls, served by serveMcp with bare names (`test_simple_text`, not
// `ContentTool_test_simple_text`) over Streamable HTTP on 127.0.0.1:$PORT at /mcp.
// `npm run conformance` measures it.
import {
  type ActivityContext,
  AudioArtifact,
  activity,
  BlobArtifact,
  ImageArtifact,
  ListArtifact,
  type PromptContext,
  prompt,
  resource,
  TextArtifact,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { serveMcp } from "../../src/mcp.js";
import { RoundAskingTool, SessionAskingTool } from "./asking-tools.js";
import { jsonSchema202012, testPngBase64, testWavBase64 } from "./fixture-data.js";
import { TaskTool } from "./task-tools.js";

const png = () => new ImageArtifact(Buffer.from(testPngBase64, "base64"), { format: "png" });

class ContentTool extends Tool {
  @activity({ description: "Returns one text block" })
  test_simple_text() {
    return "This is a simple text response for testing.";
  }

  @activity({ description: "Returns a PNG image" })
  test_image_content() {
    return png();
  }

  @activity({ description: "Returns a WAV recording" })
  test_audio_content() {
    return new AudioArtifact(Buffer.from(testWavBase64, "base64"), { format: "wav" });
  }

  @activity({ description: "Returns an embedded resource" })
  test_embedded_resource() {
    return new BlobArtifact(Buffer.from("This is an embedded resource content."), {
      name: "embedded-resource",
      mimeType: "text/plain",
    });
  }

  @activity({ description: "Returns text, an image and a resource" })
  test_multiple_content_types() {
    return new ListArtifact([
      new TextArtifact("Multiple content types test:"),
      png(),
      new BlobArtifact(Buffer.from(JSON.stringify({ test: "data", value: 123 })), {
        name: "mixed-content-resource",
        mimeType: "application/json",
      }),
    ]);
  }

  @activity({ description: "Always fails" })
  test_error_handling(): never {
    throw new Error("This tool intentionally returns an error for testing");
  }

  @activity({
    description: "Mirrors its region argument into the Mcp-Param-Region header (SEP-2243)",
    schema: {
      type: "object",
      properties: { region: { type: "string", "x-mcp-header": "Region" } },
    },
  })
  test_x_mcp_header(input: { region?: string }) {
    return `region=${input.region ?? "<none>"}`;
  }

  @activity({ description: "Reports progress three times" })
  async test_tool_with_progress(_input: Record<string, never>, context: ActivityContext) {
    for (const done of [0, 50, 100]) {
      context.progress(done, 100, `step ${done}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return "progress reported";
  }
}

/** The resources and prompts the suite reads. */
class LibraryTool extends Tool {
  @resource({ uri: "test://static-text", mimeType: "text/plain", description: "Fixed text" })
  staticText() {
    return "This is the content of the static text resource.";
  }

  @resource({ uri: "test://static-binary", mimeType: "image/png", description: "A PNG" })
  staticBinary() {
    return png();
  }

  @resource({ uri: "test://watched-resource", description: "A resource clients subscribe to" })
  watched() {
    return "Watched resource content";
  }

  @resource({ uriTemplate: "test://template/{id}/data", mimeType: "application/json" })
  templated({ id }: { id: string }) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  @prompt({ description: "A prompt without arguments" })
  test_simple_prompt() {
    return "This is a simple prompt for testing.";
  }

  @prompt({
    description: "A prompt with two arguments",
    arguments: {
      type: "object",
      properties: {
        arg1: { type: "string", description: "First argument" },
        arg2: { type: "string", description: "Second argument" },
      },
      required: ["arg1", "arg2"],
    },
  })
  test_prompt_with_arguments({ arg1, arg2 }: { arg1: string; arg2: string }) {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @prompt({
    description: "A prompt that embeds a resource",
    arguments: {
      type: "object",
      properties: { resourceUri: { type: "string" } },
      required: ["resourceUri"],
    },
  })
  test_prompt_with_embedded_resource({ resourceUri }: { resourceUri: string }) {
    return [
      { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content." },
      "Please process the embedded resource above.",
    ].map((content) => ({ role: "user" as const, content }));
  }

  @prompt({
    description: "Asks the person for context before it renders (an input_required round)",
  })
  async test_input_required_result_prompt(_args: object, context: PromptContext) {
    const form = {
      type: "object",
      properties: { context: { type: "string" } },
      required: ["context"],
    };
    const answer = await context.elicit("What context should the prompt use?", form, {
      key: "user_context",
    });
    return answer.action === "accept"
      ? `Use the following context: ${String(answer.content.context)}`
      : "Use no particular context.";
  }

  @prompt({ description: "A prompt with an image" })
  test_prompt_with_image() {
    return [png(), "Please analyze the image above."];
  }
}

class JsonTool extends Tool {
  @activity({ description: "Takes JSON Schema 2020-12 input", schema: jsonSchema202012 })
  json_schema_2020_12_tool(input: object) {
    return `called with ${JSON.stringify(input)}`;
  }
}

const rounds = new RoundAskingTool();
const toolbox = new Toolbox([
  new ContentTool(),
  new LibraryTool(),
  new JsonTool(),
  new SessionAskingTool(),
  rounds,
  new TaskTool(),
]);
const server = await serveMcp(toolbox, {
  transport: "http",
  port: Number(process.env.PORT ?? 3000),
  name: "toolwright-conformance",
  naming: "bare",
});
rounds.notify = server.notify;
console.error(`toolwright conformance server on ${server.url}`);
