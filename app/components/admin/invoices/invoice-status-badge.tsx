import { Badge, type BadgeTone } from "~/components/admin/badge";
import { invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";

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
