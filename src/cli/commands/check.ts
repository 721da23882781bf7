import { checkToolbox, type VariantReport } from "../check-report.js";
import { type ReportCommand, withToolbox } from "../load-toolbox.js";
import { type CliOutput, paint, plural, progress, say, table } from "../output.js";

/**
 * @internal `toolwright check [module]`: compiles every tool for every dialect and prints what each
 * one loses (keywords moved into descriptions) or rejects (preflight errors, with their path); exit 1
 * when anything is rejected.
 */
export const checkCommand: ReportCommand = (modulePath, options, output) =>
  withToolbox(modulePath, options, ({ toolbox }) => {
    const activities = toolbox.tools.reduce((sum, tool) => sum + tool.activities().length, 0);
    progress(
      output,
      `compiling ${plural(activities, "activity")} of ${plural(toolbox.tools.length, "tool")} for every dialect…`,
    );
    const reports = checkToolbox(toolbox);
    const rejected = reports.reduce((sum, report) => sum + report.rejected.length, 0);
    if (options.json) say(output, JSON.stringify(reports.map(toJson), null, 2));
    else printReports(reports, activities, output);
    return rejected > 0 ? 1 : 0;
  });

function printReports(reports: readonly VariantReport[], activities: number, output: CliOutput) {
  const out = output.stdout;
  const rows = [
    ["dialect", "accepted", "moved to descriptions", "rejected"],
    ...reports.map((report) => [
      report.variant.label,
      `${report.accepted}/${activities}`,
      movedSummary(report) || "-",
      String(report.rejected.length),
    ]),
  ];
  const lines = table(rows, [
    undefined,
    undefined,
    undefined,
    (cell) => (cell === "0" || cell === "rejected" ? cell : paint("red", cell, out)),
  ]);
  say(output, paint("bold", lines[0] as string, out));
  for (const line of lines.slice(1)) say(output, line);
  const moved = reports.filter((report) => report.moved.size > 0);
  if (moved.length > 0) {
    say(output, "");
    say(
      output,
      paint("bold", "Moved to descriptions (still enforced by toolwright's validator):", out),
    );
    for (const report of moved) {
      for (const [keyword, owners] of report.moved) {
        say(output, `  ${report.variant.label}: ${keyword} in ${[...new Set(owners)].join(", ")}`);
      }
    }
  }
  const rejected = reports.flatMap((report) => report.rejected);
  if (rejected.length > 0) {
    say(output, "");
    say(output, paint(["bold", "red"], "Rejected:", out));
    for (const message of rejected) say(output, `  ${message}`);
  } else {
    say(output, "");
    say(output, paint("green", "Every dialect accepts every activity.", out));
  }
}

function movedSummary(report: VariantReport): string {
  return [...report.moved]
    .map(([keyword, owners]) => (owners.length === 1 ? keyword : `${keyword} ×${owners.length}`))
    .join(", ");
}

function toJson(report: VariantReport) {
  return {
    dialect: report.variant.dialect,
    options: report.variant.options,
    label: report.variant.label,
    accepted: report.accepted,
    moved: Object.fromEntries(report.moved),
    rejected: report.rejected,
  };
}
