/**
 * How order (and invoice, return, request) statuses read on screen: a label and a badge colour.
 * Browser-safe, shared by the customer's order history and the back office.
 *
 * An unknown status (a state added later, or a typo in imported data) is shown as it is, in a neutral
 * badge, rather than hidden or mislabelled.
 */

export type StatusTone = "neutral" | "info" | "progress" | "success" | "warning" | "danger";

type StatusStyle = { label: string; tone: StatusTone };

const STATUS_STYLES: ReadonlyMap<string, StatusStyle> = new Map<string, StatusStyle>([
  ["pending", { label: "Pending", tone: "warning" }],
  ["pending_approval", { label: "Pending Approval", tone: "warning" }],
  ["on_hold", { label: "On Credit Hold", tone: "danger" }],
  ["processing", { label: "Processing", tone: "info" }],
  ["shipped", { label: "Shipped", tone: "progress" }],
  ["delivered", { label: "Delivered", tone: "success" }],
  ["cancelled", { label: "Cancelled", tone: "danger" }],
  ["paid", { label: "Paid", tone: "success" }],
  ["unpaid", { label: "Unpaid", tone: "warning" }],
  ["partially_paid", { label: "Partially Paid", tone: "info" }],
  ["overdue", { label: "Overdue", tone: "danger" }],
  ["approved", { label: "Approved", tone: "success" }],
  ["rejected", { label: "Rejected", tone: "danger" }],
  // an order sent to a company's approvers (companies/approvals.server.ts)
  ["waiting", { label: "Waiting for approval", tone: "warning" }],
  ["placed", { label: "Approved and placed", tone: "success" }],
  ["withdrawn", { label: "Withdrawn", tone: "neutral" }],
]);

/** Every status that has its own label. */
export const LABELLED_STATUSES: readonly string[] = [...STATUS_STYLES.keys()];

/** Tailwind classes of each tone; the text colours keep at least 4.5:1 contrast on their backgrounds. */
export const STATUS_TONE_CLASSES: Readonly<Record<StatusTone, string>> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  info: "bg-sky-100 text-sky-900 ring-sky-300",
  progress: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  success: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-100 text-amber-900 ring-amber-300",
  danger: "bg-red-100 text-red-900 ring-red-300",
};

/** "pending_approval" → "Pending Approval"; an unknown status is returned as it is. */
export function statusLabel(status: string): string {
  return STATUS_STYLES.get(status)?.label ?? status;
}

/** The badge tone of a status; unknown statuses are neutral. */
export function statusTone(status: string): StatusTone {
  return STATUS_STYLES.get(status)?.tone ?? "neutral";
}

/** The badge's colour classes for a status. */
export function statusBadgeClass(status: string): string {
  return STATUS_TONE_CLASSES[statusTone(status)];
}
