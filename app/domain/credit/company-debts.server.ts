/**
 * What each company owes, read from its sales invoices as they stood at the end of a UK day (the same reading as
 * the ledger's aged debtors, app/domain/ledger/aged-balances.server.ts, grouped by the company billed rather than
 * the person who ordered), and a company's credit position today: balance, limit, orders not yet invoiced,
 * available credit, overdue and the aged balance. `creditPosition` is the one place available credit is worked
 * out, for the account page, the API and the back office alike.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { companies, orders, salesInvoices, type PaymentTerms } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { ageOpenItems, agedTotals, byPartyName, emptyBuckets, type AgedParty, type BucketAmounts, type OpenItem } from "~/domain/ledger/aged-balances";
import { salesOpenAtParams, salesOpenAtRows } from "~/domain/ledger/aged-balances.server";
import { pageOfRows } from "~/domain/shared/record-store.server";
import { availableCredit, overdueOf } from "./credit";

/** Invoices billed to no company (a walk-in sale) are grouped under this name. */
export const NO_ACCOUNT_NAME = "Walk-in sales (no account)";

type OpenRow = { invoiceId: number; invoiceNumber: string; date: string; dueDate: string; companyId: number | null; companyName: string | null; outstanding: number };

/** Every sales invoice with something outstanding at the end of `date`, of one company or (companyId undefined) all. */
export function companyOpenItemsAt(db: DB, date: string, companyId?: number): OpenItem[] {
  const rows = db.$client
    .prepare(
      `select si.id as invoiceId, si.invoice_number as invoiceNumber, si.issue_date as date, si.due_date as dueDate,
         si.company_id as companyId, c.name as companyName, si.outstanding as outstanding
       from (${salesOpenAtRows({ ofCompany: companyId !== undefined })}) si left join companies c on c.id = si.company_id`,
    )
    .all({ ...salesOpenAtParams(date), ...(companyId === undefined ? {} : { companyId }) }) as OpenRow[];
  return rows
    .filter((row) => row.outstanding > 0)
    .map((row) => ({
      partyKey: row.companyId === null ? "none" : String(row.companyId),
      partyName: row.companyName ?? NO_ACCOUNT_NAME,
      partyEmail: null,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      date: row.date,
      dueDate: row.dueDate,
      outstanding: row.outstanding,
    }));
}

export type CompanyAgedReport = { date: string; companies: AgedParty[]; totals: BucketAmounts; invoiceCount: number };

/** Aged debtors by company at the end of `date`: each company's invoices in their buckets, and the totals. */
export function agedDebtorsByCompany(db: DB, date: string): CompanyAgedReport {
  const items = companyOpenItemsAt(db, date);
  const parties = ageOpenItems(items, date);
  return { date, companies: parties, totals: agedTotals(parties), invoiceCount: items.length };
}

export type CompanyAgedSummary = BucketAmounts & { key: string; name: string; invoiceCount: number };
export type CompanyAgedSummaryReport = { date: string; companies: CompanyAgedSummary[]; totals: BucketAmounts; invoiceCount: number };

/** Whole UK days past due at the end of @date, as ageOpenItems counts them: 0 while not yet due or with no due date. */
const DAYS_PAST_DUE = "case when due_date is null then 0 else cast(round(julianday(@date) - julianday(due_date)) as integer) end";

/** Each bucket's sum of `amount` over rows carrying `days` (past due), and the invoices they are (`invoices`). */
const bucketSums = (amount: string, invoices: string) => `coalesce(sum(${invoices}), 0) as invoiceCount,
  coalesce(sum(case when days <= 0 then ${amount} end), 0) as current,
  coalesce(sum(case when days between 1 and 30 then ${amount} end), 0) as days1to30,
  coalesce(sum(case when days between 31 and 60 then ${amount} end), 0) as days31to60,
  coalesce(sum(case when days between 61 and 90 then ${amount} end), 0) as days61to90,
  coalesce(sum(case when days > 90 then ${amount} end), 0) as over90,
  coalesce(sum(${amount}), 0) as total`;

type SummaryRow = Omit<CompanyAgedSummary, "key" | "name"> & { companyId: number | null; companyName: string | null };

const summaryOf = ({ companyId, companyName, ...amounts }: SummaryRow): CompanyAgedSummary => ({
  ...amounts,
  key: companyId === null || companyId === 0 ? "none" : String(companyId),
  name: companyName ?? NO_ACCOUNT_NAME,
});

/**
 * Each company's buckets and how many invoices at the end of `date`, summed by SQLite from the open invoices (of the
 * companies `ids` only when given; 0 is the invoices billed to none), by name. The same invoices, amounts and
 * buckets as ageOpenItems (a test proves it); the full report, agedDebtorsByCompany, makes an object of every open
 * invoice instead.
 */
export function agedDebtorsSummaryRows(db: DB, date: string, ids?: readonly number[]): CompanyAgedSummary[] {
  const ofCompanies = ids && { withoutCompany: ids.includes(0) };
  const rows = db.$client
    .prepare(
      `select si.company_id as companyId, c.name as companyName, ${bucketSums("outstanding", "1")}
       from (select company_id, outstanding, ${DAYS_PAST_DUE} as days
             from (${salesOpenAtRows({ ofCompanies })}) where outstanding > 0) si
       left join companies c on c.id = si.company_id
       group by si.company_id`,
    )
    .all({ ...salesOpenAtParams(date), ...(ids ? { companyIds: JSON.stringify(ids) } : {}) }) as SummaryRow[];
  return rows.map(summaryOf).sort(byPartyName);
}

/** Aged debtors by company as the screen lists them, every company: each one's buckets and invoice count. */
export function agedDebtorsSummary(db: DB, date: string): CompanyAgedSummaryReport {
  const companies = agedDebtorsSummaryRows(db, date);
  return { date, companies, totals: agedTotals(companies), invoiceCount: companies.reduce((sum, company) => sum + company.invoiceCount, 0) };
}

export type AgedDebtorsPage = Omit<CompanyAgedSummaryReport, "companies"> & {
  companies: CompanyAgedSummary[];
  companyCount: number;
  page: number;
  pageCount: number;
};

/** Whether anything is dated after `date` that would make the invoices open now differ from those open at its end. */
function anythingDatedAfter(db: DB, date: string): boolean {
  return Boolean(
    db.$client
      .prepare(
        `select exists (select 1 from payments where payment_date > @date)
           or exists (select 1 from credit_notes where issue_date > @date and sales_invoice_id is not null)
           or exists (select 1 from sales_invoices where issue_date > @date)`,
      )
      .pluck()
      .get({ date }),
  );
}

/**
 * One page of the aged-debtors screen at the end of `date` (`perPage` companies by name). At the end of today, with
 * nothing dated later, the invoices open then are those open now: the companies to list, their count and the
 * totals come from the balances kept by migration 0035's triggers (a row a company, a row a due date), and only
 * the page's companies' invoices are read. Any other day sums every invoice that was open at its end.
 */
export function agedDebtorsPage(db: DB, date: string, today: string, { page, perPage }: { page: number; perPage: number }): AgedDebtorsPage {
  if (date !== today || anythingDatedAfter(db, date)) {
    const report = agedDebtorsSummary(db, date);
    const listed = pageOfRows(report.companies.length, page, perPage, (limit, offset) => report.companies.slice(offset, offset + limit));
    return { ...report, companies: listed.items, companyCount: listed.total, page: listed.page, pageCount: listed.pageCount };
  }
  // read in SQLite's order of names (companies_name_idx), so the collator's sort of them has little left to move
  const owing = (
    db.$client
      .prepare(
        `select b.company_id, c.name from company_open_balances b left join companies c on c.id = b.company_id
         where b.invoices > 0 order by c.name collate nocase`,
      )
      .raw()
      .all() as [number, string | null][]
  )
    .map(([id, name]) => ({ id, key: id === 0 ? "none" : String(id), name: name ?? NO_ACCOUNT_NAME }))
    .sort(byPartyName);
  const listed = pageOfRows(owing.length, page, perPage, (limit, offset) => owing.slice(offset, offset + limit).map((company) => company.id));
  const { invoiceCount, ...totals } = db.$client
    .prepare(`select ${bucketSums("outstanding", "invoices")} from (select outstanding, invoices, ${DAYS_PAST_DUE} as days from open_invoice_due_totals where invoices > 0)`)
    .get({ date }) as BucketAmounts & { invoiceCount: number };
  return {
    date,
    companies: listed.items.length === 0 ? [] : agedDebtorsSummaryRows(db, date, listed.items),
    companyCount: listed.total,
    totals,
    invoiceCount,
    page: listed.page,
    pageCount: listed.pageCount,
  };
}

/** One company's aged balance at the end of `date`, with its open invoices oldest due first. */
export function companyAgedAt(db: DB, companyId: number, date: string): { aged: BucketAmounts; invoices: AgedParty["invoices"] } {
  const [party] = ageOpenItems(companyOpenItemsAt(db, date, companyId), date);
  if (!party) return { aged: emptyBuckets(), invoices: [] };
  const { invoices, key: _key, name: _name, email: _email, ...aged } = party;
  return { aged, invoices };
}

/** What the company's placed orders not yet invoiced (and not cancelled) come to, inc VAT. */
export function uninvoicedOrdersTotal(db: DB, companyId: number): number {
  const row = db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .leftJoin(salesInvoices, eq(salesInvoices.orderId, orders.id))
    .where(and(eq(orders.companyId, companyId), ne(orders.status, "cancelled"), isNull(salesInvoices.id)))
    .get();
  return Number(row?.total ?? 0);
}

export type CreditPosition = {
  companyId: number;
  companyName: string;
  paymentTerms: PaymentTerms;
  creditLimit: number | null;
  /** what it owes on invoices at the end of today */
  balance: number;
  uninvoiced: number;
  /** null: no limit */
  availableCredit: number | null;
  overdue: number;
  aged: BucketAmounts;
  openInvoices: AgedParty["invoices"];
};

/** The company's payment terms now (null: no company, as for a walk-in sale). */
export function companyTermsOf(db: DB, companyId: number | null): PaymentTerms | null {
  if (companyId === null) return null;
  return db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId)).get()?.terms ?? null;
}

/** A company's credit position at the end of the UK day `today`; null when there is no such company. */
export function creditPosition(db: DB, companyId: number, today: string): CreditPosition | null {
  const company = db
    .select({ name: companies.name, paymentTerms: companies.paymentTerms, creditLimit: companies.creditLimitPence })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!company) return null;
  const { aged, invoices } = companyAgedAt(db, companyId, today);
  const uninvoiced = uninvoicedOrdersTotal(db, companyId);
  return {
    companyId,
    companyName: company.name,
    paymentTerms: company.paymentTerms,
    creditLimit: company.creditLimit,
    balance: aged.total,
    uninvoiced,
    availableCredit: availableCredit(company.creditLimit, aged.total, uninvoiced),
    overdue: overdueOf(aged),
    aged,
    openInvoices: invoices,
  };
}
