import { json, type ActionFunctionArgs } from "@remix-run/node";
import { fileVatReturn } from "~/domain/vat/vat-return-changes.server";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/vat-returns/{id}/file (empty body), with an optional Idempotency-Key header: marks the return filed.
 * From then on it never changes. 200 {vatReturn, description}; 409 when it is already filed, when its month has
 * not ended, or when the books have changed since it was generated (regenerate it first); nothing is written
 * then. 404 for an unknown id; 401/403.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "vat");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const key = apiIdempotencyKey(request);
  const result = fileVatReturn(getDb(), admin, requireIntParam(params.id, VAT_RETURN_NOT_FOUND), key);
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = onlyMethods(["POST"]);
