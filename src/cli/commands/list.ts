import type { ActivityAnnotations } from "../../activity/activity-annotations.js";
import { type ReportCommand, withToolbox } from "../load-toolbox.js";
import { firstLine, paint, plural, say, table } from "../output.js";

/** @internal `toolwright list [module]`: tools and activities with their descriptions. */
export const listCommand: ReportCommand = (modulePath, options, output) =>
  withToolbox(modulePath, options, (loaded) => {
    const { toolbox } = loaded;
    const tools = toolbox.tools.map((tool) => ({
      name: tool.name,
      activities: tool.activities().map((activity) => ({
        name: activity.name,
        nativeName: toolbox.nativeName(tool, activity.name),
        description: tool.activityDescription(activity.name),
        annotations: activity.annotations,
      })),
    }));
    if (options.json) {
      say(output, JSON.stringify(tools, null, 2));
      return 0;
    }
    const out = output.stdout;
    // One table for every tool, so columns line up across tools; tool names head their rows.
    const rows = tools.flatMap((tool) =>
      tool.activities.map((activity) => [
        `  ${activity.nativeName}`,
        firstLine(activity.description),
        hints(activity.annotations),
      ]),
    );
    const lines = table(rows, [
      (cell) => paint("cyan", cell, out),
      undefined,
      (cell) => paint("dim", cell, out),
    ]);
    let next = 0;
    for (const tool of tools) {
      say(output, paint("bold", tool.name, out));
      for (const line of lines.slice(next, next + tool.activities.length)) say(output, line);
      next += tool.activities.length;
    }
    const count = tools.reduce((sum, tool) => sum + tool.activities.length, 0);
    say(
      output,
      paint(
        "dim",
        `${plural(tools.length, "tool")}, ${plural(count, "activity")} (${loaded.source})`,
        out,
      ),
    );
    return 0;
  });

function hints(annotations: Readonly<ActivityAnnotations>): string {
  const words: string[] = [];
  if (annotations.readOnly === true) words.push("read-only");
  if (annotations.destructive === true) words.push("destructive");
  if (annotations.idempotent === true) words.push("idempotent");
  if (annotations.openWorld === true) words.push("open-world");
  return words.join(", ");
}
