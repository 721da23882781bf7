import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { root } from "./run-cli.js";

/**
 * User modules for the CLI tests, written inside the repository (under `.tmp/`). They import
 * `"toolwright"`, which resolves to the built package exactly as in a user's project; the in-process
 * tests of `main()` rewrite that to the sources they run on.
 */
const modules: Record<string, string> = {
  "tools.ts": `
import { z } from "zod";
import { activity, TextArtifact, Tool } from "toolwright";

export class GreeterTool extends Tool {
  static requirements = ["zod@^4"];

  @activity({
    description: "Greets someone\\nSecond line of the description",
    schema: z.object({ name: z.string(), times: z.number().int().min(1).max(3).optional() }),
    annotations: { readOnly: true },
  })
  greet(input: { name: string; times?: number }) {
    console.log(\`greeting \${input.name}\`);
    return \`Hello, \${input.name}!\`.repeat(input.times ?? 1);
  }
}

export class ReportTool extends Tool {
  @activity({ description: "Writes a long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(\`Report on \${input.topic}. \${"The glaciers are retreating. ".repeat(30)}\`);
  }
}

export const reporter = new ReportTool({ offPrompt: true });
`,
  // Its own module, so that in-process tests give its off-prompt tool a memory only once.
  // A bank statement stored off the prompt: the tenant test's output (test/mcp/fixtures/tenant-probe.ts).
  "bank.ts": `
import { z } from "zod";
import { activity, TextArtifact, Tool } from "toolwright";

class BankTool extends Tool {
  @activity({
    description: "The latest bank statement",
    schema: z.object({}),
    annotations: { readOnly: true },
  })
  statement() {
    return new TextArtifact(
      "Bank statement of Alice Example, IBAN DE44 5001 0517 5407 3249 31. Balance 12,345.67 EUR. " +
        "Salary received from Initech; rent paid to Umbrella Estates.",
    );
  }
}

export const bank = new BankTool({ offPrompt: true });
`,
  // An activity that runs as an MCP task (the serve test of tasks).
  "tasks.ts": `
import { type ActivityContext, activity, Tool } from "toolwright";

export class SurveyTool extends Tool {
  @activity({
    description: "Surveys a region (long-running)",
    task: "optional",
    annotations: { readOnly: true },
  })
  async survey(_input: object, context: ActivityContext) {
    context.log("info", "surveying");
    await new Promise((resolve) => setTimeout(resolve, 50));
    return "surveyed";
  }
}

export const surveyor = new SurveyTool();
`,
  "reports.ts": `
import { z } from "zod";
import { activity, TextArtifact, Tool } from "toolwright";

class ReportTool extends Tool {
  @activity({ description: "Writes a long report", schema: z.object({ topic: z.string() }) })
  report(input: { topic: string }) {
    return new TextArtifact(\`Report on \${input.topic}. \${"The glaciers are retreating. ".repeat(30)}\`);
  }
}

export const reporter = new ReportTool({ offPrompt: true });
`,
  "toolbox.js": `
import { Toolbox } from "toolwright";
import { CalculatorTool } from "toolwright/tools";
export default new Toolbox([new CalculatorTool({ name: "Calc" })]);
`,
  "recursive.ts": `
import { activity, Tool } from "toolwright";

const node = {
  type: "object",
  properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
  required: ["label"],
  $defs: { node: { type: "object", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["label"] } },
} as const;

export class TreeTool extends Tool {
  @activity({ description: "Stores a tree", schema: node })
  store(input: { label: string }) {
    return input.label;
  }
}
`,
  "needs-pdf.js": `
import { Tool } from "toolwright";
export class PdfTool extends Tool {
  static requirements = ["zod@^4", "tw-never-published-zz@^1.0.0"];
}
`,
  "bad-requirement.js": `
import { Tool } from "toolwright";
export class BadTool extends Tool {
  static requirements = ["tw-fixture-pkg@latest"];
}
`,
  "syntax-error.ts": `
import { Tool } from "toolwright";
export class Broken extends Tool {
  oops( {
}
`,
  "bad-syntax.js": "export const a = ;\n",
  "no-tools.js": "export const answer = 42;\n",
  "duplicate.js": `
import { CalculatorTool } from "toolwright/tools";
export const one = new CalculatorTool();
export const two = new CalculatorTool();
`,
  "needs-args.js": `export { FileManagerTool } from "toolwright/tools";\n`,
  "two-toolboxes.js": `
import { Toolbox } from "toolwright";
export const a = new Toolbox();
export const b = new Toolbox();
`,
  "foreign.js": `
class Tool {
  activities() { return []; }
  run() {}
}
export class Impostor extends Tool {}
`,
};

/**
 * Writes the fixture modules into a fresh directory under `.tmp/`; returns it and a cleanup. With
 * `sources` (the `src/` folder), the modules import the entry files there instead of the package.
 */
export async function writeFixtures(
  sources?: string,
): Promise<{ dir: string; dispose: () => Promise<void> }> {
  await mkdir(join(root, ".tmp"), { recursive: true });
  const dir = await mkdtemp(join(root, ".tmp", "cli-"));
  for (const [name, text] of Object.entries(modules)) {
    await writeFile(
      join(dir, name),
      sources === undefined
        ? text
        : text.replace(
            /from "toolwright(?:\/([a-z-]+))?"/g,
            (_match, entry: string | undefined) =>
              `from ${JSON.stringify(join(sources, `${entry ?? "index"}.ts`))}`,
          ),
    );
  }
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
