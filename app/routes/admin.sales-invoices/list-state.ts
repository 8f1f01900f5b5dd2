import {
  FORM_LINES_MAX,
  FORM_LINES_STEP,
  salesInvoiceListQuerySchema,
  type SalesInvoiceListQuery,
} from "~/domain/invoices/sales-invoice.schema";
import { INVOICES_PATH as PATH } from "./invoices-screen";

/** The list's filters and page from a query string (anything unreadable: the whole list). */
export function listQuery(params: URLSearchParams): SalesInvoiceListQuery {
  return salesInvoiceListQuerySchema.parse(Object.fromEntries(params));
}

/** Only this screen may be where a form returns to; its list filters are kept. */
export function returnList(value: FormDataEntryValue | null): SalesInvoiceListQuery {
  if (typeof value !== "string" || !value.startsWith(PATH)) return listQuery(new URLSearchParams());
  const url = new URL(value, "http://localhost");
  return listQuery(url.pathname === PATH ? url.searchParams : new URLSearchParams());
}

/** How many line rows the Create Invoice form shows: 5, 10, ... up to 50 (`?lines=`). */
export function lineRowsOf(params: URLSearchParams) {
  const asked = Number(params.get("lines"));
  if (!Number.isSafeInteger(asked) || asked <= FORM_LINES_STEP) return FORM_LINES_STEP;
  return Math.min(FORM_LINES_MAX, Math.ceil(asked / FORM_LINES_STEP) * FORM_LINES_STEP);
}
