import type { SerializeFrom } from "@remix-run/node";
import { invoiceScreenAddress } from "~/components/admin/invoices/list-state";
import type { loader } from "./route";

/** The Sales Invoices screen's address; its list state and pages (?view=, ?pay=, ?dialog=new) are query parameters. */
export const INVOICES_PATH = "/admin/sales-invoices";

export type InvoicesLoaderData = SerializeFrom<typeof loader>;
export type InvoiceRow = InvoicesLoaderData["invoices"][number];
export type InvoiceView = NonNullable<InvoicesLoaderData["invoice"]>;

export const invoicesHref = invoiceScreenAddress(INVOICES_PATH).href;

export { InvoiceStatusBadge, pence } from "~/components/admin/invoices/invoice-status-badge";
