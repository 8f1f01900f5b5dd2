/**
 * The Accounts overview as both doors show it (/admin/accounts and GET /api/admin/accounts): profit & loss
 * for a period, the balance sheet at its end (or today), and the payments in and out, newest first, a page
 * at a time. Money is "12.50" in JSON.
 */
import { financialAccounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { balanceSheetDay, describePeriod, type Period } from "./accounts-period";
import { profitAndLoss, type SheetLine } from "./accounts";
import { balanceSheetAt, periodFigures } from "./accounts-figures.server";
import { CODES } from "~/domain/ledger/chart";
import { listTransactions, TRANSACTIONS_PAGE_SIZE } from "./transactions.server";

const money = toDecimalString;

export function periodJson(period: Period) {
  return { key: period.key, from: period.from, to: period.to, label: describePeriod(period) };
}

/** Profit & loss for the period, with the counts and parts a reader needs to check it. */
export function profitLossJson(db: DB, period: Period) {
  const figures = periodFigures(db, period);
  const pl = profitAndLoss(figures);
  return {
    totalRevenue: money(pl.totalRevenue),
    totalCosts: money(pl.totalCosts),
    grossProfit: money(pl.grossProfit),
    /** percent to one decimal: 23.4 */
    profitMargin: pl.marginTenths / 10,
    salesSubtotal: money(pl.salesSubtotal),
    salesInvoiceCount: figures.counts.sales,
    refunds: money(pl.refunds),
    refundCount: figures.counts.refunds,
    purchaseInvoiceCount: figures.counts.purchases,
  };
}
export type ProfitLossJson = ReturnType<typeof profitLossJson>;

const lineJson = (line: SheetLine) => ({ code: line.code, name: line.name, financialAccountId: line.financialAccountId, amount: money(line.amount) });
const amountOf = (lines: SheetLine[], code: string) => lines.find((line) => line.code === code)?.amount ?? 0;

/**
 * The balance sheet at the end of the period, or today while the period runs, read from the ledger: every
 * asset and liability account with a balance, equity as capital + retained earnings + this year's profit;
 * and, by name, the parts a reader looks for (money accounts, receivables, payables, cards, VAT).
 */
export function balanceSheetJson(db: DB, period: Period, today: string) {
  const sheet = balanceSheetAt(db, balanceSheetDay(period, today));
  const kinds = new Map(db.select({ id: financialAccounts.id, type: financialAccounts.type }).from(financialAccounts).all().map((a) => [a.id, a.type]));
  const moneyAccount = (line: SheetLine) => ({ id: line.financialAccountId!, name: line.name, type: kinds.get(line.financialAccountId!) ?? "other", balance: money(line.amount) });
  const held = sheet.assets.lines.filter((line) => line.financialAccountId !== null);
  const cards = sheet.liabilities.lines.filter((line) => line.financialAccountId !== null);
  const vat = [CODES.vatOnSales, CODES.vatOnPurchases, CODES.vatLiability].map((code) => amountOf(sheet.liabilities.lines, code));
  return {
    asAt: sheet.asAt,
    assets: money(sheet.assets.total),
    liabilities: money(sheet.liabilities.total),
    equity: money(sheet.equity.total),
    parts: {
      assets: sheet.assets.lines.map(lineJson),
      liabilities: sheet.liabilities.lines.map(lineJson),
      equity: {
        lines: sheet.equity.lines.map(lineJson),
        capital: money(sheet.equity.capital),
        retainedEarnings: money(sheet.equity.retainedEarnings),
        currentYearProfit: money(sheet.equity.currentYearProfit),
      },
      accounts: held.map(moneyAccount),
      receivables: money(amountOf(sheet.assets.lines, CODES.tradeDebtors)),
      suspense: money(amountOf(sheet.assets.lines, CODES.suspense)),
      payables: money(amountOf(sheet.liabilities.lines, CODES.tradeCreditors)),
      creditCards: cards.map(moneyAccount),
      vat: {
        vatOnSales: money(vat[0]),
        vatOnPurchases: money(vat[1]),
        liabilityToHmrc: money(vat[2]),
        unpaidNetVat: money(vat[0] + vat[1] + vat[2]),
      },
    },
  };
}
export type BalanceSheetJson = ReturnType<typeof balanceSheetJson>;

/** GET /api/admin/accounts: the spec's overview shape, plus the parts and the page of transactions. */
export function accountsOverview(db: DB, period: Period, today: string, page = 1, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const transactions = listTransactions(db, period, page, pageSize);
  return {
    period: periodJson(period),
    profitLoss: profitLossJson(db, period),
    balanceSheet: balanceSheetJson(db, period, today),
    transactions: transactions.items,
    transactionsPage: { page: transactions.page, pageSize, total: transactions.total, pageCount: transactions.pageCount },
  };
}
