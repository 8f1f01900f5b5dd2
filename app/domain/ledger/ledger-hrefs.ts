/**
 * Addresses of the ledger screens and of the documents a journal belongs to. Browser-safe.
 *
 *   /admin/ledger?date=                      trial balance
 *   /admin/ledger/accounts/{code}?from=&to=&page=   an account's ledger
 *   /admin/ledger/journals?from=&to=&account=&type=&page=
 *   /admin/ledger/journals/{id}(?confirm=reverse)
 *   /admin/ledger/journals/new(?lines=10)
 *   /admin/ledger/chart(?dialog=new | ?edit=CODE | ?delete=CODE)
 */
import type { JournalSource } from "~db/schema";

export const LEDGER_PATH = "/admin/ledger";
export const JOURNALS_PATH = `${LEDGER_PATH}/journals`;
export const NEW_JOURNAL_PATH = `${JOURNALS_PATH}/new`;
export const CHART_PATH = `${LEDGER_PATH}/chart`;
export const EXPORTS_PATH = `${LEDGER_PATH}/exports`;

type Params = Record<string, string | number | null | undefined>;

function withQuery(path: string, params: Params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "page" && Number(value) <= 1) continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const trialBalanceHref = (date?: string) => withQuery(LEDGER_PATH, { date });

export const accountLedgerHref = (code: string, range: { from?: string; to?: string; page?: number } = {}) =>
  withQuery(`${LEDGER_PATH}/accounts/${encodeURIComponent(code)}`, range);

export type JournalFilters = { from?: string; to?: string; account?: string; type?: string; page?: number };
export const journalsHref = (filters: JournalFilters = {}) => withQuery(JOURNALS_PATH, filters);

export const journalHref = (id: number, extra: Params = {}) => withQuery(`${JOURNALS_PATH}/${id}`, extra);

export const chartHref = (extra: Params = {}) => withQuery(CHART_PATH, extra);

/** The first day of the month a day is in: the account ledger a trial balance line opens starts there. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** Which document's screen a journal's source opens, and the id that screen takes. */
export type DocumentKind = "sales_invoice" | "purchase_invoice" | "return" | "vat_return" | "financial_accounts" | "journal";

export const DOCUMENT_OF_SOURCE: Record<JournalSource, DocumentKind> = {
  sales_invoice: "sales_invoice",
  sales_invoice_void: "sales_invoice",
  payment: "sales_invoice",
  purchase_invoice: "purchase_invoice",
  purchase_payment: "purchase_invoice",
  credit_note: "return",
  refund_payment: "return",
  vat_return: "vat_return",
  vat_payment: "vat_return",
  opening_balance: "financial_accounts",
  account_correction: "financial_accounts",
  capital: "journal",
  manual: "journal",
  reversal: "journal",
};

/** The Accounts screen's tab of the money accounts an opening balance belongs to. */
export const FINANCIAL_ACCOUNTS_HREF = "/admin/accounts?tab=financial-accounts";

/**
 * Where a journal's description leads: its document's screen (a return shows in its status dialog, the
 * only address one return has), or the journal itself when it is its own document or the document is gone.
 * `documentId` is the id that screen takes (a payment's invoice, a credit note's return).
 */
export function documentHref(journal: { id: number; sourceType: JournalSource }, documentId: number | null): string {
  const kind = DOCUMENT_OF_SOURCE[journal.sourceType];
  // an opening balance typed as a journal has no financial account behind it: it is its own document
  if (kind === "journal" || documentId === null) return journalHref(journal.id);
  if (kind === "financial_accounts") return FINANCIAL_ACCOUNTS_HREF;
  if (kind === "sales_invoice") return `/admin/sales-invoices?view=${documentId}`;
  if (kind === "purchase_invoice") return `/admin/purchase-invoices?view=${documentId}`;
  if (kind === "return") return `/admin/returns?update=${documentId}`;
  return `/admin/vat-returns?view=${documentId}`;
}
