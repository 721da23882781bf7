// Run: PORT=3000 npx tsx examples/mcp-conformance/server.ts — the conformance suite's fixture server
// written only with toolwright's public API, as a user would: one Tool whose activities are the tools
// the suite calls (`test_simple_text` is activity `simple_text` of the tool named `test`), served by
// serveMcp over Streamable HTTP on 127.0.0.1:$PORT at /mcp. `npm run conformance` measures it.
import {
  type ActivityContext,
  AudioArtifact,
  activity,
  BlobArtifact,
  ImageArtifact,
  ListArtifact,
  TextArtifact,
  Tool,
  Toolbox,
} from "../../src/index.js";
import { serveMcp } from "../../src/mcp.js";
import { jsonSchema202012, testPngBase64, testWavBase64 } from "./fixture-data.js";

const png = () => new ImageArtifact(Buffer.from(testPngBase64, "base64"), { format: "png" });

class ConformanceTool extends Tool {
  @activity({ description: "Returns one text block" })
  simple_text() {
    return "This is a simple text response for testing.";
  }

  @activity({ description: "Returns a PNG image" })
  image_content() {
    return png();
  }

  @activity({ description: "Returns a WAV recording" })
  audio_content() {
    return new AudioArtifact(Buffer.from(testWavBase64, "base64"), { format: "wav" });
  }

  @activity({ description: "Returns an embedded resource" })
  embedded_resource() {
    return new BlobArtifact(Buffer.from("This is an embedded resource content."), {
      name: "embedded-resource",
      mimeType: "text/plain",
    });
  }

  @activity({ description: "Returns text, an image and a resource" })
  multiple_content_types() {
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
  error_handling(): never {
    throw new Error("This tool intentionally returns an error for testing");
  }

  @activity({
    description: "Mirrors its region argument into the Mcp-Param-Region header (SEP-2243)",
    schema: {
      type: "object",
      properties: { region: { type: "string", "x-mcp-header": "Region" } },
    },
  })
  x_mcp_header(input: { region?: string }) {
    return `region=${input.region ?? "<none>"}`;
  }

  @activity({ description: "Reports progress three times" })
  async tool_with_progress(_input: Record<string, never>, context: ActivityContext) {
    for (const done of [0, 50, 100]) {
      context.progress(done, 100, `step ${done}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return "progress reported";
  }
}

class JsonTool extends Tool {
  @activity({ description: "Takes JSON Schema 2020-12 input", schema: jsonSchema202012 })
  schema_2020_12_tool(input: object) {
    return `called with ${JSON.stringify(input)}`;
  }
}

const toolbox = new Toolbox([
  new ConformanceTool({ name: "test" }),
  new JsonTool({ name: "json" }),
]);
const server = await serveMcp(toolbox, {
  transport: "http",
  port: Number(process.env.PORT ?? 3000),
  name: "toolwright-conformance",
});
console.error(`toolwright conformance server on ${server.url}`);
