import { DateTime } from "luxon";

/** @internal A parsed ISO date-time and whether it carried an offset (Python's aware vs naive). */
export interface ParsedDateTime {
  readonly value: DateTime;
  readonly aware: boolean;
}

/**
 * @internal Parses what Python's `datetime.fromisoformat` accepts (`2021-01-01`, `2021-01-01T10:00:00`,
 * a space instead of `T`, an offset or `Z`). A string without an offset is naive: kept on UTC's clock
 * and printed without an offset, as Python does. Undefined when the text is no ISO date-time.
 */
export function parseIsoDateTime(text: string): ParsedDateTime | undefined {
  const iso = /^\d{4}-\d{2}-\d{2} \d/.test(text) ? `${text.slice(0, 10)}T${text.slice(11)}` : text;
  const value = DateTime.fromISO(iso, { zone: "UTC", setZone: true });
  if (!value.isValid) return undefined;
  // Parsed again under another default zone: a naive string lands at a different offset, an aware one not.
  const probe = DateTime.fromISO(iso, { zone: "UTC+1", setZone: true });
  return { value, aware: probe.offset === value.offset };
}

/** @internal Python's `datetime.isoformat()`: `2021-01-02T03:04:05[.ffffff][+HH:MM]`. */
export function formatIso(value: DateTime, aware: boolean): string {
  return format(value, "T", aware);
}

/** @internal Python's `str(datetime)`: `2021-01-02 03:04:05[.ffffff][+HH:MM]`. */
export function formatPython(value: DateTime, aware: boolean): string {
  return format(value, " ", aware);
}

function format(value: DateTime, separator: string, aware: boolean): string {
  const fraction =
    value.millisecond === 0 ? "" : `.${String(value.millisecond * 1000).padStart(6, "0")}`;
  return `${value.toFormat("yyyy-MM-dd")}${separator}${value.toFormat("HH:mm:ss")}${fraction}${aware ? value.toFormat("ZZ") : ""}`;
}

const millisecondsPerDay = 86_400_000;

/** @internal Python's `str(timedelta)` of a span in milliseconds: `1 day, 2:00:00`, `-1 day, 2:00:00`. */
export function formatTimedelta(milliseconds: number): string {
  const days = Math.floor(milliseconds / millisecondsPerDay);
  const rest = milliseconds - days * millisecondsPerDay;
  const hours = Math.floor(rest / 3_600_000);
  const minutes = Math.floor((rest % 3_600_000) / 60_000);
  const seconds = Math.floor((rest % 60_000) / 1000);
  const micros = Math.round((rest % 1000) * 1000);
  const clock = `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}${
    micros === 0 ? "" : `.${String(micros).padStart(6, "0")}`
  }`;
  if (days === 0) return clock;
  return `${days} day${Math.abs(days) === 1 ? "" : "s"}, ${clock}`;
}
