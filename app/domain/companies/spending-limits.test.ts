import { describe, expect, it } from "vitest";
import { approvalsNeeded, describeLimits, limitBreaches, periodStartDay } from "./spending-limits";

describe("the period a limit counts over, by the UK calendar", () => {
  // Saturday 28 November 2026, 23:30 UTC: still Saturday in London (GMT)
  const saturdayNight = new Date("2026-11-28T23:30:00Z");
  it("starts today, on Monday, on the 1st or on 1 January", () => {
    expect(periodStartDay("daily", saturdayNight)).toBe("2026-11-28");
    expect(periodStartDay("weekly", saturdayNight)).toBe("2026-11-23");
    expect(periodStartDay("monthly", saturdayNight)).toBe("2026-11-01");
    expect(periodStartDay("yearly", saturdayNight)).toBe("2026-01-01");
    expect(periodStartDay("none", saturdayNight)).toBeNull();
  });

  it("follows summer time: 23:30 UTC on 31 May is already 1 June in London", () => {
    const lateMay = new Date("2026-05-31T23:30:00Z");
    expect(periodStartDay("daily", lateMay)).toBe("2026-06-01");
    expect(periodStartDay("monthly", lateMay)).toBe("2026-06-01");
    // Monday 1 June 2026 starts its own week
    expect(periodStartDay("weekly", lateMay)).toBe("2026-06-01");
  });

  it("a Sunday belongs to the week that began the Monday before; a year's week may start in the last year", () => {
    expect(periodStartDay("weekly", new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-23");
    expect(periodStartDay("weekly", new Date("2027-01-01T12:00:00Z"))).toBe("2026-12-28");
  });
});

describe("limit breaches", () => {
  const limits = { orderLimitPence: 50_000, periodLimitPence: 150_000, limitPeriod: "monthly" as const };

  it("none within both limits, at the limit exactly too", () => {
    expect(limitBreaches(limits, 50_000, 100_000)).toEqual([]);
  });

  it("names the per-order limit and the period's, with the figures", () => {
    expect(limitBreaches(limits, 62_000, 100_000)).toEqual([
      { kind: "order", message: "This order (£620.00 ex VAT) is over the limit of £500.00 per order." },
      {
        kind: "period",
        message: "With this order, £1,620.00 ex VAT would be spent this month, over the monthly limit of £1,500.00.",
      },
    ]);
    expect(limitBreaches(limits, 40_000, 120_000).map((b) => b.kind)).toEqual(["period"]);
  });

  it("no limit set, or a period of none, is never broken", () => {
    const open = { orderLimitPence: null, periodLimitPence: 1, limitPeriod: "none" as const };
    expect(limitBreaches(open, 10_000_000, 10_000_000)).toEqual([]);
    expect(describeLimits(open)).toBe("No limit");
    expect(describeLimits(limits)).toBe("£500.00 per order, £1,500.00 monthly");
  });
});

describe("approvers needed", () => {
  it("two above the company's amount, one at it or below, one when none is set", () => {
    expect(approvalsNeeded(100_001, 100_000)).toBe(2);
    expect(approvalsNeeded(100_000, 100_000)).toBe(1);
    expect(approvalsNeeded(9_999_999, null)).toBe(1);
  });
});
