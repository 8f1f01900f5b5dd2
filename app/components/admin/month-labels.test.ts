import { describe, expect, it } from "vitest";
import { longMonth, shortMonth } from "./month-labels";

describe("month labels", () => {
  it("writes a chart's months as a short name and the whole year", () => {
    expect(shortMonth("2025-12")).toBe("Dec 2025");
    expect(shortMonth("2026-01")).toBe("Jan 2026");
    // three letters for every month, September too
    expect(shortMonth("2026-09")).toBe("Sep 2026");
    expect(Array.from({ length: 12 }, (_, i) => shortMonth(`2026-${String(i + 1).padStart(2, "0")}`)).every((label) => /^[A-Z][a-z]{2} 2026$/.test(label))).toBe(true);
  });

  it("writes a month out in full for running text", () => {
    expect(longMonth("2025-12")).toBe("December 2025");
    expect(longMonth("2026-09")).toBe("September 2026");
  });
});
