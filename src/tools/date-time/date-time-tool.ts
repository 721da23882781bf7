import { createRequire } from "node:module";
import type * as Chrono from "chrono-node";
import { DateTime, type DurationLikeObject, IANAZone } from "luxon";
import { z } from "zod";
import { activity } from "../../activity/activity.js";
import { ErrorArtifact } from "../../artifacts/error-artifact.js";
import { TextArtifact } from "../../artifacts/text-artifact.js";
import { ToolConfigError } from "../../errors/tool-config-error.js";
import { aFunction, aString } from "../../internal/option-rules.js";
import { Tool } from "../../tool/tool.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import { checkBuiltInToolOptions } from "../tool-option.js";
import { formatIso, formatPython, formatTimedelta, parseIsoDateTime } from "./python-datetime.js";

// Loaded on first use, not with `import "toolwright"` (~20 MB of RSS); require keeps the activity synchronous.
let chronoModule: typeof Chrono | undefined;
const chrono = (): typeof Chrono =>
  (chronoModule ??= createRequire(import.meta.url)("chrono-node") as typeof Chrono);

/**
 * Options of a {@link DateTimeTool}.
 *
 * @example
 * ```ts
 * new DateTimeTool({ timeZone: "Europe/Paris", now: () => new Date("2024-05-01T10:00:00Z") });
 * ```
 */
export interface DateTimeToolOptions extends ToolOptions {
  /** IANA time zone of "now" and of relative dates; the system's by default. */
  timeZone?: string;
  /** The clock; `() => new Date()` by default. */
  now?: () => Date;
}

const relativeSchema = z.object({
  relative_date_string: z
    .string()
    .describe(
      'Relative date in English. For example, "now EST", "20 minutes ago", "in 2 days", "3 months, 1 week and 1 day ago", or "yesterday at 2pm"',
    ),
});

const timedeltaKeys = [
  "weeks",
  "days",
  "hours",
  "minutes",
  "seconds",
  "milliseconds",
  "microseconds",
  "months",
  "years",
] as const;

const addTimedeltaSchema = z.object({
  timedelta_kwargs: z
    .record(z.string(), z.number())
    .describe(
      `A dictionary of keyword arguments to pass to the timedelta function. For example, {"days": -1, "hours": 2}. Keys: ${timedeltaKeys.join(", ")}`,
    ),
  iso_datetime: z
    .string()
    .optional()
    .describe(
      'Datetime represented as a string in ISO 8601 format. For example, "2021-01-01T00:00:00". If not provided, the current datetime will be used.',
    ),
});

const diffSchema = z.object({
  start_datetime: z
    .string()
    .describe(
      'Datetime represented as a string in ISO 8601 format. For example, "2021-01-01T00:00:00"',
    ),
  end_datetime: z
    .string()
    .describe(
      'Datetime represented as a string in ISO 8601 format. For example, "2021-01-02T00:00:00"',
    ),
});

/**
 * Griptape's DateTimeTool: the current date-time, natural-language relative dates (chrono), timedelta
 * arithmetic and differences (luxon), printed the way Python prints them.
 *
 * @example
 * ```ts
 * const tool = new DateTimeTool();
 * await tool.run("get_datetime_diff", {
 *   start_datetime: "2021-01-01T00:00:00",
 *   end_datetime: "2021-01-02T02:00:00",
 * }); // TextArtifact "1 day, 2:00:00"
 * ```
 */
export class DateTimeTool extends Tool {
  /** The IANA zone used for "now". */
  readonly timeZone: string;
  readonly #now: () => Date;

  constructor(options: DateTimeToolOptions = {}) {
    checkBuiltInToolOptions(new.target, options, { timeZone: aString, now: aFunction });
    const { timeZone, now, ...base } = options;
    super(base);
    const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!IANAZone.isValidZone(zone)) {
      throw new ToolConfigError({
        toolName: this.name,
        option: "timeZone",
        message: `must be an IANA time zone such as "Europe/Paris"; got ${JSON.stringify(zone)}`,
      });
    }
    this.timeZone = zone;
    this.#now = now ?? (() => new Date());
  }

  @activity({
    description: "Can be used to return current date and time.",
    annotations: { readOnly: true, openWorld: false },
  })
  get_current_datetime(): TextArtifact {
    return new TextArtifact(formatPython(this.#current(), true));
  }

  @activity({
    description: "Can be used to return a relative date and time.",
    schema: relativeSchema,
    annotations: { readOnly: true, openWorld: false },
  })
  get_relative_datetime(input: z.output<typeof relativeSchema>): TextArtifact | ErrorArtifact {
    const now = this.#current();
    const parsed = chrono().parseDate(input.relative_date_string, {
      instant: now.toJSDate(),
      timezone: now.offset,
    });
    if (parsed === null) {
      return new ErrorArtifact(
        `invalid date string: ${JSON.stringify(input.relative_date_string)} is not a date chrono can read; try "in 2 days" or "yesterday at 2pm"`,
        { code: "invalid_date" },
      );
    }
    return new TextArtifact(
      formatPython(DateTime.fromJSDate(parsed, { zone: this.timeZone }), true),
    );
  }

  @activity({
    description: "Can be used to add a timedelta to a datetime.",
    schema: addTimedeltaSchema,
    annotations: { readOnly: true, openWorld: false },
  })
  add_timedelta(input: z.output<typeof addTimedeltaSchema>): TextArtifact | ErrorArtifact {
    const start =
      input.iso_datetime === undefined
        ? { value: this.#current(), aware: true }
        : parseIsoDateTime(input.iso_datetime);
    if (start === undefined) return invalidIso("iso_datetime", input.iso_datetime ?? "");
    const duration: DurationLikeObject = {};
    for (const [key, amount] of Object.entries(input.timedelta_kwargs)) {
      if (!(timedeltaKeys as readonly string[]).includes(key)) {
        return new ErrorArtifact(
          `error adding timedelta: ${JSON.stringify(key)} is not a timedelta argument; use ${timedeltaKeys.join(", ")}`,
          { code: "invalid_timedelta" },
        );
      }
      const unit = key as (typeof timedeltaKeys)[number];
      if (unit === "microseconds")
        duration.milliseconds = (duration.milliseconds ?? 0) + amount / 1000;
      else duration[unit] = (duration[unit] ?? 0) + amount;
    }
    const shifted = start.value.plus(duration);
    if (!shifted.isValid || shifted.year < 1 || shifted.year > 9999) {
      return new ErrorArtifact(
        "error adding timedelta: the result is out of range (years 1-9999)",
        {
          code: "invalid_timedelta",
        },
      );
    }
    return new TextArtifact(formatIso(shifted, start.aware));
  }

  @activity({
    description:
      "Can be used to calculate the difference between two datetimes. The difference is calculated as end_datetime - start_datetime.",
    schema: diffSchema,
    annotations: { readOnly: true, idempotent: true, openWorld: false },
  })
  get_datetime_diff(input: z.output<typeof diffSchema>): TextArtifact | ErrorArtifact {
    const start = parseIsoDateTime(input.start_datetime);
    if (start === undefined) return invalidIso("start_datetime", input.start_datetime);
    const end = parseIsoDateTime(input.end_datetime);
    if (end === undefined) return invalidIso("end_datetime", input.end_datetime);
    if (start.aware !== end.aware) {
      return new ErrorArtifact(
        "error calculating the difference: can't subtract offset-naive and offset-aware datetimes; give both datetimes an offset or neither",
        { code: "invalid_date" },
      );
    }
    return new TextArtifact(formatTimedelta(end.value.toMillis() - start.value.toMillis()));
  }

  #current(): DateTime {
    return DateTime.fromJSDate(this.#now(), { zone: this.timeZone });
  }
}

function invalidIso(key: string, value: string): ErrorArtifact {
  return new ErrorArtifact(
    `invalid ${key}: ${JSON.stringify(value)} is not an ISO 8601 datetime such as "2021-01-01T00:00:00"`,
    { code: "invalid_date" },
  );
}
