import { statusBadgeClass, statusLabel } from "~/domain/orders/order-status";

/** An order (or invoice, return) status as a coloured pill with its label; unknown statuses as they are. */
export function StatusBadge({ status, className = "" }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusBadgeClass(status)} ${className}`}
    >
      {statusLabel(status)}
    </span>
  );
}
