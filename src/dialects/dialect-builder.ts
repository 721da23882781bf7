import type { ActivityAnnotations } from "../activity/activity-annotations.js";
import type { JsonSchemaObject } from "../schema/json.js";
import type { Dialect, DialectOptions } from "./dialect.js";
import type { ProviderTools } from "./provider-tools.js";

/** @internal One activity, named and lowered for a dialect, ready to be put in the provider's shape. */
export interface LoweredTool {
  readonly name: string;
  /** The activity's description plus what the schema's root could not carry. */
  readonly description: string;
  readonly schema: JsonSchemaObject;
  /** The activity takes no input (an empty, closed object). */
  readonly noInput: boolean;
  readonly annotations: Readonly<ActivityAnnotations>;
  /** The schema of the activity's results, when it declares one. */
  readonly outputSchema: JsonSchemaObject | undefined;
}

/** @internal Builds a dialect's `tools` request value; one per dialect file. */
export type DialectBuilder<D extends Dialect> = (
  tools: readonly LoweredTool[],
  options: DialectOptions,
) => ProviderTools[D];

/** @internal `{ description }` when there is one, for spreading into a provider object. */
export function describedBy(description: string): { description?: string } {
  return description === "" ? {} : { description };
}
