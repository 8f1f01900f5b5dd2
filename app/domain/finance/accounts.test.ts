import { describe, expect, it } from "vitest";
import {
  balanceAsAt,
  balanceMovement,
  balanceSheet,
  creditNotes,
  profitAndLoss,
  type BalanceSheetFigures,
  type PeriodFigures,
} from "./accounts";

/**
 * A hand-made November 2026:
 * - INV-1: 10 × £12.00 at 20% → subtotal £120.00, VAT £24.00, total £144.00 (£100.00 of it paid)
 * - INV-2: a zero-rated line, 5 × £8.00 at 0% → subtotal £40.00, no VAT (unpaid)
 * - INV-3: £50.00 + VAT, void (its order was cancelled): in nothing
 * - a refund return completed on 25 Nov: 3 of INV-1's 10 units and 1 of INV-2's 5
 * - PI-1 from a supplier, dated 20 Nov but entered on 3 Dec: £70.00 + £14.00 VAT (unpaid); it belongs to November
 */
const refund = creditNotes([
  { returnId: 7, quantity: 3, orderedQuantity: 10, orderedTotal: 12_000, vatRate: 2000 },
  { returnId: 7, quantity: 1, orderedQuantity: 5, orderedTotal: 4_000, vatRate: 0 },
]);

const november: PeriodFigures = {
  // INV-3 is void, so only INV-1 and INV-2 are summed
  sales: { count: 2, subtotal: 12_000 + 4_000 },
  refunds: refund,
  // PI-1 counts by its invoice date, not when it was entered
  purchases: { count: 1, subtotal: 7_000 },
};

describe("credit notes from refund returns", () => {
  it("values each return with the refund rule: net, VAT only on the standard-rated units", () => {
    expect(refund).toEqual({ count: 1, net: 3_600 + 800, vat: 720, gross: 4_320 + 800 });
  });

  it("counts returns, not lines, and rounds each line half-up as the refund did", () => {
    const notes = creditNotes([
      { returnId: 1, quantity: 1, orderedQuantity: 3, orderedTotal: 1_000, vatRate: 2000 }, // 333.33 → 333, VAT 66.6 → 67
      { returnId: 2, quantity: 2, orderedQuantity: 3, orderedTotal: 1_000, vatRate: 500 }, // 666.67 → 667, VAT 33.35 → 33
    ]);
    expect(notes).toEqual({ count: 2, net: 333 + 667, vat: 67 + 33, gross: 400 + 700 });
    expect(creditNotes([])).toEqual({ count: 0, net: 0, vat: 0, gross: 0 });
  });
});

describe("profit and loss", () => {
  it("takes the month's refunds off revenue and its purchases as costs", () => {
    expect(profitAndLoss(november)).toEqual({
      salesSubtotal: 16_000,
      refunds: 4_400,
      totalRevenue: 11_600,
      totalCosts: 7_000,
      grossProfit: 4_600,
      marginTenths: 397, // 4,600 / 11,600 = 39.655…% → 39.7%
    });
  });

  it("gives a margin of 0 without revenue, and a negative one at a loss", () => {
    const empty = { count: 0, subtotal: 0 };
    expect(profitAndLoss({ sales: empty, refunds: creditNotes([]), purchases: { count: 1, subtotal: 5_000 } })).toMatchObject({
      totalRevenue: 0,
      grossProfit: -5_000,
      marginTenths: 0,
    });
    expect(profitAndLoss({ sales: { count: 1, subtotal: 8_000 }, refunds: creditNotes([]), purchases: { count: 1, subtotal: 10_000 } })).toMatchObject({
      grossProfit: -2_000,
      marginTenths: -250,
    });
  });

  it("rounds the margin half-up to a tenth", () => {
    // 1 / 8 = 12.5% exactly; 1 / 16 = 6.25% → 6.3%
    expect(profitAndLoss({ sales: { count: 1, subtotal: 800 }, refunds: creditNotes([]), purchases: { count: 1, subtotal: 700 } }).marginTenths).toBe(125);
    expect(profitAndLoss({ sales: { count: 1, subtotal: 1_600 }, refunds: creditNotes([]), purchases: { count: 1, subtotal: 1_500 } }).marginTenths).toBe(63);
  });
});

describe("account balances", () => {
  it("moves a bank or cash account up with money in and down with money out", () => {
    expect(balanceMovement({ type: "bank" }, 1_000, 300)).toBe(700);
    expect(balanceMovement({ type: "cash" }, 0, 250)).toBe(-250);
  });

  it("moves a credit card's balance (money owed) up when paying out of it and down with money in", () => {
    expect(balanceMovement({ type: "credit_card" }, 0, 4_500)).toBe(4_500);
    expect(balanceMovement({ type: "credit_card" }, 1_000, 0)).toBe(-1_000);
  });

  it("winds a balance back to an earlier day by undoing the later payments", () => {
    expect(balanceAsAt({ type: "bank", balance: 10_000 }, { moneyIn: 2_000, moneyOut: 500 })).toBe(8_500);
    expect(balanceAsAt({ type: "credit_card", balance: 3_000 }, { moneyIn: 0, moneyOut: 1_200 })).toBe(1_800);
  });
});

describe("balance sheet", () => {
  const figures: BalanceSheetFigures = {
    asAt: "2026-11-30",
    accounts: [
      { id: 1, name: "Business Current Account", type: "bank", balance: 250_000 },
      { id: 3, name: "Company Credit Card", type: "credit_card", balance: 3_000 },
      { id: 2, name: "Petty Cash", type: "cash", balance: 15_000 },
    ],
    // INV-1 £144.00 less £100.00 paid, INV-2 £40.00 unpaid
    receivables: 4_400 + 4_000,
    // PI-1 £84.00 unpaid
    payables: 8_400,
    // output £24.00 (nothing on the zero-rated line), input £14.00, refund VAT £7.20, nothing filed
    vat: { output: 2_400, input: 1_400, refunds: 720, filed: 0 },
  };

  it("adds up each side from its parts, and assets = liabilities + equity", () => {
    const sheet = balanceSheet(figures);
    expect(sheet.assets).toEqual({
      accounts: [figures.accounts[0], figures.accounts[2]],
      accountsTotal: 265_000,
      receivables: 8_400,
      total: 273_400,
    });
    expect(sheet.liabilities).toEqual({
      payables: 8_400,
      creditCards: [figures.accounts[1]],
      creditCardsTotal: 3_000,
      vat: { output: 2_400, input: 1_400, refunds: 720, filed: 0, net: 280 },
      total: 8_400 + 3_000 + 280,
    });
    expect(sheet.equity).toBe(261_720);
    expect(sheet.assets.total).toBe(sheet.liabilities.total + sheet.equity);
  });

  it("counts VAT settled by filed returns as paid, and VAT due back from HMRC lowers liabilities", () => {
    const filed = balanceSheet({ ...figures, vat: { output: 2_400, input: 1_400, refunds: 720, filed: 280 } });
    expect(filed.liabilities.vat.net).toBe(0);
    const reclaim = balanceSheet({ ...figures, vat: { output: 0, input: 1_400, refunds: 0, filed: 0 } });
    expect(reclaim.liabilities.vat.net).toBe(-1_400);
    expect(reclaim.liabilities.total).toBe(8_400 + 3_000 - 1_400);
    expect(reclaim.assets.total).toBe(reclaim.liabilities.total + reclaim.equity);
  });

  it("a payment moves money between parts and leaves equity where it was", () => {
    const before = balanceSheet(figures);
    // the customer pays INV-2's £40.00 into the bank; PI-1 is paid £84.00 on the credit card
    const after = balanceSheet({
      ...figures,
      accounts: [
        { ...figures.accounts[0], balance: 250_000 + balanceMovement({ type: "bank" }, 4_000, 0) },
        { ...figures.accounts[1], balance: 3_000 + balanceMovement({ type: "credit_card" }, 0, 8_400) },
        figures.accounts[2],
      ],
      receivables: figures.receivables - 4_000,
      payables: figures.payables - 8_400,
    });
    expect(after.assets.total).toBe(before.assets.total);
    expect(after.liabilities.creditCardsTotal).toBe(11_400);
    expect(after.equity).toBe(before.equity);
  });
});
