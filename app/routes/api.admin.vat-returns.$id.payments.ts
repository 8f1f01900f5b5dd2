import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { recordVatPaymentSchema } from "~/domain/vat/vat-payment.schema";
import { listVatPayments, recordVatPayment } from "~/domain/vat/vat-payments.server";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { getVatReturn } from "~/domain/vat/vat-returns.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/admin/vat-returns/{id}/payments: the money paid to (or repaid by) HMRC for the return, oldest
 * first, each {id, amount ("12.50"), direction paid_to_hmrc | repaid_by_hmrc, paymentDate, financialAccountId,
 * financialAccountName, reference, createdAt}.
 *
 * POST /api/admin/vat-returns/{id}/payments {financialAccountId, amount? (default: all that is left to settle),
 * paymentDate? (YYYY-MM-DD, default today in the UK), reference?} → 201 {payment, vatReturn: {id, quarter,
 * owed, settled, remaining}, description}; it posts Dr 2202 VAT liability / Cr the account (the reverse for a
 * repayment). 400 no account, an unknown account, or an amount not above 0 and within what is left ('Amount
 * must be greater than 0 and not exceed £…'); 409 a return not yet filed, or a nil return. Honours an
 * Idempotency-Key header. Both: 401 signed out; 403 not an admin; 404 unknown return.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "vat");
  const db = getDb();
  const id = requireIntParam(params.id, VAT_RETURN_NOT_FOUND);
  if (!getVatReturn(db, id)) return jsonError(404, VAT_RETURN_NOT_FOUND);
  return json(listVatPayments(db, id));
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "vat");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const id = requireIntParam(params.id, VAT_RETURN_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, recordVatPaymentSchema);
  const result = recordVatPayment(getDb(), admin, id, input, key);
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});
