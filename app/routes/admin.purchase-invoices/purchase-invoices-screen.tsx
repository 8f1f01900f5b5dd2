import type { SerializeFrom } from "@remix-run/node";
import { invoiceScreenAddress } from "~/routes/admin.sales-invoices/list-state";
import type { loader } from "./route";

/** The Purchase Invoices screen's address; its list state and pages (?view=, ?pay=, ?dialog=new) are query parameters. */
export const PURCHASE_INVOICES_PATH = "/admin/purchase-invoices";
export const purchaseInvoicesAddress = invoiceScreenAddress(PURCHASE_INVOICES_PATH);
export const purchaseInvoicesHref = purchaseInvoicesAddress.href;

export type PurchaseInvoicesLoaderData = SerializeFrom<typeof loader>;
export type PurchaseInvoiceView = NonNullable<PurchaseInvoicesLoaderData["invoice"]>;
