import { describe, expect, it } from "vitest";
import { balanceSheetDay, describePeriod, FROM_INVALID, PERIOD_INVALID, periodParams, RANGE_BACKWARDS, resolvePeriod, TO_INVALID } from "./accounts-period";

const period = (query: Parameters<typeof resolvePeriod>[0], today = "2028-02-14") => {
  const resolved = resolvePeriod(query, today);
  if (!resolved.ok) throw new Error(resolved.message);
  return resolved.period;
};

describe("reporting periods", () => {
  it("is this month by default, to its last day", () => {
    expect(period({})).toEqual({ key: "this-month", from: "2028-02-01", to: "2028-02-29" });
    expect(period({ period: "this-month" }, "2026-11-30")).toEqual({ key: "this-month", from: "2026-11-01", to: "2026-11-30" });
  });

  it("goes back over a year end for last month, and takes the calendar year", () => {
    expect(period({ period: "last-month" }, "2027-01-03")).toEqual({ key: "last-month", from: "2026-12-01", to: "2026-12-31" });
    expect(period({ period: "this-year" })).toEqual({ key: "this-year", from: "2028-01-01", to: "2028-12-31" });
  });

  it("takes a custom range of real days, both included; dates alone mean custom", () => {
    expect(period({ period: "custom", from: "2026-04-06", to: "2027-04-05" })).toEqual({ key: "custom", from: "2026-04-06", to: "2027-04-05" });
    expect(period({ from: "2026-05-01", to: "2026-05-01" })).toEqual({ key: "custom", from: "2026-05-01", to: "2026-05-01" });
  });

  it("names the parameter that is wrong", () => {
    expect(resolvePeriod({ period: "quarter" }, "2028-02-14")).toEqual({ ok: false, message: PERIOD_INVALID, field: "period" });
    expect(resolvePeriod({ period: "custom", to: "2026-01-31" }, "2028-02-14")).toEqual({ ok: false, message: FROM_INVALID, field: "from" });
    expect(resolvePeriod({ from: "2026-02-01", to: "2026-02-30" }, "2028-02-14")).toEqual({ ok: false, message: TO_INVALID, field: "to" });
    expect(resolvePeriod({ from: "2026-03-01", to: "2026-02-01" }, "2028-02-14")).toEqual({ ok: false, message: RANGE_BACKWARDS, field: "from" });
  });

  it("draws the balance sheet at the period's end, or today while it runs", () => {
    expect(balanceSheetDay({ key: "last-month", from: "2028-01-01", to: "2028-01-31" }, "2028-02-14")).toBe("2028-01-31");
    expect(balanceSheetDay({ key: "this-month", from: "2028-02-01", to: "2028-02-29" }, "2028-02-14")).toBe("2028-02-14");
  });

  it("writes a period back as the GET parameters that name it, and in words", () => {
    expect(periodParams(period({}))).toEqual({});
    expect(periodParams(period({ period: "last-month" }))).toEqual({ period: "last-month" });
    expect(periodParams(period({ from: "2026-05-01", to: "2026-05-31" }))).toEqual({ period: "custom", from: "2026-05-01", to: "2026-05-31" });
    expect(describePeriod(period({ period: "last-month" }))).toBe("Last month · 01 Jan 2028 to 31 Jan 2028");
  });
});
