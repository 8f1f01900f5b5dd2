/**
 * Spending limits and company approvals (docs/decisions/0066-spending-limits-and-approvals.md).
 *
 * A person's order over their limit per order or per period is not placed: Place Order (orders.server.ts)
 * keeps it as an approval request, with its lines as priced, what it was asked (shipping, voucher, PO
 * reference) and why it needs approval; no stock is taken and nothing reaches the books. The company's
 * approvers and company admins (not the person who asked) approve or reject it with a reason; above the
 * company's amount it needs two different approvers. The last approval places the order through the same
 * writeOrder as any other, priced and stock-checked at that moment, so it then follows today's flow (the
 * wholesaler's own approval included). A price changed since the request, or stock now short, is said before
 * anything is placed: the approver confirms the new prices, or cannot approve what is out of stock.
 *
 * Everything is scoped to the actor's company: another company's request is 404, as if unknown.
 */
import { and, asc, count, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import {
  approvalDecisions,
  approvalRequests,
  companies,
  orders,
  users,
  type ApprovalRequestStatus,
  type LimitPeriod,
} from "~db/schema";
import type { SelectedVariants } from "~/domain/cart/cart.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { renderNotice, type Notice } from "~/domain/shared/notice-mail.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { buyerFor, priceMany } from "~/domain/pricing/pricing.server";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { appLink } from "~/utils/app-url.server";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { sendMail } from "~/utils/mail.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { formatUkDateTime, ukDayStartMs } from "~/utils/uk-time";
import { loadOrderProducts, notEnoughStockMessage, OrderRefused } from "~/domain/orders/order-writing.server";
import { reopenQuoteOfRequest } from "~/domain/quotes/quote-reopen.server";
import {
  approvalsNeeded,
  describeLimits,
  limitBreaches,
  periodStartDay,
  type LimitBreach,
  type SpendingLimits,
} from "./spending-limits";
import {
  APPROVAL_STATUS_LABELS,
  APPROVALS_PAGE_SIZE,
  approvalPath,
  priceChangesMessage,
  type ApprovalDecisionInput,
  type CompanyLimitsInput,
} from "./approvals.schema";

export { APPROVAL_STATUS_LABELS, APPROVALS_PAGE_SIZE, priceChangesMessage };

export const APPROVAL_NOT_FOUND_MESSAGE = "Order for approval not found";
export const NOT_APPROVER_MESSAGE = "Only an approver or a company admin of your company can approve or reject orders.";
export const OWN_REQUEST_MESSAGE = "You cannot approve or reject your own order: another approver of your company must.";
export const ALREADY_APPROVED_BY_YOU_MESSAGE =
  "You have already approved this order. It needs a second approval from someone else.";
export const NOT_REQUESTER_MESSAGE = "Only the person who sent the order for approval can withdraw it.";
export const NO_APPROVER_MESSAGE =
  "This order is over your spending limit, and nobody else in your company can approve it. Ask your company admin to raise your limit or add an approver.";
export const NO_SECOND_APPROVER_MESSAGE =
  "This order needs two approvers from your company, and it does not have two people who could approve it. Ask your company admin.";
export const SENT_FOR_APPROVAL_MESSAGE =
  "This order is over your spending limit, so it has been sent to your company's approvers. It is placed once approved.";
export const NO_COMPANY_MESSAGE = "Orders for approval belong to the people of a trade account.";
export const NOT_COMPANY_ADMIN_LIMITS_MESSAGE = "Only a company admin can set spending limits.";

/** "AR-00017": how a request is known to people, apart from order numbers (it is not an order yet). */
export function approvalReference(id: number): string {
  return `AR-${String(id).padStart(5, "0")}`;
}


const APPROVING_ROLES = ["approver", "company_admin"] as const;
const isApprover = (user: Pick<SessionUser, "role" | "companyRole" | "companyId" | "isActive">) =>
  user.role === "customer" && user.companyId !== null && user.isActive && (APPROVING_ROLES as readonly string[]).includes(user.companyRole ?? "");

type RequestRow = typeof approvalRequests.$inferSelect;

// ─── Limits and what has been spent ─────────────────────────────────────────

function limitsOf(tx: DB, userId: string): (SpendingLimits & { companyId: number | null }) | null {
  const row = tx
    .select({
      orderLimitPence: users.orderLimitPence,
      periodLimitPence: users.periodLimitPence,
      limitPeriod: users.limitPeriod,
      companyId: users.companyId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ?? null;
}

/** What a person has ordered (pence ex VAT, delivery included, cancelled orders not) since their period began. */
export function spentInPeriod(tx: DB, userId: string, period: LimitPeriod, now: Date): number {
  const start = periodStartDay(period, now);
  if (start === null) return 0;
  const row = tx
    .select({ spent: sql<number>`coalesce(sum(${orders.total} - ${orders.vatAmount}), 0)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "cancelled"), gte(orders.createdAt, new Date(ukDayStartMs(start)))))
    .get();
  return row?.spent ?? 0;
}

export type SpendingCheck = {
  breaches: LimitBreach[];
  approvalsNeeded: 1 | 2;
  /** the names of those who could approve it (never the person asking) */
  approverNames: string[];
};

const personName = (row: { firstName: string | null; lastName: string | null; email: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email;

function approversOf(tx: DB, companyId: number, exceptUserId: string | null) {
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.companyRole, [...APPROVING_ROLES]),
        eq(users.isActive, true),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.email))
    .all();
}

/**
 * Whether an order of `orderValue` (pence ex VAT) by this person needs their company's approval, and from how
 * many: the one rule the checkout page shows and Place Order applies.
 */
export function checkSpending(tx: DB, userId: string, orderValue: number, now = new Date()): SpendingCheck {
  const limits = limitsOf(tx, userId);
  if (!limits || limits.companyId === null) return { breaches: [], approvalsNeeded: 1, approverNames: [] };
  const spent = limits.limitPeriod === "none" || limits.periodLimitPence === null ? 0 : spentInPeriod(tx, userId, limits.limitPeriod, now);
  const breaches = limitBreaches(limits, orderValue, spent);
  if (breaches.length === 0) return { breaches, approvalsNeeded: 1, approverNames: [] };
  const company = tx
    .select({ secondApprovalAbovePence: companies.secondApprovalAbovePence })
    .from(companies)
    .where(eq(companies.id, limits.companyId))
    .get();
  return {
    breaches,
    approvalsNeeded: approvalsNeeded(orderValue, company?.secondApprovalAbovePence ?? null),
    approverNames: approversOf(tx, limits.companyId, userId).map(personName),
  };
}

// ─── Sending an order for approval ──────────────────────────────────────────

/** What Place Order was asked, besides the lines: placed exactly so once approved. */
export type HeldOrderInput = RequestRow["orderInput"];

/** A line as priced when the order was sent for approval (unit price pence ex VAT). */
export type HeldLine = RequestRow["lines"][number];

export type SentForApproval = {
  approvalId: number;
  reference: string;
  status: "awaiting_company_approval";
  reasons: string[];
  approvalsNeeded: 1 | 2;
};

/**
 * Keeps an order over a limit as an approval request (inside Place Order's transaction, so its key covers it).
 * Refused (409) when nobody, or not two people, could approve it: a request nobody can decide would wait forever.
 */
export function holdForApproval(
  tx: DB,
  user: Pick<SessionUser, "id" | "companyId">,
  held: {
    input: HeldOrderInput;
    lines: HeldLine[];
    subtotal: number;
    vatAmount: number;
    total: number;
    orderValue: number;
    check: SpendingCheck;
  },
  now: Date,
): Result<SentForApproval> {
  if (user.companyId === null) return fail(403, NOT_APPROVER_MESSAGE);
  if (held.check.approverNames.length === 0) return fail(409, NO_APPROVER_MESSAGE, "items");
  if (held.check.approverNames.length < held.check.approvalsNeeded) return fail(409, NO_SECOND_APPROVER_MESSAGE, "items");
  const reasons = held.check.breaches.map((breach) => breach.message);
  const row = tx
    .insert(approvalRequests)
    .values({
      companyId: user.companyId,
      userId: user.id,
      status: "waiting",
      orderInput: held.input,
      lines: held.lines,
      subtotal: held.subtotal,
      vatAmount: held.vatAmount,
      total: held.total,
      orderValue: held.orderValue,
      reasons,
      approvalsNeeded: held.check.approvalsNeeded,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: approvalRequests.id })
    .get();
  recordAudit(tx, {
    actorId: user.id,
    action: "approval.requested",
    entityType: "approval_request",
    entityId: row.id,
    details: { orderValue: held.orderValue, reasons, approvalsNeeded: held.check.approvalsNeeded },
  });
  return ok({
    approvalId: row.id,
    reference: approvalReference(row.id),
    status: "awaiting_company_approval",
    reasons,
    approvalsNeeded: held.check.approvalsNeeded,
  });
}

// ─── Reading requests ───────────────────────────────────────────────────────

/** The request, when this person may see it: their own, or any of their company's for an approver or company admin. */
function visibleRequest(db: DB, actor: SessionUser, id: number): RequestRow | null {
  if (actor.role !== "customer" || actor.companyId === null) return null;
  const row = db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.companyId, actor.companyId)))
    .get();
  if (!row) return null;
  return row.userId === actor.id || isApprover(actor) ? row : null;
}

export type ApprovalDecisionJson = { by: string; byId: string | null; decision: "approve" | "reject"; reason: string | null; at: string };

export type ApprovalJson = {
  id: number;
  reference: string;
  status: ApprovalRequestStatus;
  statusLabel: string;
  placedBy: { id: string | null; name: string };
  createdAt: string;
  /** ex VAT, delivery included: what limits measure */
  orderValue: string;
  subtotal: string;
  vatAmount: string;
  total: string;
  reasons: string[];
  approvalsNeeded: number;
  approvals: ApprovalDecisionJson[];
  rejectionReason: string | null;
  decidedAt: string | null;
  orderId: number | null;
  orderNumber: string | null;
  poReference: string | null;
  lines: { productId: number; productName: string; sku: string | null; selectedVariants: SelectedVariants; quantity: number; unitPrice: string; vatRate: number }[];
};

function decisionsOf(db: DB, requestIds: number[]) {
  const byRequest = new Map<number, ApprovalDecisionJson[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = db
    .select({
      requestId: approvalDecisions.requestId,
      approverId: approvalDecisions.approverId,
      decision: approvalDecisions.decision,
      reason: approvalDecisions.reason,
      createdAt: approvalDecisions.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(approvalDecisions)
    .leftJoin(users, eq(users.id, approvalDecisions.approverId))
    .where(inArray(approvalDecisions.requestId, requestIds))
    .orderBy(asc(approvalDecisions.createdAt), asc(approvalDecisions.id))
    .all();
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push({
      by: row.email ? personName({ email: row.email, firstName: row.firstName, lastName: row.lastName }) : "A former colleague",
      byId: row.approverId,
      decision: row.decision,
      reason: row.reason,
      at: row.createdAt.toISOString(),
    });
    byRequest.set(row.requestId, list);
  }
  return byRequest;
}

function toJson(db: DB, rows: RequestRow[]): ApprovalJson[] {
  const decisions = decisionsOf(db, rows.map((row) => row.id));
  const peopleIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const people = new Map(
    peopleIds.length === 0
      ? []
      : db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, peopleIds))
          .all()
          .map((person) => [person.id, personName(person)] as const),
  );
  const orderIds = rows.flatMap((row) => (row.orderId ? [row.orderId] : []));
  const orderNumbers = new Map(
    orderIds.length === 0
      ? []
      : db
          .select({ id: orders.id, orderNumber: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, orderIds))
          .all()
          .map((order) => [order.id, order.orderNumber] as const),
  );
  return rows.map((row) => ({
    id: row.id,
    reference: approvalReference(row.id),
    status: row.status,
    statusLabel: APPROVAL_STATUS_LABELS[row.status],
    placedBy: { id: row.userId, name: (row.userId && people.get(row.userId)) || "A former colleague" },
    createdAt: row.createdAt.toISOString(),
    orderValue: toDecimalString(row.orderValue),
    subtotal: toDecimalString(row.subtotal),
    vatAmount: toDecimalString(row.vatAmount),
    total: toDecimalString(row.total),
    reasons: row.reasons,
    approvalsNeeded: row.approvalsNeeded,
    approvals: decisions.get(row.id) ?? [],
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    orderId: row.orderId,
    orderNumber: row.orderId ? (orderNumbers.get(row.orderId) ?? null) : null,
    poReference: row.orderInput.poReference,
    lines: row.lines.map((line) => ({ ...line, unitPrice: toDecimalString(line.unitPrice) })),
  }));
}


/**
 * The requests a person sees, newest first (waiting ones first): an approver's or company admin's are the
 * company's, anyone else's their own. `forMe` keeps those waiting on this approver's decision.
 */
export function listApprovals(
  db: DB,
  actor: SessionUser,
  { status, page = 1, forMe = false }: { status?: ApprovalRequestStatus; page?: number; forMe?: boolean } = {},
): Result<{ items: ApprovalJson[]; total: number; page: number; pageCount: number }> {
  if (actor.role !== "customer" || actor.companyId === null) return fail(403, NO_COMPANY_MESSAGE);
  const where = and(
    eq(approvalRequests.companyId, actor.companyId),
    isApprover(actor) ? undefined : eq(approvalRequests.userId, actor.id),
    status ? eq(approvalRequests.status, status) : undefined,
    forMe ? waitingOn(actor.id) : undefined,
  );
  const total = db.select({ n: count() }).from(approvalRequests).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = db
    .select()
    .from(approvalRequests)
    .where(where)
    .orderBy(sql`${approvalRequests.status} = 'waiting' desc`, desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(APPROVALS_PAGE_SIZE)
    .offset((current - 1) * APPROVALS_PAGE_SIZE)
    .all();
  return ok({ items: toJson(db, rows), total, page: current, pageCount });
}

/** Waiting, not sent by this approver, and not yet approved by them. */
function waitingOn(approverId: string) {
  return and(
    eq(approvalRequests.status, "waiting"),
    ne(sql`coalesce(${approvalRequests.userId}, '')`, approverId),
    sql`not exists (select 1 from ${approvalDecisions} d where d.request_id = ${approvalRequests.id} and d.approver_id = ${approverId})`,
  );
}

/** How many requests wait on this person's decision (the account page and header show it); 0 for non-approvers. */
export function countWaitingForApprover(db: DB, actor: SessionUser): number {
  if (!isApprover(actor) || actor.companyId === null) return 0;
  return (
    db
      .select({ n: count() })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.companyId, actor.companyId), waitingOn(actor.id)))
      .get()?.n ?? 0
  );
}

export type ApprovalPreview = {
  /** lines whose price today differs from the price sent for approval */
  priceChanges: { productName: string; was: number; now: number }[];
  /** lines that are short of stock now, or no longer sold */
  problems: string[];
};

/**
 * What placing the request now would meet: each line priced today for the person who asked (their company's
 * prices), and the stock as it is. Read inside the deciding transaction too, so what the approver was told is
 * what is checked.
 */
export function previewApproval(db: DB, row: RequestRow): ApprovalPreview {
  const requester = row.userId ? findSessionUser(db, row.userId) : null;
  const products = loadOrderProducts(db, row.lines.map((line) => line.productId));
  const units = new Map<number, number>();
  for (const line of row.lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const prices = priceMany(
    db,
    buyerFor(db, requester),
    [...units].flatMap(([productId, quantity]) => {
      const product = products.get(productId);
      return product ? [{ productId, salesPrice: product.salesPrice, quantity }] : [];
    }),
  );
  const priceChanges: ApprovalPreview["priceChanges"] = [];
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const line of row.lines) {
    const product = products.get(line.productId);
    if (!product) {
      problems.push(`${line.productName} is no longer sold`);
      continue;
    }
    const now = prices.get(line.productId)!.finalPrice;
    // an accepted quote's lines are placed at the quoted prices, so today's price does not matter to it
    if (row.orderInput.quoteId == null && now !== line.unitPrice) priceChanges.push({ productName: line.productName, was: line.unitPrice, now });
    if (!seen.has(product.id) && units.get(product.id)! > product.stockLevel) {
      problems.push(notEnoughStockMessage(product.name, product.stockLevel));
    }
    seen.add(product.id);
  }
  return { priceChanges, problems };
}


/** One request with what placing it now would meet (null when the person may not see it: 404). */
export function getApproval(db: DB, actor: SessionUser, id: number) {
  const row = visibleRequest(db, actor, id);
  if (!row) return null;
  const [json] = toJson(db, [row]);
  const preview = row.status === "waiting" ? previewApproval(db, row) : { priceChanges: [], problems: [] };
  const mine = row.userId === actor.id;
  const decidedByMe = json.approvals.some((decision) => decision.byId === actor.id);
  return {
    approval: json,
    preview,
    canDecide: row.status === "waiting" && isApprover(actor) && !mine && !decidedByMe,
    canWithdraw: row.status === "waiting" && mine,
    mine,
  };
}

// ─── Deciding ───────────────────────────────────────────────────────────────

export type DecisionOutcome = {
  approval: ApprovalJson;
  /** set when this decision placed the order */
  placed: { orderId: number; orderNumber: string; status: string } | null;
};

/** Only successful results are kept against a key, so a corrected retry (new prices confirmed) can succeed. */
const storeSuccess = (result: Result<unknown>) => result.ok;

/**
 * Places the order a request holds, as the person who asked, with their company's prices today: the
 * caller (orders.server.ts) passes its writeOrder in, so placing is the one code path every order takes.
 */
export type PlaceHeld = (tx: DB, row: RequestRow) => { orderId: number; orderNumber: string; status: string };

/**
 * An approver's decision on a request: see the module comment. 404 for a request they may not see, 403 for
 * someone who may not approve (or for the person who asked), 409 once decided, when they already approved,
 * when a line is short of stock, or when prices changed and `confirmPriceChanges` was not given.
 */
export async function decideApproval(
  db: DB,
  actor: SessionUser,
  id: number,
  input: ApprovalDecisionInput,
  placeHeld: PlaceHeld,
  key: string | null = null,
  afterPlaced: (orderId: number) => Promise<unknown> = async () => undefined,
): Promise<Result<DecisionOutcome>> {
  let outcome: { result: Result<DecisionOutcome>; replayed: boolean };
  try {
    outcome = decideOnce(db, actor, id, input, placeHeld, key);
  } catch (error) {
    // placing refused (a line short, the person who asked can no longer order): nothing of the decision is kept
    if (error instanceof OrderRefused) return error.failure;
    throw error;
  }
  const { result, replayed } = outcome;
  if (result.ok && !replayed) {
    if (result.value.placed) await afterPlaced(result.value.placed.orderId);
    await mailDecision(db, result.value.approval, actor, input.decision);
  }
  return result;
}

function decideOnce(db: DB, actor: SessionUser, id: number, input: ApprovalDecisionInput, placeHeld: PlaceHeld, key: string | null) {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.approvalDecide, id), key, command: { id, ...input } },
    (tx): Result<DecisionOutcome> => {
      const row = visibleRequest(tx, actor, id);
      if (!row) return fail(404, APPROVAL_NOT_FOUND_MESSAGE);
      if (row.userId === actor.id) return fail(403, OWN_REQUEST_MESSAGE);
      if (!isApprover(actor)) return fail(403, NOT_APPROVER_MESSAGE);
      if (row.status !== "waiting") {
        return fail(409, `${approvalReference(row.id)} is no longer waiting for approval: ${APPROVAL_STATUS_LABELS[row.status].toLowerCase()}.`);
      }
      const earlier = tx
        .select({ id: approvalDecisions.id })
        .from(approvalDecisions)
        .where(and(eq(approvalDecisions.requestId, row.id), eq(approvalDecisions.approverId, actor.id)))
        .get();
      if (earlier) return fail(409, ALREADY_APPROVED_BY_YOU_MESSAGE);

      const now = new Date();
      let placed: DecisionOutcome["placed"] = null;
      let status: ApprovalRequestStatus = "waiting";
      if (input.decision === "approve") {
        const approvals =
          (tx
            .select({ n: count() })
            .from(approvalDecisions)
            .where(and(eq(approvalDecisions.requestId, row.id), eq(approvalDecisions.decision, "approve")))
            .get()?.n ?? 0) + 1;
        if (approvals >= row.approvalsNeeded) {
          const preview = previewApproval(tx, row);
          if (preview.problems.length > 0) {
            return fail(409, `This order cannot be placed now: ${preview.problems.join("; ")}. Reject it and ask for a new order.`);
          }
          if (preview.priceChanges.length > 0 && !input.confirmPriceChanges) {
            return fail(409, priceChangesMessage(preview.priceChanges), "confirmPriceChanges");
          }
          placed = placeHeld(tx, row);
          status = "placed";
        }
      } else {
        status = "rejected";
      }
      tx.insert(approvalDecisions)
        .values({ requestId: row.id, approverId: actor.id, decision: input.decision, reason: input.reason ?? null, createdAt: now })
        .run();
      if (status !== "waiting") {
        tx.update(approvalRequests)
          .set({
            status,
            orderId: placed?.orderId ?? null,
            rejectionReason: status === "rejected" ? (input.reason ?? null) : null,
            decidedAt: now,
            updatedAt: now,
          })
          .where(eq(approvalRequests.id, row.id))
          .run();
        if (status === "rejected") reopenQuoteOfRequest(tx, row.id, now);
      } else {
        tx.update(approvalRequests).set({ updatedAt: now }).where(eq(approvalRequests.id, row.id)).run();
      }
      recordAudit(tx, {
        actorId: actor.id,
        action: input.decision === "approve" ? "approval.approved" : "approval.rejected",
        entityType: "approval_request",
        entityId: row.id,
        details: { reason: input.reason ?? null, orderId: placed?.orderId ?? null },
      });
      const fresh = tx.select().from(approvalRequests).where(eq(approvalRequests.id, row.id)).get()!;
      return ok({ approval: toJson(tx, [fresh])[0]!, placed });
    },
    storeSuccess,
  );
}

/** The person who asked takes a waiting request back: nothing is placed. */
export function withdrawApproval(db: DB, actor: SessionUser, id: number, key: string | null = null): Result<ApprovalJson> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.approvalWithdraw, id), key, command: { id } },
    (tx): Result<ApprovalJson> => {
      const row = visibleRequest(tx, actor, id);
      if (!row) return fail(404, APPROVAL_NOT_FOUND_MESSAGE);
      if (row.userId !== actor.id) return fail(403, NOT_REQUESTER_MESSAGE);
      if (row.status !== "waiting") {
        return fail(409, `${approvalReference(row.id)} is no longer waiting for approval: ${APPROVAL_STATUS_LABELS[row.status].toLowerCase()}.`);
      }
      const now = new Date();
      tx.update(approvalRequests).set({ status: "withdrawn", decidedAt: now, updatedAt: now }).where(eq(approvalRequests.id, row.id)).run();
      reopenQuoteOfRequest(tx, row.id, now);
      recordAudit(tx, { actorId: actor.id, action: "approval.withdrawn", entityType: "approval_request", entityId: row.id, details: {} });
      return ok(toJson(tx, [{ ...row, status: "withdrawn", decidedAt: now, updatedAt: now }])[0]!);
    },
    storeSuccess,
  ).result;
}

// ─── Limits, set by a company admin ─────────────────────────────────────────

export type PersonLimitsJson = {
  id: string;
  email: string;
  name: string;
  role: string;
  active: boolean;
  orderLimit: string | null;
  periodLimit: string | null;
  limitPeriod: LimitPeriod;
  /** what they have ordered this period (ex VAT) when a period limit is set */
  spentThisPeriod: string | null;
  summary: string;
};

export type CompanyLimitsJson = { secondApprovalAbove: string | null; people: PersonLimitsJson[] };

function requireCompanyAdminOf(actor: SessionUser): Result<number> {
  if (actor.role !== "customer" || actor.companyId === null || actor.companyRole !== "company_admin" || !actor.isActive) {
    return fail(403, NOT_COMPANY_ADMIN_LIMITS_MESSAGE);
  }
  return ok(actor.companyId);
}

/** The company's limits: every person's and the second-approval amount. Company admins only. */
export function getCompanyLimits(db: DB, actor: SessionUser, now = new Date()): Result<CompanyLimitsJson> {
  const company = requireCompanyAdminOf(actor);
  if (!company.ok) return company;
  const row = db.select({ secondApprovalAbovePence: companies.secondApprovalAbovePence }).from(companies).where(eq(companies.id, company.value)).get();
  const people = db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.companyRole,
      active: users.isActive,
      orderLimitPence: users.orderLimitPence,
      periodLimitPence: users.periodLimitPence,
      limitPeriod: users.limitPeriod,
    })
    .from(users)
    .where(eq(users.companyId, company.value))
    .orderBy(desc(users.isActive), asc(users.firstName), asc(users.email))
    .all();
  return ok({
    secondApprovalAbove: row?.secondApprovalAbovePence == null ? null : toDecimalString(row.secondApprovalAbovePence),
    people: people.map((person) => ({
      id: person.id,
      email: person.email,
      name: personName(person),
      role: person.role ?? "buyer",
      active: person.active,
      orderLimit: person.orderLimitPence === null ? null : toDecimalString(person.orderLimitPence),
      periodLimit: person.periodLimitPence === null ? null : toDecimalString(person.periodLimitPence),
      limitPeriod: person.limitPeriod,
      spentThisPeriod:
        person.limitPeriod === "none" || person.periodLimitPence === null
          ? null
          : toDecimalString(spentInPeriod(db, person.id, person.limitPeriod, now)),
      summary: describeLimits(person),
    })),
  });
}

export const PERSON_NOT_IN_COMPANY_MESSAGE = "Person not found";

/** Sets people's limits and the second-approval amount (only what is given changes). Company admins only. */
function setCompanyLimits(db: DB, actor: SessionUser, input: CompanyLimitsInput, key: string | null = null): Result<CompanyLimitsJson> {
  const company = requireCompanyAdminOf(actor);
  if (!company.ok) return company;
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.companyLimits, key, command: input },
    (tx): Result<{ done: true }> => {
      const now = new Date();
      if (input.secondApprovalAbove !== undefined) {
        tx.update(companies).set({ secondApprovalAbovePence: input.secondApprovalAbove, updatedAt: now }).where(eq(companies.id, company.value)).run();
      }
      for (const [index, person] of (input.people ?? []).entries()) {
        const updated = tx
          .update(users)
          .set({
            orderLimitPence: person.orderLimit,
            periodLimitPence: person.limitPeriod === "none" ? null : person.periodLimit,
            limitPeriod: person.periodLimit === null ? "none" : person.limitPeriod,
            updatedAt: now,
          })
          .where(and(eq(users.id, person.id), eq(users.companyId, company.value)))
          .run();
        // another company's person is unknown here, as everywhere; nothing of this change is kept
        if (updated.changes === 0) throw new LimitsRefused(fail(404, PERSON_NOT_IN_COMPANY_MESSAGE, `people.${index}.id`));
      }
      recordAudit(tx, { actorId: actor.id, action: "company.limits.updated", entityType: "company", entityId: company.value, details: input });
      return ok({ done: true });
    },
    storeSuccess,
  );
  if (!result.ok) return result;
  return getCompanyLimits(db, actor);
}

class LimitsRefused extends Error {
  constructor(readonly failure: ReturnType<typeof fail>) {
    super(failure.message);
  }
}

/** setCompanyLimits with a refused person answered as its failure (the transaction rolled back). */
export function updateCompanyLimits(db: DB, actor: SessionUser, input: CompanyLimitsInput, key: string | null = null): Result<CompanyLimitsJson> {
  try {
    return setCompanyLimits(db, actor, input, key);
  } catch (error) {
    if (error instanceof LimitsRefused) return error.failure;
    throw error;
  }
}

// ─── Mails ──────────────────────────────────────────────────────────────────


async function mailTo(recipients: { email: string; name: string }[], notice: (name: string) => Notice) {
  const company = getCompanySettings();
  for (const recipient of recipients) {
    try {
      await sendMail({ to: recipient.email, ...renderNotice(notice(recipient.name), company) });
    } catch (error) {
      // a mail that cannot be sent never undoes the decision; the request is on the screen either way
      console.error("An approval email could not be sent", error);
    }
  }
}

function personById(db: DB, id: string | null) {
  if (!id) return null;
  const row = db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, isActive: users.isActive }).from(users).where(eq(users.id, id)).get();
  return row ? { email: row.email, name: row.firstName || personName(row), active: row.isActive } : null;
}

/** After a request is kept: its approvers are asked, and the person who sent it is told it waits. */
export async function mailApprovalRequested(db: DB, approvalId: number) {
  const row = db.select().from(approvalRequests).where(eq(approvalRequests.id, approvalId)).get();
  if (!row) return;
  const [json] = toJson(db, [row]);
  const href = appLink(approvalPath(row.id));
  const details: Notice["details"] = [
    ["Reference", json.reference],
    ["From", json.placedBy.name],
    ["Order value", `${formatMoney(row.orderValue)} ex VAT (${formatMoney(row.total)} inc VAT)`],
    ["Approvals needed", String(row.approvalsNeeded)],
    ["Sent", formatUkDateTime(row.createdAt)],
  ];
  const approvers = approversOf(db, row.companyId, row.userId).map((person) => ({ email: person.email, name: person.firstName || personName(person) }));
  await mailTo(approvers, (name) => ({
    subject: `Order for your approval: ${json.reference}, ${formatMoney(row.orderValue)} ex VAT from ${json.placedBy.name}`,
    greetingName: name,
    paragraphs: [`${json.placedBy.name} has sent an order for approval. ${row.reasons.join(" ")}`, "Open it to approve or reject it."],
    details,
    link: { label: "Open the order for approval", href },
  }));
  const requester = personById(db, row.userId);
  if (requester) {
    await mailTo([requester], (name) => ({
      subject: `Your order ${json.reference} is waiting for approval`,
      greetingName: name,
      paragraphs: [
        `Your order was not placed yet: ${row.reasons.join(" ")}`,
        `It has been sent to ${approvers.map((a) => a.name).join(", ")} to approve. You will get an email when it is decided.`,
      ],
      details,
      link: { label: "See where it stands", href },
    }));
  }
}

async function mailDecision(db: DB, approval: ApprovalJson, actor: SessionUser, decision: "approve" | "reject") {
  const requester = personById(db, approval.placedBy.id);
  if (!requester) return;
  const by = [actor.firstName, actor.lastName].filter(Boolean).join(" ") || actor.email;
  const href = appLink(approvalPath(approval.id));
  const details: Notice["details"] = [
    ["Reference", approval.reference],
    ["Order value", `£${approval.orderValue} ex VAT`],
  ];
  if (decision === "reject") {
    await mailTo([requester], (name) => ({
      subject: `Your order ${approval.reference} was rejected`,
      greetingName: name,
      paragraphs: [`${by} rejected your order. Reason: ${approval.rejectionReason ?? "none given"}`, "Nothing was ordered."],
      details,
      link: { label: "See the order", href },
    }));
  } else if (approval.status === "placed") {
    await mailTo([requester], (name) => ({
      subject: `Your order ${approval.reference} was approved and placed as ${approval.orderNumber}`,
      greetingName: name,
      paragraphs: [`${by} approved your order, and it has been placed as order ${approval.orderNumber}.`],
      details: [...details, ["Order number", approval.orderNumber ?? ""]],
      link: { label: "See the order", href: appLink(`/account/orders/${approval.orderId}`) },
    }));
  } else {
    await mailTo([requester], (name) => ({
      subject: `Your order ${approval.reference} has one of two approvals`,
      greetingName: name,
      paragraphs: [`${by} approved your order. It needs a second approver before it is placed.`],
      details,
      link: { label: "See where it stands", href },
    }));
  }
}
