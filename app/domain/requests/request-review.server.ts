/**
 * The back office's review of customers' product requests: the list with scores and the analysis, and the
 * one decision per request (pending → approved or rejected). Each decision is audited in its transaction.
 */
import { and, count, desc, eq, isNull, or } from "drizzle-orm";
import { companies, productRequests, users } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import {
  needsScores,
  PRODUCT_REQUESTS_PAGE_SIZE,
  type ProductRequestListQuery,
  type ProductRequestStatus,
  type ReviewDecision,
} from "./request-review.schema";
import { analyseRequestText } from "./product-requests.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export type Actor = { id: string };

export const REQUEST_NOT_FOUND = "Product request not found";
const alreadyDecided = (status: ProductRequestStatus) =>
  `This request has already been ${status}; only pending requests can be approved or rejected`;

export type AdminProductRequest = {
  id: number;
  userId: string | null;
  requestText: string;
  status: ProductRequestStatus;
  feasibilityScore: number | null;
  clarityScore: number | null;
  relevanceScore: number | null;
  aiReasoning: string | null;
  createdAt: Date;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userBusinessName: string | null;
};

function selectRequests(db: DB) {
  return db
    .select({
      id: productRequests.id,
      userId: productRequests.userId,
      requestText: productRequests.requestText,
      status: productRequests.status,
      feasibilityScore: productRequests.feasibilityScore,
      clarityScore: productRequests.clarityScore,
      relevanceScore: productRequests.relevanceScore,
      aiReasoning: productRequests.aiReasoning,
      createdAt: productRequests.createdAt,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userBusinessName: accountName,
    })
    .from(productRequests)
    .leftJoin(users, eq(users.id, productRequests.userId))
    .leftJoin(companies, eq(companies.id, users.companyId));
}

export type ProductRequestPage = {
  items: AdminProductRequest[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Newest first, optionally one status only. */
export function listAdminProductRequests(
  db: DB,
  query: ProductRequestListQuery,
  pageSize = PRODUCT_REQUESTS_PAGE_SIZE,
): ProductRequestPage {
  const where = query.status ? eq(productRequests.status, query.status) : undefined;
  const total = db.select({ n: count() }).from(productRequests).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const items = selectRequests(db)
    .where(where)
    .orderBy(desc(productRequests.createdAt), desc(productRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items, total, page, pageCount, pageSize };
}

/** How many requests wait for a decision (the filter tab's count). */
export function countPendingProductRequests(db: DB): number {
  return db.select({ n: count() }).from(productRequests).where(eq(productRequests.status, "pending")).get()?.n ?? 0;
}

function getAdminProductRequest(db: DB, id: number): AdminProductRequest | null {
  return selectRequests(db).where(eq(productRequests.id, id)).get() ?? null;
}

export function adminProductRequestJson(request: AdminProductRequest) {
  return {
    id: request.id,
    userId: request.userId,
    requestText: request.requestText,
    status: request.status,
    feasibilityScore: request.feasibilityScore,
    clarityScore: request.clarityScore,
    relevanceScore: request.relevanceScore,
    aiReasoning: request.aiReasoning,
    createdAt: request.createdAt.toISOString(),
    user:
      request.userEmail === null
        ? null
        : {
            email: request.userEmail,
            firstName: request.userFirstName,
            lastName: request.userLastName,
            businessName: request.userBusinessName,
          },
  };
}

/**
 * Approves or rejects a pending request. A decided request answers 409; a repeat of the same submission
 * (same idempotency key) gets the first answer back.
 */
export function decideProductRequest(
  db: DB,
  actor: Actor,
  id: number,
  status: ReviewDecision,
  key: string | null = null,
): Result<AdminProductRequest> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.productRequestDecide, id), key, command: { id, status } },
    (tx): Result<{ id: number }> => {
      const existing = tx
        .select({ status: productRequests.status })
        .from(productRequests)
        .where(eq(productRequests.id, id))
        .get();
      if (!existing) return fail(404, REQUEST_NOT_FOUND);
      if (existing.status !== "pending") return fail(409, alreadyDecided(existing.status), "status");
      const changed = tx
        .update(productRequests)
        .set({ status })
        .where(and(eq(productRequests.id, id), eq(productRequests.status, "pending")))
        .run();
      if (changed.changes !== 1) return fail(409, alreadyDecided(existing.status), "status");
      recordAudit(tx, {
        actorId: actor.id,
        action: `product_request.${status}`,
        entityType: "product_request",
        entityId: id,
        details: { before: "pending", after: status },
      });
      return ok({ id });
    },
    (outcome) => outcome.ok,
  );
  if (!result.ok) return result;
  const request = getAdminProductRequest(db, result.value.id);
  return request ? ok(request) : fail(404, REQUEST_NOT_FOUND);
}

/**
 * Scores a request that has no scores yet, the same way new requests are scored on the way in (the configured
 * model, else the local analyser). A request that already has its scores is returned unchanged.
 */
export async function scoreProductRequest(db: DB, actor: Actor, id: number): Promise<Result<AdminProductRequest>> {
  const existing = getAdminProductRequest(db, id);
  if (!existing) return fail(404, REQUEST_NOT_FOUND);
  if (!needsScores(existing)) return ok(existing);
  // the model may be remote, so the analysis happens before the write transaction opens
  const analysis = await analyseRequestText(db, existing.requestText);
  writeTransaction(db, (tx) => {
    const changed = tx
      .update(productRequests)
      .set({
        feasibilityScore: analysis.feasibilityScore,
        clarityScore: analysis.clarityScore,
        relevanceScore: analysis.relevanceScore,
        aiReasoning: analysis.reasoning,
      })
      .where(
        and(
          eq(productRequests.id, id),
          or(
            isNull(productRequests.feasibilityScore),
            isNull(productRequests.clarityScore),
            isNull(productRequests.relevanceScore),
          ),
        ),
      )
      .run();
    if (changed.changes === 1) {
      recordAudit(tx, {
        actorId: actor.id,
        action: "product_request.scored",
        entityType: "product_request",
        entityId: id,
        details: {
          feasibilityScore: analysis.feasibilityScore,
          clarityScore: analysis.clarityScore,
          relevanceScore: analysis.relevanceScore,
          source: analysis.source,
        },
      });
    }
  });
  const request = getAdminProductRequest(db, id);
  return request ? ok(request) : fail(404, REQUEST_NOT_FOUND);
}
