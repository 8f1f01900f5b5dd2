import { describe, expect, it } from "vitest";
import { ledgerRange, naturalBalance, pageOpening, runningBalances } from "./running-balance";

describe("running balances", () => {
  it("shows a balance in the account's natural sign", () => {
    expect(naturalBalance("asset", 1_000)).toBe(1_000);
    expect(naturalBalance("expense", -50)).toBe(-50);
    expect(naturalBalance("liability", -1_000)).toBe(1_000);
    expect(naturalBalance("income", -2_500)).toBe(2_500);
    expect(naturalBalance("equity", 300)).toBe(-300);
  });

  it("gives each page the balance the page before it ended on", () => {
    const broughtForward = 10_000;
    const amounts = [500, -200, 1_250, -3_000, 75, 10, -10, 999];
    const whole = runningBalances(broughtForward, amounts);
    const pageSize = 3;
    const paged: number[] = [];
    for (let offset = 0; offset < amounts.length; offset += pageSize) {
      const earlier = amounts.slice(0, offset).reduce((sum, amount) => sum + amount, 0);
      paged.push(...runningBalances(pageOpening(broughtForward, earlier), amounts.slice(offset, offset + pageSize)));
    }
    expect(paged).toEqual(whole);
    expect(whole.at(-1)).toBe(broughtForward + amounts.reduce((sum, amount) => sum + amount, 0));
  });

  it("covers this month unless told, and a lone end's month", () => {
    expect(ledgerRange({}, "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(ledgerRange({ from: "2024-02-10" }, "2026-05-01")).toEqual({ from: "2024-02-10", to: "2024-02-29" });
    expect(ledgerRange({ to: "2025-12-24" }, "2026-05-01")).toEqual({ from: "2025-12-01", to: "2025-12-24" });
    expect(ledgerRange({ from: "2025-01-01", to: "2025-12-31" }, "2026-05-01")).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });
});
