import Ajv2020Module from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import type { BenchFunction, CallRegistry } from "../workloads/bfcl.js";
import {
  type CreateEventInput,
  createEvent,
  createEventJsonSchema,
} from "../workloads/create-event.js";

/** The floor: JSON.parse + a precompiled ajv validator + a direct call, nothing else. */
export function baselineDispatcher(): (argumentsJson: string) => Promise<unknown> {
  const ajv = new Ajv2020Module.default({ allErrors: true });
  formatsModule.default(ajv);
  const validate = ajv.compile(createEventJsonSchema);
  return async (argumentsJson) => {
    const input: unknown = JSON.parse(argumentsJson);
    if (!validate(input)) throw new Error(ajv.errorsText(validate.errors));
    return createEvent(input as CreateEventInput);
  };
}

/**
 * The floor for many tools: exact name lookup, `JSON.parse` and a precompiled ajv validator per schema.
 * No repair of any kind.
 */
export function baselineRegistry(functions: readonly BenchFunction[]): CallRegistry {
  const ajv = new Ajv2020Module.default({ allErrors: true, strict: false });
  formatsModule.default(ajv);
  const validators = new Map(functions.map((fn) => [fn.name, ajv.compile(fn.schema)]));
  return {
    async call(name, args) {
      const validate = validators.get(name);
      if (validate === undefined) return { ran: false };
      let input: unknown;
      try {
        input = typeof args === "string" ? JSON.parse(args) : args;
      } catch {
        return { ran: false };
      }
      if (!validate(input)) return { ran: false };
      return { ran: true, received: input };
    },
  };
}

/** What a hand-written integration sends OpenAI Chat: the JSON Schemas as they are. */
export function baselineProviderTools(functions: readonly BenchFunction[]): unknown[] {
  return functions.map((fn) => ({
    type: "function",
    function: { name: fn.name, description: fn.description, parameters: fn.schema },
  }));
}
