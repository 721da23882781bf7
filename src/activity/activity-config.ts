import type { JsonObject } from "../schema/json.js";
import type { SchemaSource } from "../schema/normalize-schema.js";
import type { Tool } from "../tool/tool.js";
import type { ActivityAnnotations } from "./activity-annotations.js";
import type { ActivityContext } from "./activity-context.js";
import type { ApprovalPredicate, RetryPolicy } from "./activity-policy.js";

/**
 * The config of `@activity`.
 *
 * @example
 * ```ts
 * const config: ActivityConfig<typeof schema, CalculatorTool> = {
 *   description: "Can be used for computing simple numerical or algebraic calculations",
 *   schema,
 *   annotations: { readOnly: true },
 * };
 * ```
 */
export interface ActivityConfig<S extends ActivitySchemaOption | undefined, T extends Tool> {
  /** What the activity does, for the model: a string (`{{ _self.x }}` templates allowed) or `(tool) => string`. */
  description: string | ((tool: T) => string);
  /** The name models call it by; the method name by default. Letters, digits, `_`, `.`, `-`. */
  name?: string;
  /** The input schema, or `(tool) => schema` when it depends on the tool's options. */
  schema?: S;
  annotations?: ActivityAnnotations;
  /**
   * Time limit for one call, in milliseconds from 1 to 2,147,483,647, or `null` for none (the call's own
   * `timeoutMs` wins; unset falls back to the tool's, the toolbox's, then 60 s).
   */
  timeoutMs?: number | null;
  /**
   * Whether an agent must get a human's approval before running a call (a flag, or decided from the
   * validated input). Unset: destructive activities need approval when the agent's `approvals` is on.
   */
  needsApproval?: boolean | ApprovalPredicate<ApprovalInput<S>>;
  /** Retries after a thrown error or a timeout; only for `annotations.idempotent` activities. */
  retry?: RetryPolicy;
  /** The activity's result is an agent's final answer (as StructuredOutputTool's `provide_output`). */
  finalAnswer?: boolean;
  /**
   * The schema of the activity's result, an object (zod, Standard Schema or JSON Schema): every result
   * that is not an error is checked against it (a mismatch is an `ErrorArtifact`, code
   * `invalid_output`), and MCP clients get it as the tool's `outputSchema`, with the result as
   * `structuredContent` beside its text.
   */
  outputSchema?: SchemaSource;
  /**
   * Runs as an MCP task (the Tasks extension on 2026-07-28, the experimental Tasks of 2025-11-25): the
   * client gets a task to poll instead of waiting for the result, and only the principal that created
   * it sees it. `"optional"`: only for clients that support tasks, others wait as usual;
   * `"required"`: clients without tasks get MCP's -32021 (2025-11-25: -32601). Elsewhere (agents,
   * `tool.run`) it runs as any activity. `serveMcp`'s `tasks` option (`McpTaskOptions`) says where
   * task state lives.
   */
  task?: "optional" | "required";
}

type ApprovalInput<S> = [ActivityInput<S>] extends [LooseInput] ? JsonObject : ActivityInput<S>;

/**
 * What `schema` accepts: a schema, or a function of the tool that returns one.
 *
 * @example
 * ```ts
 * const option: ActivitySchemaOption = (tool: MyTool) => z.object({ unit: z.enum(tool.units) });
 * ```
 */
export type ActivitySchemaOption = SchemaSource | SchemaFunction;

// Method syntax keeps the parameter bivariant, so `(tool: MyTool) => schema` is accepted.
type SchemaFunction = { bivariant(tool: Tool): SchemaSource }["bivariant"];

declare const looseInput: unique symbol;

/**
 * Marks inputs whose type cannot be inferred (plain JSON Schema). Not exported from an entry point,
 * but part of the public types ({@link ActivityInput}, {@link ActivityMethod}), so it must stay in
 * the emitted declarations: stripped, it turns into `any` for users and every method and predicate
 * would type-check against any schema.
 *
 * @example
 * ```ts
 * type Untyped = ActivityInput<{ type: "object" }>; // LooseInput
 * ```
 */
export interface LooseInput {
  readonly [looseInput]: true;
}

type InputOfSource<S> = S extends { readonly "~standard": { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : LooseInput
  : LooseInput;

/**
 * The type an activity method receives as `input`, inferred from its schema (zod or Standard Schema);
 * `Record<string, never>` without a schema.
 *
 * @example
 * ```ts
 * type Input = ActivityInput<typeof schema>; // z.output<typeof schema>
 * ```
 */
export type ActivityInput<S> = [S] extends [undefined]
  ? Record<string, never>
  : S extends { readonly "~standard": object }
    ? InputOfSource<S>
    : S extends (tool: never) => infer Returned
      ? InputOfSource<Returned>
      : LooseInput;

type StrictMethod<This, Input> = (
  this: This,
  input: Input,
  context: ActivityContext<This & Tool>,
) => unknown;

// A JSON Schema gives no static type, so any object-typed parameter is accepted (method bivariance).
type LooseMethod<This> = {
  bivariant(this: This, input: JsonObject | object, context: ActivityContext<This & Tool>): unknown;
}["bivariant"];

/**
 * The method signature `@activity` accepts for a given input type.
 *
 * @example
 * ```ts
 * type Method = ActivityMethod<MyTool, { q: string }>;
 * ```
 */
export type ActivityMethod<This, Input> = [Input] extends [LooseInput]
  ? LooseMethod<This>
  : StrictMethod<This, Input>;
