// Run: npx tsx examples/quickstart.ts — defines a tool, shows what a model sees, runs calls a model might send.
import { z } from "zod";
import { type ActivityContext, activity, Tool } from "../src/index.js";

class UnitConverterTool extends Tool {
  precision = 2;

  @activity({
    description:
      "Converts a temperature between Celsius and Fahrenheit, rounded to {{ _self.precision }} decimals",
    schema: z.object({
      value: z.number().describe("The temperature to convert"),
      from: z.enum(["C", "F"]).describe("Unit of the value"),
    }),
    annotations: { readOnly: true, idempotent: true },
  })
  convert(input: { value: number; from: "C" | "F" }, context: ActivityContext<UnitConverterTool>) {
    const result = input.from === "C" ? (input.value * 9) / 5 + 32 : ((input.value - 32) * 5) / 9;
    return {
      value: Number(result.toFixed(context.tool.precision)),
      unit: input.from === "C" ? "F" : "C",
    };
  }
}

const tool = new UnitConverterTool();
console.log("What the model sees:");
console.log(
  JSON.stringify(
    {
      name: tool.toNativeToolName("convert"),
      description: tool.activityDescription("convert"),
      parameters: tool.activitySchema("convert"),
    },
    null,
    2,
  ),
);

const calls: unknown[] = [
  { value: 100, from: "C" },
  { value: 212, from: "F", comment: "a key the model invented" },
  { value: "hot", from: "K" },
];
for (const input of calls) {
  const artifact = await tool.run("convert", input);
  console.log(`\n${JSON.stringify(input)}\n→ ${artifact.type}: ${artifact.toText()}`);
}
