/**
 * The back office's Aged Debtors by company (screen, CSV and API): one reading of ?date= for all three, the JSON
 * the API answers and the CSV the screen downloads.
 */
import { writeCsv } from "~/utils/csv.server";
import { requestedPage } from "~/utils/paging";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import type { DB } from "~/utils/db.server";
import { AGE_BUCKETS, type BucketAmounts } from "~/domain/ledger/aged-balances";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { agedJson } from "./credit-json";
import { agedDebtorsByCompany, agedDebtorsPage, type AgedDebtorsPage, type CompanyAgedReport } from "./company-debts.server";

export const AGED_DEBTORS_PATH = "/admin/aged-debtors";

/** The report as at ?date= (today when blank); 400 on `date` for a malformed or future day. */
export function agedDebtorsFor(db: DB, params: URLSearchParams, today: string): Result<CompanyAgedReport> {
  const date = readAgedDate(params, today);
  if (!date.ok) return fail(400, date.message, date.field);
  return ok(agedDebtorsByCompany(db, date.date));
}

/**
 * The screen's page as at ?date= (today when blank), ?page= of `perPage` companies; 400 on `date` as agedDebtorsFor,
 * with today's page as what to show instead.
 */
export function agedDebtorsPageFor(db: DB, params: URLSearchParams, today: string, perPage: number): { page: AgedDebtorsPage; problem: { message: string; field?: string } | null } {
  const paging = { page: requestedPage(params.get("page")), perPage };
  const date = readAgedDate(params, today);
  if (!date.ok) return { page: agedDebtorsPage(db, today, today, paging), problem: { message: date.message, field: date.field } };
  return { page: agedDebtorsPage(db, date.date, today, paging), problem: null };
}

const withTotal = (row: BucketAmounts) => ({ ...agedJson(row), total: toDecimalString(row.total) });

export function agedDebtorsJson(report: CompanyAgedReport) {
  return {
    date: report.date,
    companies: report.companies.map((company) => ({
      companyId: company.key === "none" ? null : Number(company.key),
      name: company.name,
      ...withTotal(company),
      invoices: company.invoices.map((invoice) => ({
        id: invoice.invoiceId,
        invoiceNumber: invoice.invoiceNumber,
        issueDate: invoice.date,
        dueDate: invoice.dueDate,
        daysPastDue: invoice.daysPastDue,
        outstanding: toDecimalString(invoice.outstanding),
      })),
    })),
    totals: withTotal(report.totals),
  };
}

/** One row per company (pounds, two decimals, inc VAT) and a Total row. */
export function agedDebtorsCsv(report: CompanyAgedReport) {
  const amounts = (row: BucketAmounts) => [...AGE_BUCKETS.map((bucket) => toDecimalString(row[bucket])), toDecimalString(row.total)];
  const csv = writeCsv([
    ["Company", "Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days", "Total"],
    ...report.companies.map((company) => [company.name, ...amounts(company)]),
    ["Total", ...amounts(report.totals)],
  ]);
  return { csv, fileName: `aged-debtors-${report.date}.csv`, count: report.companies.length };
}
