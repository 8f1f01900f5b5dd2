/**
 * A record's history as the back office shows it: the audit entries of one order, invoice, return or
 * customer, newest first, each with who, a readable label, when, and what changed (before → after).
 * The entries are written by recordAudit (audit.server) in the same transaction as the change.
 */
import { and, desc, eq } from "drizzle-orm";
import { auditLogs, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

/** The records whose history the back office shows, by the entity type their entries carry. */
export type HistoryEntity = "order" | "sales_invoice" | "purchase_invoice" | "return" | "user";

export type HistoryChange = { field: string; before: string; after: string };
export type HistoryEntry = {
  id: number;
  /** ISO instant */
  at: string;
  /** who acted: their name or email, "System" when no one did, "A deleted user" when they are gone */
  who: string;
  action: string;
  label: string;
  changes: HistoryChange[];
  /** a one-line summary of what else the entry says (units restocked, an amount), or null */
  note: string | null;
};

const LABELS: Record<string, string> = {
  "order.status_updated": "Status changed",
  "order.cancelled": "Order cancelled",
  "order.approved": "Order approved",
  "order.rejected": "Order rejected",
  "order.tracking_updated": "Tracking updated",
  "sales_invoice.created": "Invoice created",
  "sales_invoice.emailed": "Invoice emailed",
  "sales_invoice.payment_recorded": "Payment recorded",
  "sales_invoice.reminder_sent": "Payment reminder sent",
  "purchase_invoice.created": "Invoice recorded",
  "purchase_invoice.emailed": "Invoice emailed",
  "purchase_invoice.payment_recorded": "Payment recorded",
  "return.status_updated": "Return status changed",
  "return.completed": "Return completed",
  "user.created": "Account created",
  "user.updated": "Account updated",
  "user.approved": "Account approved",
  "user.rejected": "Registration rejected",
  "user.deleted": "Account deleted",
};

/** The readable label of an audit action; an action without one is shown as it was recorded. */
export function auditActionLabel(action: string): string {
  return LABELS[action] ?? action;
}

const FIELD_NAMES: Record<string, string> = {
  status: "Status",
  adminNotes: "Admin notes",
  amountPaid: "Amount paid",
  trackingNumber: "Tracking number",
  carrier: "Carrier",
  trackingUrl: "Tracking link",
  estimatedDelivery: "Estimated delivery",
  firstName: "First name",
  lastName: "Last name",
  businessName: "Business name",
  isActive: "Active",
  priceTierId: "Price tier",
  role: "Role",
  email: "Email",
  phone: "Phone",
};

/** Fields recorded in pence. */
const MONEY_FIELDS = new Set(["amountPaid", "amount", "total", "subtotal", "vatAmount"]);

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && MONEY_FIELDS.has(field)) return formatMoney(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The before → after pairs an entry's details hold, whichever of the recorded shapes they use. */
export function changesOf(details: Record<string, unknown>): HistoryChange[] {
  const changes: HistoryChange[] = [];
  const add = (field: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    changes.push({ field: FIELD_NAMES[field] ?? field, before: show(field, before), after: show(field, after) });
  };
  // { from, to }: a status move
  if ("from" in details && "to" in details && !isObject(details.from)) add("status", details.from, details.to);
  // { before: {...}, after: {...} }: the changed fields
  if (isObject(details.before) && isObject(details.after)) {
    for (const field of new Set([...Object.keys(details.before), ...Object.keys(details.after)])) {
      if (field in details.after) add(field, details.before[field], details.after[field]);
    }
  }
  // { amountPaid: { from, to } }: one field's move
  for (const [field, value] of Object.entries(details)) {
    if (isObject(value) && "from" in value && "to" in value && field !== "before" && field !== "after") {
      add(field, value.from, value.to);
    }
  }
  return changes;
}

/** What an entry says besides its changes, for the actions where that matters. */
function noteOf(action: string, details: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (typeof details.unitsRestocked === "number") parts.push(`${details.unitsRestocked} units back in stock`);
  if (typeof details.pointsReversed === "number" && details.pointsReversed > 0) {
    parts.push(`${details.pointsReversed} points reversed`);
  }
  if (typeof details.voidedInvoiceNumber === "string") parts.push(`invoice ${details.voidedInvoiceNumber} voided`);
  if (action.endsWith("_invoice.payment_recorded") && typeof details.amount === "number") {
    parts.push(`${formatMoney(details.amount)} by ${show("paymentMethod", details.paymentMethod).replace(/_/g, " ")}`);
  }
  if (action.endsWith("_invoice.emailed") && typeof details.to === "string") parts.push(`to ${details.to}`);
  if (action === "sales_invoice.reminder_sent" && typeof details.levelLabel === "string") {
    parts.push(`${details.levelLabel}${typeof details.to === "string" ? `, to ${details.to}` : ""}`);
  }
  if (action === "return.completed" && typeof details.refundAmount === "string") parts.push(`£${details.refundAmount} refunded`);
  if (action === "order.approved" && typeof details.invoiceNumber === "string") parts.push(`invoice ${details.invoiceNumber} issued`);
  return parts.length ? parts.join(", ") : null;
}

function parseDetails(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** The history of one record, newest first (at most `limit` entries). */
export function auditHistory(db: DB, entityType: HistoryEntity, entityId: string | number, limit = 50): HistoryEntry[] {
  return db
    .select({
      id: auditLogs.id,
      userId: auditLogs.userId,
      action: auditLogs.action,
      details: auditLogs.details,
      createdAt: auditLogs.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, String(entityId))))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit)
    .all()
    .map((row) => {
      const details = parseDetails(row.details);
      const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
      return {
        id: row.id,
        at: row.createdAt.toISOString(),
        who: row.userId === null ? "System" : row.email === null ? "A deleted user" : name ? `${name} (${row.email})` : row.email,
        action: row.action,
        label: auditActionLabel(row.action),
        changes: changesOf(details),
        note: noteOf(row.action, details),
      };
    });
}
