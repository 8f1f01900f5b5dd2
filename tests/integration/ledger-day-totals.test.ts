/**
 * The ledger's day totals (ledger_day_totals, written by the trigger on journal_lines): after real events on
 * several days — sales, a payment, manual journals, a reversal, a rollback — every table row is the sum of
 * that account's lines that day, and the reports that read the totals (trial balance, a period's movements,
 * balances split at a year, one account's balance, an account's ledger totals, P&L, balance sheet) come to
 * exactly what summing the lines gives.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { manualInvoiceSchema } from "~/domain/invoices/sales-invoice.schema";
import { manualJournalSchema } from "~/domain/ledger/ledger.schema";
import { postManualJournal, reverseJournalByHand } from "~/domain/ledger/manual-journal.server";
import { accountBalanceAsAt, balancesAsAt, balancesSplitAt, movementsBetween } from "~/domain/ledger/balances.server";
import { trialBalanceJson } from "~/domain/ledger/trial-balance.server";
import { profitLossJson, balanceSheetJson } from "~/domain/finance/accounts.server";
import { writeTransaction, getDb } from "~/utils/db.server";
import { createUser } from "./factories";

const db = () => getDb();
const sql = db().$client;

type Row = { id: number; total: number };
const byAccount = (rows: Row[]) => Object.fromEntries(rows.filter((row) => row.total !== 0).map((row) => [row.id, row.total]));
/** What the reports should say, summed from the lines themselves. */
const linesBetween = (from: string, to: string) =>
  byAccount(sql.prepare("select ledger_account_id as id, sum(amount) as total from journal_lines where date >= ? and date <= ? group by 1").all(from, to) as Row[]);
const nonZero = (rows: { id: number; balance: number }[]) => byAccount(rows.map((row) => ({ id: row.id, total: row.balance })));

beforeAll(async () => {
  const admin = await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "buyer@example.com", businessName: "Canal Cafe Ltd" });
  const sale = (issueDate: string, pounds: string) => {
    const made = createManualInvoice(
      db(),
      admin,
      manualInvoiceSchema.parse({ customerId: buyer.id, issueDate, items: [{ description: "Catering tea", quantity: 3, unitPrice: pounds, vatRate: "20" }] }),
    );
    if (!made.ok) throw new Error(made.message);
    return made.value;
  };
  const journal = (date: string, debit: string, credit: string, pounds: string) => {
    const posted = postManualJournal(
      db(),
      admin,
      manualJournalSchema.parse({ date, narration: `By hand ${date}`, lines: [{ account: debit, debit: pounds }, { account: credit, credit: pounds }] }),
    );
    if (!posted.ok) throw new Error(posted.message);
    return posted.value;
  };
  // last year, this year, two sales on one day, a payment, journals by hand and one reversed
  sale("2025-12-30", "10.00");
  const first = sale("2026-02-03", "12.00");
  sale("2026-02-03", "7.35");
  sale("2026-03-01", "99.99");
  expect(
    recordPayment(db(), admin, first.id, { amount: 2_000, paymentMethod: "bank_transfer", paymentDate: "2026-02-10", reference: null, notes: null }).ok,
  ).toBe(true);
  journal("2026-02-03", "1100", "4000", "5.00");
  const wrong = journal("2026-02-28", "4000", "1100", "1.23");
  const reversed = reverseJournalByHand(db(), admin, wrong.journalId, null, { today: "2026-03-02" });
  if (!reversed.ok) throw new Error(reversed.message);
  // a journal whose transaction fails leaves neither its lines nor its totals
  expect(() =>
    writeTransaction(db(), (tx) => {
      postManualJournal(tx, admin, manualJournalSchema.parse({ date: "2026-02-03", narration: "Rolled back", lines: [{ account: "1100", debit: "50.00" }, { account: "4000", credit: "50.00" }] }));
      throw new Error("stop");
    }),
  ).toThrow("stop");
});

describe("the ledger's day totals", () => {
  it("hold, for each account and day, the count, debits and credits of its lines", () => {
    const fromLines = sql
      .prepare(
        `select ledger_account_id, date, coalesce(sum(case when amount > 0 then amount end), 0) as debits,
           coalesce(sum(case when amount < 0 then -amount end), 0) as credits, count(*) as line_count
         from journal_lines group by 1, 2 order by 1, 2`,
      )
      .all();
    const totals = sql.prepare("select ledger_account_id, date, debits, credits, line_count from ledger_day_totals order by 1, 2").all();
    expect(fromLines.length).toBeGreaterThan(8);
    expect(totals).toEqual(fromLines);
    // two sales and a journal on 3 February are one row per account
    expect(totals.filter((row) => (row as { date: string }).date === "2026-02-03").length).toBeLessThan(
      (sql.prepare("select count(*) from journal_lines where date = '2026-02-03'").pluck().get() as number),
    );
  });

  it("give every report the sum of the lines", () => {
    for (const [from, to] of [
      ["2026-01-01", "2026-12-31"],
      ["2026-02-03", "2026-02-03"],
      ["2026-02-04", "2026-02-28"],
      ["2025-01-01", "2026-02-10"],
    ] as const) {
      expect(nonZero(movementsBetween(db(), from, to))).toEqual(linesBetween(from, to));
    }
    expect(nonZero(balancesAsAt(db(), "2026-02-27"))).toEqual(linesBetween("0000-01-01", "2026-02-27"));
    const split = balancesSplitAt(db(), "2026-03-02", "2026-01-01");
    expect(byAccount(split.map((row) => ({ id: row.id, total: row.before })))).toEqual(linesBetween("0000-01-01", "2025-12-31"));
    expect(byAccount(split.map((row) => ({ id: row.id, total: row.since })))).toEqual(linesBetween("2026-01-01", "2026-03-02"));
    const debtors = sql.prepare("select id from ledger_accounts where code = '1100'").pluck().get() as number;
    for (const day of ["2025-12-29", "2026-02-03", "2026-02-28", "2026-03-02"]) {
      expect(accountBalanceAsAt(db(), debtors, day)).toBe(linesBetween("0000-01-01", day)[debtors] ?? 0);
    }
  });

  it("make the trial balance, P&L and balance sheet the figures the lines give", () => {
    const trial = trialBalanceJson(db(), "2026-03-31");
    const debitsInPence = Object.values(linesBetween("0000-01-01", "2026-03-31")).filter((total) => total > 0).reduce((a, b) => a + b, 0);
    expect(trial.balanced).toBe(true);
    expect(trial.totals.debit).toBe((debitsInPence / 100).toFixed(2));
    // sales this year: 3 × £12.00 + 3 × £7.35 + 3 × £99.99 + £5.00 by hand (the £1.23 and its reversal cancel)
    const year = { key: "this-year" as const, from: "2026-01-01", to: "2026-12-31" };
    expect(profitLossJson(db(), year)).toMatchObject({ totalRevenue: "363.02", salesInvoiceCount: 3 });
    const sheet = balanceSheetJson(db(), year, "2026-03-31");
    // what the customer owes: the four sales inc VAT (£36.00 + £43.20 + £26.46 + £359.96), less the £20.00 paid,
    // plus the £5.00 by hand
    expect(sheet.parts.receivables).toBe("450.62");
    expect(sheet.parts.equity.retainedEarnings).toBe("30.00");
  });

  it("are never deleted by hand, as the lines are not", () => {
    expect(() => sql.prepare("delete from ledger_day_totals").run()).toThrow(/day totals follow the journal lines/);
  });
});

describe("the sales invoices' day counts", () => {
  const fromInvoices = () =>
    sql.prepare("select issue_date, count(*) as invoices from sales_invoices where status <> 'void' group by 1 having count(*) > 0 order by 1").all();
  const counts = () => sql.prepare("select issue_date, invoices from sales_invoice_day_counts where invoices <> 0 order by 1").all();

  it("count each day's invoices that are not void, through payments, voiding, re-dating and deleting", () => {
    expect(counts()).toEqual([
      { issue_date: "2025-12-30", invoices: 1 },
      { issue_date: "2026-02-03", invoices: 2 },
      { issue_date: "2026-03-01", invoices: 1 },
    ]);
    expect(counts()).toEqual(fromInvoices());
    const ids = sql.prepare("select id from sales_invoices order by id").pluck().all() as number[];
    // a payment's status change (unpaid → paid) leaves the count alone; a void takes the invoice out
    sql.prepare("update sales_invoices set status = 'paid' where id = ?").run(ids[0]);
    sql.prepare("update sales_invoices set status = 'void' where id = ?").run(ids[1]);
    expect(counts()).toEqual(fromInvoices());
    sql.prepare("update sales_invoices set issue_date = '2026-02-04' where id = ?").run(ids[2]);
    expect(counts()).toEqual(fromInvoices());
    // a void invoice re-dated stays out; un-voided it comes back on its new day
    sql.prepare("update sales_invoices set issue_date = '2026-02-05' where id = ?").run(ids[1]);
    expect(counts()).toEqual(fromInvoices());
    sql.prepare("update sales_invoices set status = 'unpaid' where id = ?").run(ids[1]);
    expect(counts()).toEqual(fromInvoices());
    expect(profitLossJson(db(), { key: "this-year", from: "2026-01-01", to: "2026-12-31" }).salesInvoiceCount).toBe(3);
    expect(profitLossJson(db(), { key: "custom", from: "2026-02-05", to: "2026-02-05" }).salesInvoiceCount).toBe(1);
  });
});
