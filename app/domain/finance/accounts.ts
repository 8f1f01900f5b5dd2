/**
 * The arithmetic of the Accounts screen, as pure rules over what the ledger sums (see
 * docs/decisions/0038-double-entry-ledger.md). All amounts are integer pence.
 *
 * Profit & loss for a period: revenue = the credits on the income accounts (4000 Sales less 4010 Sales
 * returns, the credit notes); costs = the debits on the cost accounts (5000 Purchases); gross profit =
 * revenue − costs; margin = profit ÷ revenue × 100 to one decimal, 0 without revenue.
 *
 * Balance sheet at a day: see balanceSheet.
 */
import { marginTenths } from "~/domain/catalog/product.schema";

// ─── Profit & loss ──────────────────────────────────────────────────────────

const SALES_RETURNS = "4010";

/** What the period's P&L is drawn from: each account's movement in it, and how many documents made them. */
export type PeriodFigures = {
  movements: LedgerBalance[];
  counts: { sales: number; refunds: number; purchases: number };
};

export type ProfitAndLoss = {
  salesSubtotal: number;
  refunds: number;
  totalRevenue: number;
  totalCosts: number;
  grossProfit: number;
  /** tenths of a percent, rounded half-up: 234 = 23.4% */
  marginTenths: number;
};

export function profitAndLoss(figures: Pick<PeriodFigures, "movements">): ProfitAndLoss {
  const income = figures.movements.filter((a) => a.type === "income");
  const refunds = income.filter((a) => a.code === SALES_RETURNS).reduce((sum, a) => sum + a.balance, 0);
  // `0 -`, not a unary minus: no −0 to show as "-£0.00"
  const totalRevenue = 0 - income.reduce((sum, a) => sum + a.balance, 0);
  const totalCosts = figures.movements.filter((a) => a.type === "expense").reduce((sum, a) => sum + a.balance, 0);
  return {
    salesSubtotal: totalRevenue + refunds,
    refunds,
    totalRevenue,
    totalCosts,
    grossProfit: totalRevenue - totalCosts,
    marginTenths: marginTenths(totalRevenue, totalCosts) ?? 0,
  };
}

// ─── Balance sheet ──────────────────────────────────────────────────────────

/** An account of the chart with its balance (signed pence, debit positive) and the financial account it is. */
export type LedgerBalance = {
  code: string;
  name: string;
  type: "asset" | "liability" | "equity" | "income" | "expense";
  financialAccountId: number | null;
  balance: number;
};

/** One line of the balance sheet: shown positive when it is what its side expects (an asset held, a debt owed). */
export type SheetLine = { code: string; name: string; financialAccountId: number | null; amount: number };

export type BalanceSheet = {
  asAt: string;
  assets: { lines: SheetLine[]; total: number };
  liabilities: { lines: SheetLine[]; total: number };
  equity: { lines: SheetLine[]; capital: number; retainedEarnings: number; currentYearProfit: number; total: number };
};

const RETAINED_EARNINGS = "3200";

/**
 * The balance sheet at a day, read from the ledger: assets are the asset accounts' balances, liabilities
 * the liability accounts' (credit balances shown positive), equity = capital + retained earnings + this
 * year's profit, each a sum of ledger lines: retained earnings is 3200 plus the profit of the years before
 * this one; this year's profit is the income and cost lines from 1 January to the day. Nothing is worked out
 * as what is left over: the sheet balances because every journal does.
 */
export function balanceSheet(
  asAt: string,
  balances: readonly LedgerBalance[],
  profit: { beforeThisYear: number; thisYear: number },
): BalanceSheet {
  const line = (account: LedgerBalance, sign: 1 | -1): SheetLine => ({
    code: account.code,
    name: account.name,
    financialAccountId: account.financialAccountId,
    amount: sign * account.balance + 0,
  });
  const shown = (account: LedgerBalance) => account.balance !== 0 || account.financialAccountId !== null;
  const assets = balances.filter((a) => a.type === "asset" && shown(a)).map((a) => line(a, 1));
  const liabilities = balances.filter((a) => a.type === "liability" && shown(a)).map((a) => line(a, -1));
  const equityAccounts = balances.filter((a) => a.type === "equity" && (a.balance !== 0 || a.code === RETAINED_EARNINGS));
  const capitalLines = equityAccounts.filter((a) => a.code !== RETAINED_EARNINGS).map((a) => line(a, -1));
  const capital = total(capitalLines);
  const retainedEarnings = -(balances.find((a) => a.code === RETAINED_EARNINGS)?.balance ?? 0) + profit.beforeThisYear;
  return {
    asAt,
    assets: { lines: assets, total: total(assets) },
    liabilities: { lines: liabilities, total: total(liabilities) },
    equity: {
      lines: capitalLines,
      capital,
      retainedEarnings,
      currentYearProfit: profit.thisYear,
      total: capital + retainedEarnings + profit.thisYear,
    },
  };
}

const total = (lines: readonly SheetLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** Profit over some lines of the ledger: income accounts' credits less cost accounts' debits. */
export function profitOf(movements: readonly Pick<LedgerBalance, "type" | "balance">[]): number {
  return 0 - movements.filter((a) => a.type === "income" || a.type === "expense").reduce((sum, a) => sum + a.balance, 0);
}
