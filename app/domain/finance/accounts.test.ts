import { describe, expect, it } from "vitest";
import { balanceSheet, profitAndLoss, profitOf, type LedgerBalance } from "./accounts";

/**
 * A hand-made chart and the journals of a hand-made year, summed into the balances the ledger would give.
 * Lines are signed pence, debit positive, and every journal below sums to zero.
 */
const CHART: Omit<LedgerBalance, "balance">[] = [
  { code: "1100", name: "Trade debtors", type: "asset", financialAccountId: null },
  { code: "1200", name: "Business Current Account", type: "asset", financialAccountId: 1 },
  { code: "1210", name: "Petty Cash", type: "asset", financialAccountId: 2 },
  { code: "1230", name: "Card clearing", type: "asset", financialAccountId: null },
  { code: "1250", name: "Stripe", type: "asset", financialAccountId: 4 },
  { code: "2100", name: "Trade creditors", type: "liability", financialAccountId: null },
  { code: "2200", name: "VAT on sales", type: "liability", financialAccountId: null },
  { code: "2201", name: "VAT on purchases", type: "liability", financialAccountId: null },
  { code: "2202", name: "VAT liability to HMRC", type: "liability", financialAccountId: null },
  { code: "2300", name: "Company Credit Card", type: "liability", financialAccountId: 3 },
  { code: "3000", name: "Capital", type: "equity", financialAccountId: null },
  { code: "3200", name: "Retained earnings", type: "equity", financialAccountId: null },
  { code: "4000", name: "Sales", type: "income", financialAccountId: null },
  { code: "4010", name: "Sales returns", type: "income", financialAccountId: null },
  { code: "5000", name: "Purchases", type: "expense", financialAccountId: null },
  { code: "9999", name: "Suspense", type: "asset", financialAccountId: null },
];

type Journal = Record<string, number>;

function balancesOf(...journals: Journal[]): LedgerBalance[] {
  for (const journal of journals) expect(Object.values(journal).reduce((sum, amount) => sum + amount, 0)).toBe(0);
  return CHART.map((account) => ({ ...account, balance: journals.reduce((sum, journal) => sum + (journal[account.code] ?? 0), 0) }));
}

/**
 * Last year: a £50.00 zero-rated sale paid into the bank. This November:
 * - the bank opened with £2,500.00 and petty cash with £150.00, both against capital
 * - INV-1: 10 × £12.00 at 20% → £120.00 + £24.00 VAT; £100.00 of it paid into the bank
 * - INV-2: 5 × £8.00 zero-rated → £40.00 (unpaid)
 * - INV-3: £50.00 + VAT, voided: its journal and the reversal cancel out
 * - a refund credit note: 3 of INV-1's tea (£36.00 + £7.20 VAT) and 1 of INV-2's milk (£8.00)
 * - PI-1: £70.00 + £14.00 VAT, £30.00 of it paid on the credit card and £20.00 with no account named (Suspense)
 */
const LAST_YEAR: Journal[] = [{ "1100": 5_000, "4000": -5_000 }, { "1200": 5_000, "1100": -5_000 }];
const INV_3 = { "1100": 6_000, "4000": -5_000, "2200": -1_000 };
const NOVEMBER: Journal[] = [
  { "1200": 250_000, "3000": -250_000 },
  { "1210": 15_000, "3000": -15_000 },
  { "1100": 14_400, "4000": -12_000, "2200": -2_400 },
  { "1100": 4_000, "4000": -4_000 },
  INV_3,
  Object.fromEntries(Object.entries(INV_3).map(([code, amount]) => [code, -amount])),
  { "4010": 3_600 + 800, "2200": 720, "1100": -(4_320 + 800) },
  { "5000": 7_000, "2201": 1_400, "2100": -8_400 },
  { "1200": 10_000, "1100": -10_000 },
  { "2100": 3_000, "2300": -3_000 },
  { "2100": 2_000, "9999": -2_000 },
];

const novemberMovements = balancesOf(...NOVEMBER);
const atNovemberEnd = balancesOf(...LAST_YEAR, ...NOVEMBER);
const PROFIT = { beforeThisYear: 5_000, thisYear: 4_600 };

const amounts = (lines: { code: string; amount: number }[]) => Object.fromEntries(lines.map((line) => [line.code, line.amount]));

describe("profit and loss from the period's movements", () => {
  it("takes the credit notes (4010) off sales and the cost accounts' debits as costs", () => {
    expect(profitAndLoss({ movements: novemberMovements })).toEqual({
      salesSubtotal: 16_000, // INV-1 and INV-2; INV-3 and its reversal cancel out
      refunds: 4_400,
      totalRevenue: 11_600,
      totalCosts: 7_000,
      grossProfit: 4_600,
      marginTenths: 397, // 4,600 / 11,600 = 39.655…% → 39.7%
    });
  });

  it("ignores what moved on assets, liabilities and capital", () => {
    const moneyOnly = balancesOf({ "1200": 99_900, "3000": -99_900 }, { "2100": 500, "9999": -500 }, { "2200": 1_000, "2202": -1_000 });
    expect(profitAndLoss({ movements: moneyOnly })).toEqual({
      salesSubtotal: 0,
      refunds: 0,
      totalRevenue: 0,
      totalCosts: 0,
      grossProfit: 0,
      marginTenths: 0,
    });
  });

  it("counts an admin's own income and cost accounts with the standard ones", () => {
    const movements: LedgerBalance[] = [
      ...novemberMovements,
      { code: "4900", name: "Other income", type: "income", financialAccountId: null, balance: -1_000 },
      { code: "7100", name: "Rent", type: "expense", financialAccountId: null, balance: 2_500 },
    ];
    expect(profitAndLoss({ movements })).toMatchObject({ salesSubtotal: 17_000, refunds: 4_400, totalRevenue: 12_600, totalCosts: 9_500, grossProfit: 3_100 });
  });

  it("gives a margin of 0 without revenue, and a negative one at a loss", () => {
    expect(profitAndLoss({ movements: balancesOf({ "5000": 5_000, "2100": -5_000 }) })).toMatchObject({
      totalRevenue: 0,
      grossProfit: -5_000,
      marginTenths: 0,
    });
    expect(profitAndLoss({ movements: balancesOf({ "1100": 8_000, "4000": -8_000 }, { "5000": 10_000, "2100": -10_000 }) })).toMatchObject({
      grossProfit: -2_000,
      marginTenths: -250,
    });
    // refunds above sales in a period: revenue goes below zero, and so does the margin's base (none shown)
    expect(profitAndLoss({ movements: balancesOf({ "4010": 3_000, "1100": -3_000 }) })).toMatchObject({
      salesSubtotal: 0,
      refunds: 3_000,
      totalRevenue: -3_000,
      grossProfit: -3_000,
      marginTenths: 0,
    });
  });

  it("rounds the margin half-up to a tenth", () => {
    const margin = (sales: number, costs: number) =>
      profitAndLoss({ movements: balancesOf({ "1100": sales, "4000": -sales }, { "5000": costs, "2100": -costs }) }).marginTenths;
    // 1 / 8 = 12.5% exactly; 1 / 16 = 6.25% → 6.3%
    expect(margin(800, 700)).toBe(125);
    expect(margin(1_600, 1_500)).toBe(63);
  });
});

describe("profit over some lines of the ledger", () => {
  it("is the income accounts' credits less the cost accounts' debits, and nothing else", () => {
    expect(profitOf(novemberMovements)).toBe(4_600);
    expect(profitOf(atNovemberEnd)).toBe(9_600);
    expect(profitOf([])).toBe(0);
    expect(profitOf([{ type: "asset", balance: 1_000 }, { type: "equity", balance: -1_000 }])).toBe(0);
  });
});

describe("the balance sheet from the ledger's balances", () => {
  const sheet = balanceSheet("2026-11-30", atNovemberEnd, PROFIT);

  it("lists asset accounts as they stand and liabilities with credits shown positive", () => {
    expect(sheet.asAt).toBe("2026-11-30");
    // 1230 has nothing and is no financial account: left out; the Stripe account (1250) is kept, though empty
    expect(amounts(sheet.assets.lines)).toEqual({ "1100": 3_280, "1200": 265_000, "1210": 15_000, "1250": 0, "9999": -2_000 });
    expect(sheet.assets.total).toBe(281_280);
    expect(sheet.assets.lines.find((line) => line.code === "1200")).toEqual({ code: "1200", name: "Business Current Account", financialAccountId: 1, amount: 265_000 });
    // 2202 has nothing: left out; VAT on purchases is owed to us, so it shows below zero
    expect(amounts(sheet.liabilities.lines)).toEqual({ "2100": 3_400, "2200": 1_680, "2201": -1_400, "2300": 3_000 });
    expect(sheet.liabilities.total).toBe(6_680);
  });

  it("makes equity capital + retained earnings + this year's profit, and assets = liabilities + equity", () => {
    expect(sheet.equity).toEqual({
      lines: [{ code: "3000", name: "Capital", financialAccountId: null, amount: 265_000 }],
      capital: 265_000,
      retainedEarnings: 5_000,
      currentYearProfit: 4_600,
      total: 274_600,
    });
    expect(sheet.assets.total).toBe(sheet.liabilities.total + sheet.equity.total);
  });

  it("adds 3200's own balance to the profit of earlier years, and keeps it out of capital", () => {
    // £12.00 of last year's profit already moved into 3200 by a year-end journal
    const closed = atNovemberEnd.map((a) =>
      a.code === "3200" ? { ...a, balance: -1_200 } : a.code === "4000" ? { ...a, balance: a.balance + 1_200 } : a,
    );
    const after = balanceSheet("2026-11-30", closed, { beforeThisYear: 3_800, thisYear: 4_600 });
    expect(after.equity).toMatchObject({ capital: 265_000, retainedEarnings: 5_000, total: 274_600 });
    expect(after.equity.lines.map((line) => line.code)).toEqual(["3000"]);
  });

  it("counts every other capital account in capital, drawings taking it down", () => {
    const drawings: LedgerBalance = { code: "3100", name: "Drawings", type: "equity", financialAccountId: null, balance: 2_000 };
    const withDrawings = [...atNovemberEnd, drawings].map((a) => (a.code === "1200" ? { ...a, balance: a.balance - 2_000 } : a));
    const after = balanceSheet("2026-11-30", withDrawings, PROFIT);
    expect(after.equity.capital).toBe(263_000);
    expect(amounts(after.equity.lines)).toEqual({ "3000": 265_000, "3100": -2_000 });
    expect(after.assets.total).toBe(after.liabilities.total + after.equity.total);
  });

  const withJournal = (...journals: Journal[]) =>
    balanceSheet(
      "2026-11-30",
      atNovemberEnd.map((a) => ({ ...a, balance: journals.reduce((sum, journal) => sum + (journal[a.code] ?? 0), a.balance) })),
      PROFIT,
    );

  it("moves money between parts and leaves equity where it was when a payment is made", () => {
    const cases: [string, Journal, { assets: number; liabilities: number }][] = [
      ["the customer pays INV-2's £40.00 into the bank", { "1200": 4_000, "1100": -4_000 }, { assets: 0, liabilities: 0 }],
      ["PI-1's last £34.00 is paid from the bank", { "2100": 3_400, "1200": -3_400 }, { assets: -3_400, liabilities: -3_400 }],
      ["£34.00 is paid to the supplier with no account named", { "2100": 3_400, "9999": -3_400 }, { assets: -3_400, liabilities: -3_400 }],
      ["a refund of £10.00 is paid out of petty cash", { "1100": 1_000, "1210": -1_000 }, { assets: 0, liabilities: 0 }],
    ];
    for (const [name, journal, moved] of cases) {
      const after = withJournal(journal);
      expect(after.assets.total - sheet.assets.total, name).toBe(moved.assets);
      expect(after.liabilities.total - sheet.liabilities.total, name).toBe(moved.liabilities);
      expect(after.equity, name).toEqual(sheet.equity);
      expect(after.assets.total, name).toBe(after.liabilities.total + after.equity.total);
    }
    expect(amounts(withJournal({ "2100": 3_400, "9999": -3_400 }).assets.lines)["9999"]).toBe(-5_400);
    // the card paid off from the bank: still listed, at 0 (not −0, which would show as "-£0.00")
    expect(amounts(withJournal({ "2300": 3_000, "1200": -3_000 }).liabilities.lines)["2300"]).toBe(0);
  });

  it("moves filed VAT to the liability to HMRC without changing the total, and paying it lowers both sides", () => {
    // November's return: box 1 £16.80 (24.00 − 7.20), box 4 £14.00, box 5 £2.80
    const FILED = { "2200": 1_680, "2201": -1_400, "2202": -280 };
    const filed = withJournal(FILED);
    expect(amounts(filed.liabilities.lines)).toEqual({ "2100": 3_400, "2202": 280, "2300": 3_000 });
    expect(filed.liabilities.total).toBe(sheet.liabilities.total);
    expect(filed.equity).toEqual(sheet.equity);

    const paid = withJournal(FILED, { "2202": 280, "1200": -280 });
    expect(amounts(paid.liabilities.lines)).toEqual({ "2100": 3_400, "2300": 3_000 });
    expect(paid.liabilities.total).toBe(sheet.liabilities.total - 280);
    expect(paid.assets.total).toBe(sheet.assets.total - 280);
    expect(paid.equity).toEqual(sheet.equity);
  });
});
