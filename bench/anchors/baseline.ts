import Ajv2020Module from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
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
