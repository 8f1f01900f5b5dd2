/**
 * The arithmetic of the Accounts screen, as pure rules over figures the queries sum (see
 * docs/decisions/0022-accounts-profit-and-loss-balance-sheet.md). All amounts are integer pence.
 *
 * Profit & loss for a period: revenue = non-void sales invoice subtotals − the ex-VAT value of refund
 * returns completed in it (credit notes); costs = non-void purchase invoice subtotals; gross profit =
 * revenue − costs; margin = profit ÷ revenue × 100 to one decimal, 0 without revenue.
 *
 * Balance sheet at a day: assets = balances of accounts that are not credit cards + receivables;
 * liabilities = payables + credit card balances + unpaid net VAT; equity = assets − liabilities.
 */
import { marginTenths } from "~/domain/catalog/product.schema";
import { returnValue, type ReturnedLine } from "~/domain/returns/return-refund";
import { balanceChange } from "~/domain/invoices/payment-direction";

// ─── Profit & loss ──────────────────────────────────────────────────────────

export type RefundLine = ReturnedLine & { returnId: number };
export type CreditNotes = { count: number; net: number; vat: number; gross: number };

/** Refund returns as credit notes: each return valued by the refund rule that set its refund. */
export function creditNotes(lines: readonly RefundLine[]): CreditNotes {
  const byReturn = new Map<number, ReturnedLine[]>();
  for (const line of lines) byReturn.set(line.returnId, [...(byReturn.get(line.returnId) ?? []), line]);
  let net = 0;
  let gross = 0;
  for (const returned of byReturn.values()) {
    const value = returnValue("refund", returned);
    net += value.net;
    gross += value.gross;
  }
  return { count: byReturn.size, net, vat: gross - net, gross };
}

export type PeriodFigures = {
  sales: { count: number; subtotal: number };
  refunds: CreditNotes;
  purchases: { count: number; subtotal: number };
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

export function profitAndLoss(figures: PeriodFigures): ProfitAndLoss {
  const totalRevenue = figures.sales.subtotal - figures.refunds.net;
  const totalCosts = figures.purchases.subtotal;
  return {
    salesSubtotal: figures.sales.subtotal,
    refunds: figures.refunds.net,
    totalRevenue,
    totalCosts,
    grossProfit: totalRevenue - totalCosts,
    marginTenths: marginTenths(totalRevenue, totalCosts) ?? 0,
  };
}

// ─── Account balances ───────────────────────────────────────────────────────

export type AccountKind = { type: string };

const isCreditCard = (account: AccountKind) => account.type === "credit_card";

/**
 * How money in (a customer's payment) and money out (a payment to a supplier) move an account's balance,
 * by the one rule a recorded payment follows (`balanceChange`: a credit card's balance is money owed).
 */
export function balanceMovement(account: AccountKind, moneyIn: number, moneyOut: number): number {
  return balanceChange(account.type, moneyIn, "in") + balanceChange(account.type, moneyOut, "out");
}

/** An account's balance at the end of an earlier day: today's balance less what payments dated after it moved. */
export function balanceAsAt(account: AccountKind & { balance: number }, later: { moneyIn: number; moneyOut: number }) {
  return account.balance - balanceMovement(account, later.moneyIn, later.moneyOut);
}

// ─── Balance sheet ──────────────────────────────────────────────────────────

export type AccountBalance = { id: number; name: string; type: string; balance: number };

/**
 * VAT on everything up to the day: output VAT on sales, less input VAT on purchases, less the VAT of refund
 * credit notes, less box 5 of the VAT returns filed by then (settled with HMRC).
 */
export type VatFigures = { output: number; input: number; refunds: number; filed: number };

export type BalanceSheetFigures = {
  /** YYYY-MM-DD */
  asAt: string;
  accounts: AccountBalance[];
  receivables: number;
  payables: number;
  vat: VatFigures;
};

export type BalanceSheet = {
  asAt: string;
  assets: { accounts: AccountBalance[]; accountsTotal: number; receivables: number; total: number };
  liabilities: {
    payables: number;
    creditCards: AccountBalance[];
    creditCardsTotal: number;
    vat: VatFigures & { net: number };
    total: number;
  };
  equity: number;
};

const sum = (accounts: AccountBalance[]) => accounts.reduce((total, account) => total + account.balance, 0);

export function unpaidNetVat(vat: VatFigures) {
  return vat.output - vat.input - vat.refunds - vat.filed;
}

export function balanceSheet(figures: BalanceSheetFigures): BalanceSheet {
  const cards = figures.accounts.filter(isCreditCard);
  const held = figures.accounts.filter((account) => !isCreditCard(account));
  const accountsTotal = sum(held);
  const creditCardsTotal = sum(cards);
  const vatNet = unpaidNetVat(figures.vat);
  const assets = accountsTotal + figures.receivables;
  const liabilities = figures.payables + creditCardsTotal + vatNet;
  return {
    asAt: figures.asAt,
    assets: { accounts: held, accountsTotal, receivables: figures.receivables, total: assets },
    liabilities: {
      payables: figures.payables,
      creditCards: cards,
      creditCardsTotal,
      vat: { ...figures.vat, net: vatNet },
      total: liabilities,
    },
    equity: assets - liabilities,
  };
}
