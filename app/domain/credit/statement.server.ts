/**
 * A company's statement as at a UK day, built from its documents (invoices, their payments and voids, its credit
 * notes and the refunds paid out of them), and the company's balance as the ledger holds it: Trade debtors (1100)
 * summed over the journals of the company's documents. The two agree by construction of the postings
 * (docs/decisions/0038-double-entry-ledger.md); tests/integration/credit-statements.test.ts holds them to it.
 */
import { eq } from "drizzle-orm";
import { companies } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { ukDay } from "~/utils/uk-time";
import { CODES } from "~/domain/ledger/chart";
import { companyAgedAt } from "./company-debts.server";
import { buildStatement, monthStart, type StatementEvent, type StatementWithAged } from "./statement";

type InvoiceRow = { id: number; number: string; issueDate: string; dueDate: string; total: number; status: string; voidedAt: number | null };
type PaymentRow = { id: number; number: string; date: string; amount: number };
type CreditNoteRow = { id: number; number: string; date: string; total: number; refunded: number };

/** Every document event of the company dated up to `to`. */
export function companyStatementEvents(db: DB, companyId: number, to: string): StatementEvent[] {
  const client = db.$client;
  const invoices = client
    .prepare(
      `select id, invoice_number as number, issue_date as issueDate, due_date as dueDate, total, status, voided_at as voidedAt
       from sales_invoices where company_id = ? and issue_date <= ?`,
    )
    .all(companyId, to) as InvoiceRow[];
  const payments = client
    .prepare(
      `select p.id, si.invoice_number as number, p.payment_date as date, p.amount
       from payments p join sales_invoices si on si.id = p.sales_invoice_id
       where si.company_id = ? and p.payment_date <= ?`,
    )
    .all(companyId, to) as PaymentRow[];
  const notes = client
    .prepare(
      `select id, credit_note_number as number, issue_date as date, total, refunded_amount as refunded
       from credit_notes where company_id = ? and issue_date <= ?`,
    )
    .all(companyId, to) as CreditNoteRow[];
  const events: StatementEvent[] = [];
  for (const invoice of invoices) {
    events.push({ date: invoice.issueDate, kind: "invoice", reference: invoice.number, amount: invoice.total, dueDate: invoice.dueDate, sourceId: invoice.id });
    // a void reverses the invoice on the UK day it was voided
    if (invoice.status === "void" && invoice.voidedAt !== null) {
      events.push({ date: ukDay(invoice.voidedAt), kind: "void", reference: invoice.number, amount: -invoice.total, sourceId: invoice.id });
    }
  }
  for (const payment of payments) events.push({ date: payment.date, kind: "payment", reference: payment.number, amount: -payment.amount, sourceId: payment.id });
  for (const note of notes) {
    events.push({ date: note.date, kind: "credit_note", reference: note.number, amount: -note.total, sourceId: note.id });
    if (note.refunded > 0) events.push({ date: note.date, kind: "refund", reference: note.number, amount: note.refunded, sourceId: note.id });
  }
  return events;
}

export type CompanyStatement = StatementWithAged & { companyId: number; companyName: string };

/**
 * The company's statement as at the end of `date`: from the first of that month (or `from`) to `date`, with the
 * aged balance at `date`. Null when there is no such company.
 */
export function companyStatement(db: DB, companyId: number, date: string, from: string = monthStart(date)): CompanyStatement | null {
  const company = db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) return null;
  const statement = buildStatement(companyStatementEvents(db, companyId, date), from, date);
  return { ...statement, aged: companyAgedAt(db, companyId, date).aged, companyId, companyName: company.name };
}

/**
 * The company's balance in the ledger at the end of `date`: Trade debtors' lines of the journals posted for its
 * invoices (issue and void), their payments, its credit notes and the refunds paid out of them.
 */
export function companyLedgerBalance(db: DB, companyId: number, date: string): number {
  const row = db.$client
    .prepare(
      `select coalesce(sum(jl.amount), 0) as total
       from journal_lines jl
       join journals j on j.id = jl.journal_id
       join ledger_accounts la on la.id = jl.ledger_account_id and la.code = @code
       where jl.date <= @date and (
         (j.source_type in ('sales_invoice', 'sales_invoice_void') and j.source_id in (select id from sales_invoices where company_id = @companyId))
         or (j.source_type = 'payment' and j.source_id in (select p.id from payments p join sales_invoices si on si.id = p.sales_invoice_id where si.company_id = @companyId))
         or (j.source_type in ('credit_note', 'refund_payment') and j.source_id in (select id from credit_notes where company_id = @companyId)))`,
    )
    .get({ code: CODES.tradeDebtors, date, companyId }) as { total: number };
  return row.total;
}
