import type { SerializeFrom } from "@remix-run/node";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { invoiceScreenAddress } from "./list-state";
import type { loader } from "./route";

/** The Sales Invoices screen's address; its list state and pages (?view=, ?pay=, ?dialog=new) are query parameters. */
export const INVOICES_PATH = "/admin/sales-invoices";

export type InvoicesLoaderData = SerializeFrom<typeof loader>;
export type InvoiceRow = InvoicesLoaderData["invoices"][number];
export type InvoiceView = NonNullable<InvoicesLoaderData["invoice"]>;

export const invoicesHref = invoiceScreenAddress(INVOICES_PATH).href;

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  paid: "success",
  partially_paid: "info",
  overdue: "danger",
  unpaid: "warning",
  void: "neutral",
};

/** An invoice's derived status (sales or purchase) as a coloured badge. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{invoiceStatusLabel(status)}</Badge>;
}

/** Money the loader sends as a 2-decimal string, in pence for formatMoney. */
export const pence = (decimal: string) => Math.round(Number(decimal) * 100);
