import { describe, expect, it } from "vitest";
import { trialBalanceRows } from "./trial-balance";

describe("trial balance rows", () => {
  it("puts each balance in its column, leaves out nil balances and totals both columns", () => {
    const { rows, totals, difference } = trialBalanceRows([
      { code: "1100", name: "Trade debtors", type: "asset", balance: 14_400 },
      { code: "1200", name: "Bank", type: "asset", balance: 0 },
      { code: "2200", name: "VAT on sales", type: "liability", balance: -2_400 },
      { code: "4000", name: "Sales", type: "income", balance: -12_000 },
      { code: "5000", name: "Purchases", type: "expense", balance: 500 },
      { code: "2100", name: "Trade creditors", type: "liability", balance: -500 },
    ]);
    expect(rows.map((row) => [row.code, row.debit, row.credit])).toEqual([
      ["1100", 14_400, 0],
      ["2200", 0, 2_400],
      ["4000", 0, 12_000],
      ["5000", 500, 0],
      ["2100", 0, 500],
    ]);
    expect(totals).toEqual({ debit: 14_900, credit: 14_900 });
    expect(difference).toBe(0);
  });

  it("shows a difference when the columns disagree", () => {
    expect(trialBalanceRows([{ code: "1200", name: "Bank", type: "asset", balance: 100 }]).difference).toBe(100);
  });
});
