import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDecimalMoney, formatDecimalPercent, formatOrderDate, safeTrackingUrl } from "./format";

describe("order screen formats", () => {
  it("shows instants as the UK day, 2-digit day, short month, full year", () => {
    expect(formatOrderDate("2025-01-05T10:00:00.000Z")).toBe("05 Jan 2025");
    // 23:30 UTC on 30 June is already 1 July in London (BST)
    expect(formatOrderDate("2025-06-30T23:30:00.000Z")).toBe("01 Jul 2025");
    expect(formatOrderDate("not a date")).toBe("not a date");
  });

  it("shows calendar dates without shifting them by a time zone", () => {
    expect(formatCalendarDate("2025-01-05")).toBe("05 Jan 2025");
    expect(formatCalendarDate("2025-12-31")).toBe("31 Dec 2025");
    expect(formatCalendarDate("2025-02-30")).toBe("2025-02-30");
    expect(formatCalendarDate("next Tuesday")).toBe("next Tuesday");
  });

  it("formats the JSON's decimal strings as pounds and percentages", () => {
    expect(formatDecimalMoney("12.50")).toBe("£12.50");
    expect(formatDecimalMoney("1234.05")).toBe("£1,234.05");
    expect(formatDecimalMoney("0.00")).toBe("£0.00");
    expect(formatDecimalPercent("20.00")).toBe("20%");
    expect(formatDecimalPercent("5.00")).toBe("5%");
    expect(formatDecimalPercent("0.00")).toBe("0%");
  });

  it("links tracking only to web addresses", () => {
    expect(safeTrackingUrl("https://track.dpd.co.uk/parcels/1550")).toBe("https://track.dpd.co.uk/parcels/1550");
    expect(safeTrackingUrl("javascript:alert(1)")).toBeNull();
    expect(safeTrackingUrl("data:text/html,hi")).toBeNull();
    expect(safeTrackingUrl("not a url")).toBeNull();
    expect(safeTrackingUrl(null)).toBeNull();
  });
});
