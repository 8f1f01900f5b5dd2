import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { adminReturnListQuerySchema } from "~/domain/returns/return-processing.schema";
import { countReturnsByStatus, listAdminReturns } from "~/domain/returns/return-processing.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";

const API_PAGE_SIZE_MAX = 100;
const listQuerySchema = adminReturnListQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(20).default(20),
});

/**
 * GET /api/admin/returns?status=&page=&pageSize=: newest first, each {id, orderId, orderNumber, userId,
 * customer: {firstName, lastName, email} | null, status, returnType, reason, customerNotes, adminNotes,
 * refundAmount ("12.50" inc VAT, null until completed), completedAt, createdAt, items: [{id, orderItemId,
 * productId, productName, quantity, unitPrice (ex VAT), vatRate, lineValue (paid, inc VAT)}]}.
 * `status` is one of requested, approved, rejected, completed (absent: all); pageSize 1 to 100, default 20.
 * Headers: X-Total-Count, X-Page, X-Page-Size, X-Page-Count, and X-Count-Requested/-Approved/-Rejected/-Completed.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "returns");
  const query = parseQuery(request, listQuerySchema);
  const db = getDb();
  const result = listAdminReturns(db, query, query.pageSize);
  const counts = countReturnsByStatus(db);
  return pagedJsonResponse(result, undefined, {
    "X-Count-Requested": String(counts.requested),
    "X-Count-Approved": String(counts.approved),
    "X-Count-Rejected": String(counts.rejected),
    "X-Count-Completed": String(counts.completed),
  });
});

export const action = () => methodNotAllowed(["GET"]);
