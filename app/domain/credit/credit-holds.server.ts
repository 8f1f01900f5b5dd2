/**
 * Credit holds (docs/decisions/0071): the check Place Order makes, releasing a held order (accounts, with a note,
 * audited), the hold setting (days overdue), and the Credit control queue's reading (holds to release, accounts over
 * their limit or on stop, reminders due today).
 */
import { asc, eq, isNotNull } from "drizzle-orm";
import { companies, orders, users } from "~db/schema";
import { daysPastDue } from "~/domain/ledger/aged-balances";
import { issueSalesInvoiceForOrder, ukToday } from "~/domain/invoices/invoices.server";
import { earnPointsForOrder } from "~/domain/loyalty/points.server";
import { estimatedDeliveryFor } from "~/domain/ordering/expected-delivery.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { readSetting, writeSetting } from "~/domain/shared/install-settings.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { staffMay } from "~/domain/users/staff-roles";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { sendOrderEventEmail } from "~/domain/orders/order-status-emails.server";
import { creditPosition, type CreditPosition } from "./company-debts.server";
import { creditHoldFor, DEFAULT_HOLD_OVERDUE_DAYS, MAX_HOLD_OVERDUE_DAYS, type CreditHold } from "./credit-hold";
import type { HoldSettingsInput, ReleaseHoldInput } from "./credit-holds.schema";
import { dueReminders, type DueReminder } from "./reminders.server";

const OVERDUE_DAYS_KEY = "credit_hold_overdue_days";
export const ORDER_NOT_FOUND = "Order not found";
export const RELEASE_REFUSED_MESSAGE = "Only accounts staff (or a full admin) can release a credit hold.";

export function notOnHoldMessage(orderNumber: string) {
  return `Order ${orderNumber} is not on credit hold`;
}

/** Said when anything but a release or a cancel tries to move a held order on (status selector, bulk, API). */
export function heldOrderMessage(orderNumber: string) {
  return `Order ${orderNumber} is on credit hold: accounts release it on Credit control before it can be moved on.`;
}

export type HoldSettings = { overdueHolds: boolean; overdueDays: number };

/**
 * The wholesaler's setting: whether an invoice more than `overdueDays` days overdue puts new orders on hold. Off
 * until turned on (stored as "off:30" or "on:30"), so an install's old unpaid invoices hold nothing by surprise.
 */
export function holdSettings(db: DB): HoldSettings {
  const stored = readSetting(db, OVERDUE_DAYS_KEY);
  const match = stored === null ? null : /^(on|off):(\d{1,3})$/.exec(stored);
  const days = match ? Number(match[2]) : DEFAULT_HOLD_OVERDUE_DAYS;
  return { overdueHolds: match?.[1] === "on", overdueDays: days <= MAX_HOLD_OVERDUE_DAYS ? days : DEFAULT_HOLD_OVERDUE_DAYS };
}

/** The overdue limit the hold rule reads: null while the overdue rule is off. */
export function holdOverdueDays(db: DB): number | null {
  const settings = holdSettings(db);
  return settings.overdueHolds ? settings.overdueDays : null;
}

export function saveHoldSettings(db: DB, actor: { id: string }, input: HoldSettingsInput): Result<HoldSettings> {
  return writeTransaction(db, (tx) => {
    const before = holdSettings(tx);
    writeSetting(tx, OVERDUE_DAYS_KEY, `${input.overdueHolds ? "on" : "off"}:${input.overdueDays}`);
    recordAudit(tx, {
      actorId: actor.id,
      action: "settings.credit_hold.updated",
      entityType: "install_settings",
      entityId: OVERDUE_DAYS_KEY,
      details: { before, after: input },
    });
    return ok({ overdueHolds: input.overdueHolds, overdueDays: input.overdueDays });
  });
}

/** The most days past due of the company's open invoices (0 when none is overdue). */
export function mostDaysOverdue(position: Pick<CreditPosition, "openInvoices">, today: string): number {
  return position.openInvoices.reduce((most, invoice) => Math.max(most, daysPastDue(invoice.dueDate, today)), 0);
}

/**
 * The check at Place Order, inside its transaction and before the order is written: would an order of `total`
 * (inc VAT) put the company on credit hold? Null for a sale with no company. The same figures as the checkout's
 * notice, so what the page warns is what happens.
 */
export function creditHoldForOrder(tx: DB, companyId: number | null, total: number, now: Date): CreditHold | null {
  return creditAtCheckout(tx, companyId, total, now)?.hold ?? null;
}

/**
 * The company's account as the buyer sees it before Place Order and the cashier at the till: what it owes, what is
 * overdue, its terms, its available credit (null: no limit) and, for an order of `total` (inc VAT), the hold Place
 * Order would put it on (the same rule on the same figures), or null. A counter sale is paid at the till (total 0):
 * the cashier sees the figures to ask about overdue invoices while the buyer is there. Null for a sale with no company.
 */
export function creditAtCheckout(db: DB, companyId: number | null, total: number, now = new Date()) {
  if (companyId === null) return null;
  const today = ukToday(now);
  const position = creditPosition(db, companyId, today);
  if (!position) return null;
  const hold = creditHoldFor({
    availableCredit: position.availableCredit,
    orderTotal: total,
    mostDaysOverdue: mostDaysOverdue(position, today),
    overdueDaysLimit: holdOverdueDays(db),
  });
  return {
    companyName: position.companyName,
    paymentTerms: position.paymentTerms,
    balance: position.balance,
    overdue: position.overdue,
    creditLimit: position.creditLimit,
    availableCredit: position.availableCredit,
    hold,
  };
}

export type ReleasedHold = {
  orderId: number;
  orderNumber: string;
  status: "pending" | "pending_approval";
  note: string;
  invoiceNumber: string | null;
  pointsEarned: number;
};

/**
 * An accounts user (or full admin) releases an order from credit hold, with a note: it goes on as usual, to pending
 * (its invoice issued, its points credited, its expected delivery dated from now) or to pending approval when the
 * company's orders wait for the wholesaler's approval (which issues them). Audited; the buyer is emailed. 403 for
 * other staff, 404 unknown, 409 when the order is not on hold. Runs once per key.
 */
export async function releaseCreditHold(
  db: DB,
  actor: SessionUser,
  orderId: number,
  input: ReleaseHoldInput,
  key: string | null = null,
): Promise<Result<ReleasedHold>> {
  if (actor.role !== "admin" || !staffMay(actor.staffRole, "credit")) return fail(403, RELEASE_REFUSED_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderReleaseHold, orderId), key, command: input },
    (tx): Result<ReleasedHold> => {
      const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND);
      if (order.status !== "on_hold") return fail(409, notOnHoldMessage(order.orderNumber));
      const company =
        order.companyId === null
          ? null
          : tx.select({ requiresApproval: companies.requiresApproval }).from(companies).where(eq(companies.id, order.companyId)).get();
      const status = company?.requiresApproval ? "pending_approval" : "pending";
      const now = new Date();
      let invoiceNumber: string | null = null;
      let pointsEarned = 0;
      tx.update(orders)
        .set({
          status,
          holdReleasedAt: now,
          estimatedDelivery: status === "pending" ? (order.estimatedDelivery ?? estimatedDeliveryFor(tx, now)) : order.estimatedDelivery,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .run();
      if (status === "pending") {
        invoiceNumber = issueSalesInvoiceForOrder(tx, order.id).invoiceNumber;
        pointsEarned = earnPointsForOrder(tx, { id: order.id, orderNumber: order.orderNumber, userId: order.userId, subtotal: order.subtotal });
      }
      recordAudit(tx, {
        actorId: actor.id,
        action: "order.hold_released",
        entityType: "order",
        entityId: order.id,
        details: { orderNumber: order.orderNumber, note: input.note, holdReason: order.holdReason, to: status, invoiceNumber, pointsEarned },
      });
      return ok({ orderId: order.id, orderNumber: order.orderNumber, status, note: input.note, invoiceNumber, pointsEarned });
    },
    (r) => r.ok,
  );
  if (result.ok && !replayed) await sendOrderEventEmail(db, result.value.orderId, "released");
  return result;
}

// ─── The Credit control queue ───────────────────────────────────────────────

export type HeldOrderRow = {
  id: number;
  orderNumber: string;
  companyId: number | null;
  companyName: string | null;
  placedBy: string | null;
  total: number;
  holdReason: string | null;
  createdAt: Date;
};

/** Orders on credit hold, oldest first (the queue's order). */
export function listHeldOrders(db: DB): HeldOrderRow[] {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      companyId: orders.companyId,
      companyName: companies.name,
      placedBy: users.email,
      total: orders.total,
      holdReason: orders.holdReason,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, "on_hold"))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .all();
}

export type AccountToWatch = {
  companyId: number;
  companyName: string;
  creditLimit: number | null;
  availableCredit: number | null;
  overdue: number;
  /** set when the account is on stop by hand */
  stopReason: string | null;
  onStop: boolean;
};

/** Accounts over their credit limit, and accounts on stop, by name. */
export function accountsToWatch(db: DB, today: string): AccountToWatch[] {
  const candidates = db
    .select({ id: companies.id, onHoldAt: companies.onHoldAt, holdReason: companies.holdReason, creditLimit: companies.creditLimitPence })
    .from(companies)
    .where(isNotNull(companies.creditLimitPence))
    .all();
  const stopped = db
    .select({ id: companies.id, onHoldAt: companies.onHoldAt, holdReason: companies.holdReason, creditLimit: companies.creditLimitPence })
    .from(companies)
    .where(isNotNull(companies.onHoldAt))
    .all();
  const byId = new Map([...candidates, ...stopped].map((row) => [row.id, row]));
  const rows: AccountToWatch[] = [];
  for (const row of byId.values()) {
    const position = creditPosition(db, row.id, today);
    if (!position) continue;
    const over = position.availableCredit !== null && position.availableCredit < 0;
    if (!over && row.onHoldAt === null) continue;
    rows.push({
      companyId: row.id,
      companyName: position.companyName,
      creditLimit: position.creditLimit,
      availableCredit: position.availableCredit,
      overdue: position.overdue,
      onStop: row.onHoldAt !== null,
      stopReason: row.holdReason,
    });
  }
  return rows.sort((a, b) => a.companyName.localeCompare(b.companyName) || a.companyId - b.companyId);
}

export type CreditQueue = { today: string; holds: HeldOrderRow[]; accounts: AccountToWatch[]; reminders: DueReminder[]; settings: HoldSettings };

export function creditQueue(db: DB, today = ukToday()): CreditQueue {
  return { today, holds: listHeldOrders(db), accounts: accountsToWatch(db, today), reminders: dueReminders(db, today), settings: holdSettings(db) };
}
