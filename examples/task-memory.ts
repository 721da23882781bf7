// Run: npx tsx examples/task-memory.ts — an off-prompt tool stores a large output; the model reads and searches it.
import { z } from "zod";
import { activity, TextArtifact, Tool } from "../src/index.js";
import { memoryReferencesOf, TaskMemory } from "../src/memory.js";

class ReportTool extends Tool {
  @activity({
    description: "Returns the annual report of a company (long)",
    schema: z.object({ company: z.string() }),
  })
  report(input: { company: string }) {
    const filler = "Operations continued as planned across all regions. ".repeat(150);
    return new TextArtifact(
      `${input.company} annual report.\n\n${filler}\n\nRevenue grew by 12 percent, driven by the Lisbon office.\n\n${filler}`,
    );
  }
}

const memory = new TaskMemory(); // in memory; see SqliteArtifactStore and RedisArtifactStore
const tool = new ReportTool({ offPrompt: true });
tool.setTaskMemory(memory); // what a Toolbox does for each tool
const memoryTool = memory.tool();

const notice = await tool.run("report", { company: "ACME" });
console.log("The model sees:", notice.toText());
const [reference] = memoryReferencesOf(notice);

console.log("\nlist_namespaces:\n", (await memoryTool.run("list_namespaces", {})).toText());
const found = await memoryTool.run("search", {
  memory_name: "TaskMemory",
  query: "revenue Lisbon",
  limit: 1,
});
console.log("\nsearch:\n", found.toText());
const page = await memoryTool.run("read", { ...reference, offset: 0, limit: 200 });
console.log("\nread:\n", page.toText());
