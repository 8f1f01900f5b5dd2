import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { productRequestListQuerySchema } from "~/domain/requests/request-review.schema";
import { adminProductRequestJson, listAdminProductRequests } from "~/domain/requests/request-review.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";

const API_PAGE_SIZE_MAX = 100;
const listQuerySchema = productRequestListQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_MAX),
});

/**
 * GET /api/admin/product-requests: newest first, each {id, userId, requestText, status, feasibilityScore,
 * clarityScore, relevanceScore (out of 10, null when not scored), aiReasoning, createdAt, user: {email,
 * firstName, lastName, businessName} | null}. Filter `status` (pending, approved, rejected); paging by `page`
 * and `pageSize` (1 to 100, default 100) with X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "productRequests");
  const query = parseQuery(request, listQuerySchema);
  return pagedJsonResponse(listAdminProductRequests(getDb(), query, query.pageSize), adminProductRequestJson);
});

export const action = () => methodNotAllowed(["GET"]);
