import { json, type ActionFunctionArgs } from "@remix-run/node";
import { completeReturnApiSchema, RETURN_NOT_FOUND } from "~/domain/returns/return-processing.schema";
import { completeReturn } from "~/domain/returns/return-completion.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/admin/returns/{id}/complete (empty body, or {financialAccountId}) → 200 the completed return:
 * refundAmount inc VAT ("0.00" for an exchange), completedAt set, the units back in stock and the refunded
 * value's points taken back. A refund is a credit note: set against its invoice while that still owes, the
 * rest paid back out of `financialAccountId` (with none named it is posted to Suspense). 400 for an unknown
 * account; 404 for an unknown return; 409 unless it is approved (so a second call changes nothing). An
 * `Idempotency-Key` header makes a retry return the first answer.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "returns");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const id = requireIntParam(params.id, RETURN_NOT_FOUND);
  const input = await parseJsonBody(request, completeReturnApiSchema);
  const result = await completeReturn(getDb(), admin, id, idempotencyKeyFrom(request), input);
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = () => methodNotAllowed(["POST"]);
