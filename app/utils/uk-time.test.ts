import { describe, expect, it } from "vitest";
import { addDays, calendarDayParts, formatUkDate, formatUkDateTime, ukClock, ukDay, ukDayAndMinute, ukDayStartMs, ukWallClock } from "./uk-time";

describe("the UK clock", () => {
  it("puts 23:30 UTC on a summer night on the next UK day, and a winter one on the same day", () => {
    expect(ukDay(Date.parse("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(ukDay(Date.parse("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
    expect(ukDayAndMinute(new Date("2026-06-30T23:30:00Z"))).toEqual({ date: "2026-07-01", minute: 30 });
    expect(ukClock(Date.parse("2026-03-29T01:00:00Z"))).toMatchObject({ day: 29, hour: 2, minute: 0 });
  });

  it("starts a UK day at midnight London time: 23:00 UTC the day before in summer, 00:00 UTC in winter", () => {
    expect(new Date(ukDayStartMs("2026-07-01")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(new Date(ukDayStartMs("2026-12-01")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    // the days the clocks change start at midnight of the old time
    expect(new Date(ukDayStartMs("2026-03-29")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(new Date(ukDayStartMs("2026-10-25")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  it("adds days across months and years, and knows a real calendar day", () => {
    expect(addDays("2026-01-31", 30)).toBe("2026-03-02");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(calendarDayParts("2028-02-29")).toEqual([2028, 1, 29]);
    expect(calendarDayParts("2026-02-29")).toBeNull();
    expect(calendarDayParts("29/02/2028")).toBeNull();
  });

  it("shows dates and times the British way, in UK time", () => {
    expect(formatUkDate("2025-01-05T10:00:00Z")).toBe("05 Jan 2025");
    expect(formatUkDateTime(Date.parse("2026-06-30T23:30:00Z"))).toBe("01 Jul 2026, 00:30");
    expect(formatUkDate("not a date")).toBe("not a date");
  });
});

describe("the UK wall clock", () => {
  it("writes a moment as an owner types it, in summer and winter time", () => {
    expect(ukWallClock(Date.parse("2026-06-30T23:30:05Z"))).toBe("2026-07-01 00:30:05");
    expect(ukWallClock(Date.parse("2026-11-27T14:05:00Z"))).toBe("2026-11-27 14:05:00");
  });
});
