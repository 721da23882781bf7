import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ErrorArtifact, ToolConfigError } from "../../src/index.js";
import { DateTimeTool } from "../../src/tools.js";

const clock = () => new Date("2024-03-10T12:00:00.250Z");

describe("DateTimeTool", () => {
  const tool = new DateTimeTool({ timeZone: "Europe/Paris", now: clock });
  const text = async (activity: string, input: unknown) =>
    (await tool.run(activity, input)).toText();
  const error = async (activity: string, input: unknown) => {
    const artifact = await tool.run(activity, input);
    assert.equal(artifact.type, "ErrorArtifact", artifact.toText());
    return artifact as ErrorArtifact;
  };

  it("prints the current date-time as Python's str(datetime), with the zone's offset", async () => {
    assert.equal(await text("get_current_datetime", {}), "2024-03-10 13:00:00.250000+01:00");
    const utc = new DateTimeTool({ timeZone: "UTC", now: () => new Date("2024-07-01T00:00:00Z") });
    assert.equal((await utc.run("get_current_datetime", {})).toText(), "2024-07-01 00:00:00+00:00");
  });

  it("computes differences exactly as Griptape prints timedeltas", async () => {
    const diff = (start_datetime: string, end_datetime: string) =>
      text("get_datetime_diff", { start_datetime, end_datetime });
    assert.equal(await diff("2021-01-01T00:00:00", "2021-01-02T02:00:00"), "1 day, 2:00:00");
    assert.equal(await diff("2021-01-01T00:00:00", "2021-01-01T00:00:00"), "0:00:00");
    assert.equal(await diff("2021-01-02T00:00:00", "2021-01-01T02:00:00"), "-1 day, 2:00:00");
    assert.equal(await diff("2021-01-01", "2021-01-04 00:00:01.5"), "3 days, 0:00:01.500000");
    assert.equal(await diff("2021-01-01T00:00:00Z", "2021-01-01T00:00:00-02:00"), "2:00:00");
  });

  it("adds timedeltas to an ISO date-time, or to now when none is given", async () => {
    const add = (timedelta_kwargs: Record<string, number>, iso_datetime?: string) =>
      text("add_timedelta", { timedelta_kwargs, ...(iso_datetime ? { iso_datetime } : {}) });
    assert.equal(await add({ days: -1, hours: 2 }, "2021-01-01T00:00:00"), "2020-12-31T02:00:00");
    assert.equal(
      await add({ weeks: 1, minutes: 30 }, "2021-01-01T00:00:00+05:30"),
      "2021-01-08T00:30:00+05:30",
    );
    assert.equal(await add({ months: 1 }, "2021-01-31T10:00:00"), "2021-02-28T10:00:00");
    assert.equal(await add({ seconds: 1 }, "2021-01-01T00:00:00Z"), "2021-01-01T00:00:01+00:00");
    assert.equal(await add({ days: 1 }), "2024-03-11T13:00:00.250000+01:00");
  });

  it("reads relative dates in natural language against the tool's clock and zone", async () => {
    const relative = (relative_date_string: string) =>
      text("get_relative_datetime", { relative_date_string });
    assert.equal(await relative("yesterday at 2pm"), "2024-03-09 14:00:00+01:00");
    assert.equal(await relative("in 2 days"), "2024-03-12 13:00:00.250000+01:00");
    assert.equal(await relative("20 minutes ago"), "2024-03-10 12:40:00.250000+01:00");
  });

  it("answers bad dates with an error artifact naming the input", async () => {
    const relative = await error("get_relative_datetime", {
      relative_date_string: "whenever you like",
    });
    assert.equal(relative.code, "invalid_date");
    assert.match(relative.toText(), /"whenever you like"/);
    const diff = await error("get_datetime_diff", {
      start_datetime: "01/02/2021",
      end_datetime: "2021-01-01",
    });
    assert.equal(
      diff.toText(),
      'invalid start_datetime: "01/02/2021" is not an ISO 8601 datetime such as "2021-01-01T00:00:00"',
    );
    const month = await error("add_timedelta", {
      timedelta_kwargs: { days: 1 },
      iso_datetime: "2021-13-01",
    });
    assert.match(month.toText(), /invalid iso_datetime: "2021-13-01"/);
    const mixed = await error("get_datetime_diff", {
      start_datetime: "2021-01-01T00:00:00Z",
      end_datetime: "2021-01-01T00:00:00",
    });
    assert.match(mixed.toText(), /can't subtract offset-naive and offset-aware datetimes/);
    const unknown = await error("add_timedelta", {
      timedelta_kwargs: { fortnights: 1 },
      iso_datetime: "2021-01-01",
    });
    assert.match(unknown.toText(), /"fortnights" is not a timedelta argument; use weeks, days/);
    const range = await error("add_timedelta", {
      timedelta_kwargs: { years: 1e6 },
      iso_datetime: "2021-01-01",
    });
    assert.match(range.toText(), /out of range/);
  });

  it("is read-only and checks its time zone", () => {
    assert.ok(tool.activities().every((activity) => activity.annotations.readOnly === true));
    assert.deepEqual(
      tool.activities().map((activity) => activity.name),
      ["get_current_datetime", "get_relative_datetime", "add_timedelta", "get_datetime_diff"],
    );
    assert.throws(() => new DateTimeTool({ timeZone: "Mars/Olympus" }), ToolConfigError);
  });
});
