/**
 * Aged debtors and creditors at the end of a UK day, read from the invoices as they stood then: an invoice
 * dated on or before the day, less the payments (and, for a sales invoice, the credit notes set against it)
 * dated on or before it. A sales invoice voided after the day still counted on it; a purchase invoice
 * stored void never counted. The same figures make up Trade debtors (1100) and Trade creditors (2100) in the
 * ledger at that day. Amounts include VAT, as the invoices do.
 */
import type { DB } from "~/utils/db.server";
import { writeCsv } from "~/utils/csv.server";
import { toDecimalString } from "~/utils/money";
import { customerDisplayName } from "~/domain/pos/pos-customers.server";
import { addDays, ukStartOfDay } from "~/domain/vat/vat-period";
import { fail, ok, type Result } from "~/utils/result";
import { readAgedDate, readAgedSide } from "./exports-query";
import { AGE_BUCKETS, ageOpenItems, agedTotals, type AgedParty, type AgedSide, type BucketAmounts, type OpenItem } from "./aged-balances";

type OpenRow = {
  invoiceId: number;
  invoiceNumber: string;
  date: string;
  dueDate: string | null;
  partyId: string | null;
  email: string | null;
  businessName: string | null;
  firstName: string | null;
  lastName: string | null;
  fallbackName: string | null;
  outstanding: number;
};

const PARTY_COLUMNS = `u.email as email, coalesce(c.name, u.business_name) as businessName, u.first_name as firstName, u.last_name as lastName`;

/*
 * Only invoices that can have been owing at the day are read: those still owing now (the partial index
 * sales_invoices_open_idx holds them alone, so a large install's settled invoices cost nothing), and those paid or
 * credited after the day. What one owed at the end of @date is what it owes now plus what was paid or credited
 * after that day (amount_paid and credited_amount are the sums of its payments and applied credit notes).
 */
/** Payments and applied credit notes dated after @date, per invoice. */
const SALES_LATE = `select id, sum(paid) as paid, sum(credited) as credited from (
      select sales_invoice_id as id, amount as paid, 0 as credited from payments where payment_date > @date
      union all
      select sales_invoice_id, 0, applied_amount from credit_notes where issue_date > @date and sales_invoice_id is not null
    ) group by id`;

/**
 * An invoice (`si`) that counts at the end of @date: issued by then, and not void by then (@nextDayStarts, ms). The
 * "+" keeps SQLite off the issue-date index, which would visit every invoice ever issued: the open ones are read
 * from sales_invoices_open_idx (a company's by its first column).
 */
const SALES_COUNTS_AT = `+si.issue_date <= @date and (si.status <> 'void' or (si.voided_at is not null and si.voided_at >= @nextDayStarts))`;

const OWING_NOW = "si.total > si.amount_paid + si.credited_amount";
const OPEN_COLUMNS = "si.id, si.invoice_number, si.issue_date, si.due_date, si.company_id, si.customer_id, si.order_id";

/** Some companies (@companyIds, a JSON array of ids) and, when `withoutCompany`, the invoices billed to none. */
export type CompanyChoice = { withoutCompany: boolean };

function companiesIn({ withoutCompany }: CompanyChoice) {
  const some = "si.company_id in (select value from json_each(@companyIds))";
  return withoutCompany ? `(${some} or si.company_id is null)` : some;
}

/**
 * The sales invoices that can have owed something at the end of @date, each with what it owed then
 * (`outstanding`, may be 0 or less for one settled by then), as rows to select from (`from (…) si`); of one
 * company (@companyId) when asked.
 */
export function salesOpenAtRows({ ofCompany = false, ofCompanies }: { ofCompany?: boolean; ofCompanies?: CompanyChoice } = {}) {
  const company = ofCompany ? "and si.company_id = @companyId" : ofCompanies ? `and ${companiesIn(ofCompanies)}` : "";
  return `
    select ${OPEN_COLUMNS}, si.total - si.amount_paid - si.credited_amount + coalesce(late.paid, 0) + coalesce(late.credited, 0) as outstanding
    from sales_invoices si left join (${SALES_LATE}) late on late.id = si.id
    where ${OWING_NOW} and ${SALES_COUNTS_AT} ${company}
    union all
    select ${OPEN_COLUMNS}, si.total - si.amount_paid - si.credited_amount + late.paid + late.credited as outstanding
    from (${SALES_LATE}) late join sales_invoices si on si.id = late.id
    where not (${OWING_NOW}) and ${SALES_COUNTS_AT} ${company}`;
}

const SALES_OPEN_AT = `
  select si.id as invoiceId, si.invoice_number as invoiceNumber, si.issue_date as date, si.due_date as dueDate,
    si.customer_id as partyId, ${PARTY_COLUMNS}, o.shipping_name as fallbackName, si.outstanding as outstanding
  from (${salesOpenAtRows()}) si
  left join users u on u.id = si.customer_id
  left join companies c on c.id = u.company_id
  left join orders o on o.id = si.order_id`;

/** The parameters of salesOpenAtRows for the end of `date`. */
export function salesOpenAtParams(date: string) {
  return { date, nextDayStarts: ukStartOfDay(addDays(date, 1)) };
}

const PURCHASES_OPEN_AT = `
  select pi.id as invoiceId, pi.invoice_number as invoiceNumber, pi.invoice_date as date, pi.due_date as dueDate,
    pi.supplier_id as partyId, ${PARTY_COLUMNS}, null as fallbackName,
    pi.total
      - (select coalesce(sum(pp.amount), 0) from purchase_payments pp where pp.purchase_invoice_id = pi.id and pp.payment_date <= @date)
      as outstanding
  from purchase_invoices pi
  left join users u on u.id = pi.supplier_id
  left join companies c on c.id = u.company_id
  where pi.invoice_date <= @date and pi.status <> 'void'
    and (pi.total > pi.amount_paid
      or pi.id in (select purchase_invoice_id from purchase_payments where payment_date > @date))`;

const UNKNOWN_PARTY: Record<AgedSide, string> = { debtors: "Unknown customer", creditors: "Removed supplier" };

/** An invoice's customer or supplier as the invoice lists name them: the business, else the person, else the email. */
function openItemOf(side: AgedSide, row: OpenRow): OpenItem {
  const known = row.partyId !== null && row.email !== null;
  const name = known ? customerDisplayName({ ...row, email: row.email! }) : (row.fallbackName ?? UNKNOWN_PARTY[side]);
  return {
    // a sale to someone since deleted is grouped by the name its order was delivered to
    partyKey: known ? `user:${row.partyId}` : `name:${name}`,
    partyName: name,
    partyEmail: known ? row.email : null,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    date: row.date,
    dueDate: row.dueDate,
    outstanding: row.outstanding,
  };
}

/** Every invoice of `side` with something outstanding at the end of `date` (YYYY-MM-DD, a UK day). */
export function openItemsAt(db: DB, side: AgedSide, date: string): OpenItem[] {
  const sql = side === "debtors" ? SALES_OPEN_AT : PURCHASES_OPEN_AT;
  const params = side === "debtors" ? salesOpenAtParams(date) : { date };
  const rows = db.$client.prepare(sql).all(params) as OpenRow[];
  return rows.filter((row) => row.outstanding > 0).map((row) => openItemOf(side, row));
}

export type AgedReport = { side: AgedSide; date: string; parties: AgedParty[]; totals: BucketAmounts; invoiceCount: number };

/** Aged debtors or creditors at the end of `date`: per party, each invoice in its bucket, and the totals. */
export function agedBalances(db: DB, side: AgedSide, date: string): AgedReport {
  const items = openItemsAt(db, side, date);
  const parties = ageOpenItems(items, date);
  return { side, date, parties, totals: agedTotals(parties), invoiceCount: items.length };
}

const PARTY_HEADING: Record<AgedSide, string> = { debtors: "Customer", creditors: "Supplier" };
const CSV_BUCKET_HEADINGS = ["Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days"];

/** The per-party summary as a CSV (pounds with two decimals, VAT included), a Total row last. */
export function agedBalancesCsv(db: DB, side: AgedSide, date: string) {
  const report = agedBalances(db, side, date);
  const amounts = (row: BucketAmounts) => [...AGE_BUCKETS.map((bucket) => toDecimalString(row[bucket])), toDecimalString(row.total)];
  const csv = writeCsv([
    [PARTY_HEADING[side], "Email", ...CSV_BUCKET_HEADINGS, "Total"],
    ...report.parties.map((party) => [party.name, party.email ?? "", ...amounts(party)]),
    ["Total", "", ...amounts(report.totals)],
  ]);
  return { csv, fileName: `aged-${side}-${date}.csv`, count: report.parties.length };
}

/** The download asked for by ?side=&date= (see exports-query), or a 400 naming what is wrong. */
export function agedExportFor(db: DB, params: URLSearchParams, today: string): Result<ReturnType<typeof agedBalancesCsv>> {
  const side = readAgedSide(params);
  if (!side.ok) return fail(400, side.message, side.field);
  const date = readAgedDate(params, today);
  if (!date.ok) return fail(400, date.message, date.field);
  return ok(agedBalancesCsv(db, side.side, date.date));
}
