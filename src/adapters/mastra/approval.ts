import type { Toolbox } from "../../toolbox/toolbox.js";

/** What Mastra's `requireApproval` takes: a flag, or a question asked per call with its input. */
export type MastraApproval = boolean | ((input: unknown) => Promise<boolean>);

/**
 * An activity's `needsApproval` as Mastra's `requireApproval`: a flag as it is; a predicate asked with
 * the input toolwright decoded and validated (`toolbox.prepare`), so it never sees the model's raw
 * shape. A call toolwright would refuse asks no one (it runs only to be refused), and a predicate that
 * throws holds the call, as toolwright's Agent does. `undefined` when the activity sets nothing.
 *
 * @example
 * ```ts
 * createTool({ id, description, inputSchema, execute, requireApproval: mastraApproval(toolbox, name) });
 * ```
 */
export function mastraApproval(toolbox: Toolbox, nativeName: string): MastraApproval | undefined {
  const found = toolbox.resolveName(nativeName);
  const needs = found?.activity.needsApproval;
  if (found === undefined || needs === undefined) return undefined;
  if (typeof needs === "boolean") return needs;
  const predicate = needs as (input: unknown, context: typeof found) => boolean | Promise<boolean>;
  return async (input) => {
    const prepared = await toolbox.prepare({ name: nativeName, arguments: input });
    if (!prepared.ok) return false;
    try {
      return Boolean(await predicate(prepared.input, found));
    } catch {
      return true;
    }
  };
}
