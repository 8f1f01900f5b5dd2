import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { signInHoldsQuerySchema } from "~/domain/users/sign-in-holds.schema";
import { clearAllSignInHolds, listSignInHolds } from "~/domain/users/sign-in-holds.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/admin/sign-in-holds: the holds in force now, the most recently failed first, as a JSON array of
 * {id, bucket, kind ("untrusted" | "device" | "client"), label, email, failures, limit, lastFailureAt,
 * heldUntil}; paging by `page` (from 1) and `pageSize` (1 to 100, default 50) with X-Total-Count, X-Page,
 * X-Page-Size and X-Page-Count. 401 signed out, 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const { page, pageSize } = parseQuery(request, signInHoldsQuerySchema);
  return pagedJsonResponse(listSignInHolds(getDb(), page, pageSize));
});

/**
 * DELETE /api/admin/sign-in-holds: clears every hold in force (audited), with an optional `Idempotency-Key`.
 * 200 {cleared} (0 when nothing was held); 401 signed out, 403 not an admin, 405 other methods.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const result = clearAllSignInHolds(getDb(), admin, apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});
