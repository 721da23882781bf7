import { describeValue } from "../internal/describe-value.js";
import { formatPath } from "../internal/json-path.js";
import type { ValidationIssue } from "./validation-issue.js";

const prefix = "Activity input JSON validation error: ";

/**
 * @internal The text a model reads for invalid input: one `path: expected …, got …` per problem after
 * `lead`, cut to fit `budget` characters with a count of what was left out.
 */
export function formatValidationIssues(
  issues: readonly ValidationIssue[],
  budget = 1000,
  lead = prefix,
): string {
  const lines = issues.map(formatIssue);
  let text = lead;
  for (const [index, line] of lines.entries()) {
    const separator = index === 0 ? "" : "; ";
    const left = lines.length - index - 1;
    const tail = left > 0 ? `; … and ${left} more problem${left === 1 ? "" : "s"}` : "";
    if (text.length + separator.length + line.length + tail.length > budget && index > 0) {
      const remaining = lines.length - index;
      return `${text}; … and ${remaining} more problem${remaining === 1 ? "" : "s"}`;
    }
    text += separator + line;
  }
  return text.length > budget ? `${text.slice(0, budget - 1)}…` : text;
}

function formatIssue(issue: ValidationIssue): string {
  // A problem with the input as a whole, told in its own words (no single value was wrong).
  if (issue.expected === "" && issue.message !== undefined) {
    return issue.path.length === 0 ? issue.message : `${formatPath(issue.path)}: ${issue.message}`;
  }
  const got =
    issue.missing && issue.received === undefined ? "nothing" : describeValue(issue.received);
  const rule = issue.message === undefined ? `expected ${issue.expected}` : issue.message;
  return `${formatPath(issue.path)}: ${rule}, got ${got}`;
}
