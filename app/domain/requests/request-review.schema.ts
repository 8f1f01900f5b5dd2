/** The back office's product request review: the status command, the list's filter and score colours. */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { PRODUCT_REQUEST_STATUSES } from "~db/schema";

export type ProductRequestStatus = (typeof PRODUCT_REQUEST_STATUSES)[number];
const REVIEW_DECISIONS = ["approved", "rejected"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const NO_PRODUCT_REQUESTS = "No Product Requests";
export const REQUEST_APPROVED = "Product request approved";
export const REQUEST_REJECTED = "Product request rejected";
export const REQUEST_SCORED = "Request scored";
export const STATUS_INVALID = "Status must be approved or rejected";
export const PRODUCT_REQUESTS_PAGE_SIZE = 20;

/** PATCH /api/admin/product-requests/{id}/status {status} */
export const productRequestStatusSchema = z.object({
  status: z.enum(REVIEW_DECISIONS, { errorMap: () => ({ message: STATUS_INVALID }) }),
});

/** GET ?status=&page= (status "all" or absent: every request). */
export const productRequestListQuerySchema = z.object({
  status: z.enum(PRODUCT_REQUEST_STATUSES).optional().catch(undefined),
  page: pageField(100_000),
});
export type ProductRequestListQuery = z.infer<typeof productRequestListQuerySchema>;

export type ScoreTone = "green" | "orange" | "red" | "none";

/** Spec §9: 8 or more green, 5 to 7 orange, below 5 red. */
export function scoreTone(score: number | null | undefined): ScoreTone {
  if (score === null || score === undefined) return "none";
  if (score >= 8) return "green";
  if (score >= 5) return "orange";
  return "red";
}

/** Whether a request is missing any of its three scores (older requests were stored without them). */
export function needsScores(request: {
  feasibilityScore: number | null;
  clarityScore: number | null;
  relevanceScore: number | null;
}) {
  return request.feasibilityScore === null || request.clarityScore === null || request.relevanceScore === null;
}

/** The review screen's buttons: score a request, or approve or reject it, named by its `id`. */
export const requestReviewFormSchema = z.object({
  intent: z.enum(["score", "approve", "reject"]),
  id: z.coerce.number().int().positive(),
});
