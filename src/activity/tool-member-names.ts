/**
 * @internal The members of `Tool` an activity method would shadow. A list rather than a look at
 * `Tool.prototype`, so the decorator needs no import of `Tool` (which imports the activity registry):
 * the import graph stays one way. `test/tool.test.ts` checks it against the class.
 */
export const toolMemberNames: ReadonlySet<string> = new Set([
  "name",
  "constructor",
  "allowlist",
  "denylist",
  "activities",
  "findActivity",
  "enableActivities",
  "disableActivities",
  "activityDescription",
  "activitySchema",
  "schema",
  "toNativeToolName",
  "offPrompt",
  "outputMemory",
  "inputMemory",
  "findInputMemory",
  "setTaskMemory",
  "checkRequirements",
  "run",
]);

/** @internal True when a method of this name would hide a `Tool` member or an `Object.prototype` one. */
export function shadowsToolMember(methodName: string): boolean {
  return toolMemberNames.has(methodName) || methodName in Object.prototype;
}
