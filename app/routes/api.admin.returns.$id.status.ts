import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RETURN_NOT_FOUND, returnStatusUpdateSchema } from "~/domain/returns/return-processing.schema";
import { updateReturnStatus } from "~/domain/returns/return-processing.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * PATCH /api/admin/returns/{id}/status {status: "requested" | "approved" | "rejected", adminNotes?} → 200 the
 * return. adminNotes replaces the notes (null or "" clears them; leaving it out keeps them). 400 for any
 * other status (completed is reached only through POST …/complete), 404 for an unknown return, 409 once the
 * return is completed or rejected. An `Idempotency-Key` header makes a retry return the first answer.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "returns");
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const id = requireIntParam(params.id, RETURN_NOT_FOUND);
  const input = await parseJsonBody(request, returnStatusUpdateSchema);
  const result = await updateReturnStatus(getDb(), admin, id, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = () => methodNotAllowed(["PATCH"]);
