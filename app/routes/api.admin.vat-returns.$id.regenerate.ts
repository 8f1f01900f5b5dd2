import { json, type ActionFunctionArgs } from "@remix-run/node";
import { regenerateVatReturn } from "~/domain/vat/vat-return-changes.server";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/vat-returns/{id}/regenerate (empty body), with an optional Idempotency-Key header: works
 * the nine boxes out again from the books for a return that is not filed. 200 {vatReturn, description}; 409 when
 * the return is filed (nothing written); 404 for an unknown id; 401/403.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "vat");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const key = apiIdempotencyKey(request);
  const result = regenerateVatReturn(getDb(), admin, requireIntParam(params.id, VAT_RETURN_NOT_FOUND), key);
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = onlyMethods(["POST"]);
