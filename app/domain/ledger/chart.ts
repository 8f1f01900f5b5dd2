/**
 * The chart of accounts every install starts with: UK nominal codes in the ranges bookkeepers know from Sage
 * (1xxx assets, 2xxx liabilities, 3xxx capital and reserves, 4xxx income, 5xxx–8xxx costs, 9999 suspense).
 * The product posts to the system accounts by their codes; an admin may add more. Browser-safe.
 */
import type { LedgerAccountType } from "~db/schema";

export const CODES = {
  tradeDebtors: "1100",
  bank: "1200",
  pettyCash: "1210",
  cardClearing: "1230",
  tradeCreditors: "2100",
  vatOnSales: "2200",
  vatOnPurchases: "2201",
  vatLiability: "2202",
  creditCard: "2300",
  capital: "3000",
  retainedEarnings: "3200",
  sales: "4000",
  salesReturns: "4010",
  deliveryCharges: "4020",
  purchases: "5000",
  suspense: "9999",
} as const;

export type ChartEntry = { code: string; name: string; type: LedgerAccountType };

/** Seeded on every install. 1200, 1210, 1230 and 2300 become the first bank, cash, gateway and card account kept. */
export const STANDARD_CHART: readonly ChartEntry[] = [
  { code: CODES.tradeDebtors, name: "Trade debtors", type: "asset" },
  { code: CODES.bank, name: "Bank current account", type: "asset" },
  { code: CODES.pettyCash, name: "Petty cash", type: "asset" },
  { code: CODES.cardClearing, name: "Card clearing", type: "asset" },
  { code: CODES.tradeCreditors, name: "Trade creditors", type: "liability" },
  { code: CODES.vatOnSales, name: "VAT on sales", type: "liability" },
  { code: CODES.vatOnPurchases, name: "VAT on purchases", type: "liability" },
  { code: CODES.vatLiability, name: "VAT liability to HMRC", type: "liability" },
  { code: CODES.creditCard, name: "Company credit card", type: "liability" },
  { code: CODES.capital, name: "Capital", type: "equity" },
  { code: CODES.retainedEarnings, name: "Retained earnings", type: "equity" },
  { code: CODES.sales, name: "Sales", type: "income" },
  { code: CODES.salesReturns, name: "Sales returns", type: "income" },
  { code: CODES.deliveryCharges, name: "Delivery charges", type: "income" },
  { code: CODES.purchases, name: "Purchases", type: "expense" },
  { code: CODES.suspense, name: "Suspense", type: "asset" },
];

/** The money accounts the admin keeps (financial accounts), by where their nominal codes start. */
export const MONEY_ACCOUNT_CODES: Record<string, { start: string; type: LedgerAccountType }> = {
  bank: { start: CODES.bank, type: "asset" },
  cash: { start: CODES.pettyCash, type: "asset" },
  payment_gateway: { start: CODES.cardClearing, type: "asset" },
  other: { start: "1250", type: "asset" },
  credit_card: { start: CODES.creditCard, type: "liability" },
};

export const LEDGER_TYPE_LABELS: Record<LedgerAccountType, string> = {
  asset: "Asset",
  liability: "Liability",
  equity: "Capital and reserves",
  income: "Income",
  expense: "Expense",
};

/** Which nominal range a code belongs in: an admin's new account must sit in the range of its type. */
export function typeOfCode(code: string): LedgerAccountType | null {
  if (!/^\d{4}$/.test(code)) return null;
  const n = Number(code);
  if (n >= 1000 && n < 2000) return "asset";
  if (n >= 2000 && n < 3000) return "liability";
  if (n >= 3000 && n < 4000) return "equity";
  if (n >= 4000 && n < 5000) return "income";
  if (n >= 5000 && n < 9999) return "expense";
  return null;
}

/** Debit-natured accounts (assets, costs) show a positive balance when debits exceed credits; the rest the reverse. */
export function isDebitNatured(type: LedgerAccountType) {
  return type === "asset" || type === "expense";
}

/** The first code at or after `start` not in `taken`. */
export function nextFreeCode(start: string, taken: ReadonlySet<string>): string {
  let n = Number(start);
  while (taken.has(String(n))) n += 1;
  return String(n);
}
