import { json, type ActionFunctionArgs } from "@remix-run/node";
import { productRequestStatusSchema } from "~/domain/requests/request-review.schema";
import {
  adminProductRequestJson,
  decideProductRequest,
  REQUEST_NOT_FOUND,
} from "~/domain/requests/request-review.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * PATCH /api/admin/product-requests/{id}/status {status: "approved" | "rejected"} → 200 the request.
 * Only a pending request can be decided: 409 otherwise. 400 for any other status, 404 for an unknown id.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "productRequests");
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const id = requireIntParam(params.id, REQUEST_NOT_FOUND);
  const { status } = await parseJsonBody(request, productRequestStatusSchema);
  const result = decideProductRequest(getDb(), admin, id, status, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(adminProductRequestJson(result.value));
});

export const loader = () => methodNotAllowed(["PATCH"]);
