import { json, type ActionFunctionArgs } from "@remix-run/node";
import { generateVatReturn } from "~/domain/vat/vat-return-changes.server";
import { generateVatReturnSchema } from "~/domain/vat/vat-return.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/vat-returns/generate {periodStart, periodEnd} (YYYY-MM-DD, the first and last day of one
 * calendar month), with an optional Idempotency-Key header: works out the month's nine boxes from the books and
 * stores the return, not filed. 201 {vatReturn, description}; 400 {message, field} when the dates are not one
 * whole month or the month has not started; 409 "A VAT return for November 2026 already exists" (nothing
 * written); 401/403.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "vat");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, generateVatReturnSchema);
  const result = generateVatReturn(getDb(), admin, input, key);
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});

export const loader = onlyMethods(["POST"]);
