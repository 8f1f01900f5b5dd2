import type { SerializeFrom } from "@remix-run/node";
import { listHref } from "~/components/admin/form/list-hrefs";
import type { SalesInvoiceListQuery } from "~/domain/invoices/sales-invoice.schema";
import type { loader } from "./route";

/** The Sales Invoices screen's address; its list state and pages (?view=, ?pay=, ?dialog=new) are query parameters. */
export const INVOICES_PATH = "/admin/sales-invoices";

export type InvoicesLoaderData = SerializeFrom<typeof loader>;
export type InvoiceRow = InvoicesLoaderData["invoices"][number];
export type InvoiceView = NonNullable<InvoicesLoaderData["invoice"]>;

export function invoicesHref(list: Partial<SalesInvoiceListQuery>, extra: Record<string, string | undefined> = {}) {
  return listHref(INVOICES_PATH, { q: list.q, status: list.status, page: list.page }, extra);
}

export { InvoiceStatusBadge, pence } from "~/components/admin/invoices/invoice-status-badge";
