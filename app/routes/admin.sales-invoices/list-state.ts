import { listHref } from "~/components/admin/form/list-hrefs";
import {
  FORM_LINES_MAX,
  FORM_LINES_STEP,
  salesInvoiceListQuerySchema,
  type SalesInvoiceListQuery,
} from "~/domain/invoices/sales-invoice.schema";

/**
 * The addresses of an invoice screen at `path` (sales or purchase): its list state (?q=, ?status=, ?page=)
 * and its pages (?view=, ?pay=, ?dialog=new) are query parameters.
 */
export function invoiceScreenAddress(path: string) {
  /** The list's filters and page from a query string (anything unreadable: the whole list). */
  const listQuery = (params: URLSearchParams): SalesInvoiceListQuery => salesInvoiceListQuerySchema.parse(Object.fromEntries(params));
  return {
    path,
    listQuery,
    href: (list: Partial<SalesInvoiceListQuery>, extra: Record<string, string | undefined> = {}) =>
      listHref(path, { q: list.q, status: list.status, page: list.page }, extra),
    /** Only this screen may be where a form returns to; its list filters are kept. */
    returnList(value: FormDataEntryValue | null): SalesInvoiceListQuery {
      if (typeof value !== "string" || !value.startsWith(path)) return listQuery(new URLSearchParams());
      const url = new URL(value, "http://localhost");
      return listQuery(url.pathname === path ? url.searchParams : new URLSearchParams());
    },
  };
}

/** How many line rows the Create Invoice form shows: 5, 10, ... up to 50 (`?lines=`). */
export function lineRowsOf(params: URLSearchParams) {
  const asked = Number(params.get("lines"));
  if (!Number.isSafeInteger(asked) || asked <= FORM_LINES_STEP) return FORM_LINES_STEP;
  return Math.min(FORM_LINES_MAX, Math.ceil(asked / FORM_LINES_STEP) * FORM_LINES_STEP);
}
