import { ActivityConfigError } from "../errors/activity-config-error.js";
import type { Tool } from "../tool/tool.js";
import type {
  ActivityConfig,
  ActivityInput,
  ActivityMethod,
  ActivitySchemaOption,
} from "./activity-config.js";
import { ownActivities, recordActivity } from "./activity-registry.js";
import type { ToolActivity } from "./tool-activity.js";
import { shadowsToolMember } from "./tool-member-names.js";
import { validateActivityConfig } from "./validate-config.js";

/**
 * Marks a method of a `Tool` subclass as an activity a model can call. The config is checked when the
 * class is defined; with a zod schema, the method's `input` type is checked against it.
 *
 * @example
 * ```ts
 * class WeatherTool extends Tool {
 *   @activity({
 *     description: "Current temperature for a city",
 *     schema: z.object({ city: z.string() }),
 *     annotations: { readOnly: true, openWorld: true },
 *   })
 *   async temperature(input: { city: string }) {
 *     return `21°C in ${input.city}`;
 *   }
 * }
 * ```
 */
export function activity<
  S extends ActivitySchemaOption | undefined = undefined,
  T extends Tool = Tool,
>(
  config: ActivityConfig<S, T>,
): <This extends T, Value extends ActivityMethod<This, ActivityInput<S>>>(
  method: Value,
  context: ClassMethodDecoratorContext<This, Value>,
) => void {
  return (_method, context) => {
    // TypeScript's `experimentalDecorators` calls (prototype, key, descriptor): no context object.
    if (typeof context !== "object" || context === null) legacyDecorator(_method, context);
    const methodName = String(context.name);
    const fail = (message: string): never => {
      throw new ActivityConfigError({ methodName, message });
    };
    if (typeof context.name !== "string") fail("symbol-named methods cannot be activities");
    if (context.static) fail("static methods cannot be activities");
    if (shadowsToolMember(methodName)) {
      fail(
        `the method name shadows Tool.${methodName}; rename the method and set \`name: "${methodName}"\``,
      );
    }
    const metadata = context.metadata as object | undefined;
    if (metadata === undefined) {
      throw new ActivityConfigError({
        methodName,
        message:
          "Symbol.metadata is missing; import toolwright (which installs it) before defining tool classes",
      });
    }
    const validated = validateActivityConfig(config, methodName);
    for (const existing of ownActivities(metadata)) {
      if (existing.activity.methodName === methodName) fail("@activity is applied twice");
      if (existing.activity.name === validated.name) {
        throw new ActivityConfigError({
          methodName,
          key: "name",
          message: `activity name "${validated.name}" is already used by method "${existing.activity.methodName}"`,
        });
      }
    }
    const toolActivity: ToolActivity = Object.freeze({
      name: validated.name,
      methodName,
      description: validated.description,
      annotations: validated.annotations,
      timeoutMs: validated.timeoutMs,
      hasSchema: validated.schema.kind !== "none",
      needsApproval: validated.needsApproval,
      retry: validated.retry,
      finalAnswer: validated.finalAnswer,
      ...(validated.outputSchema === undefined
        ? {}
        : { outputSchema: validated.outputSchema.jsonSchema }),
      ...(validated.task === undefined ? {} : { task: validated.task }),
    });
    const access = context.access as { get(object: object): unknown };
    recordActivity(metadata, {
      activity: toolActivity,
      method: (tool) => access.get(tool) as (...args: unknown[]) => unknown,
      schema: validated.schema,
      template: validated.template,
      ...(validated.outputSchema === undefined ? {} : { outputSchema: validated.outputSchema }),
    });
  };
}

/** The error for `@activity` compiled as a legacy decorator, naming the class and method it is on. */
function legacyDecorator(target: unknown, key: unknown): never {
  // For an instance method the target is the prototype; for a static one, the class itself.
  const owner =
    typeof target === "function"
      ? target
      : (target as { constructor?: unknown } | null | undefined)?.constructor;
  const className = typeof owner === "function" && owner.name !== "" ? owner.name : undefined;
  const methodName = typeof key === "string" || typeof key === "symbol" ? String(key) : "(unknown)";
  throw new ActivityConfigError({
    methodName: className === undefined ? methodName : `${className}.${methodName}`,
    message:
      '@activity is a standard (TC39) decorator; legacy decorators are not supported: remove "experimentalDecorators" from tsconfig.json (TypeScript 5+ and tsx compile standard decorators)',
  });
}
