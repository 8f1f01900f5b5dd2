import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { vatReturnSubmissionDetailsSchema } from "~/domain/vat/mtd.schema";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { setVatReturnSubmissionDetails, submissionDetailsJson } from "~/domain/vat/vat-return-submission.server";
import { vatReturnDetail, vatReturnJson } from "~/domain/vat/vat-returns.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/vat-returns/{id}: one return (as in the list) with `counted`, what its boxes are made of
 * (sales invoices, refund credit notes and purchase invoices: how many, how many late entries, net and VAT), and
 * `outOfDate`: true when the books have changed since a not-filed return was generated (regenerate it before
 * filing), plus `vatRegistrationNumber` and `periodKey` (null until entered). A filed return is read as of its
 * filing. 404 for an unknown id; 401/403.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "vat");
  const detail = vatReturnDetail(getDb(), requireIntParam(params.id, VAT_RETURN_NOT_FOUND), { box: null, page: 1 });
  if (!detail) return jsonError(404, VAT_RETURN_NOT_FOUND);
  const part = ({ net, vat, count, late }: { net: number; vat: number; count: number; late: number }) => ({
    count,
    lateEntries: late,
    net: toDecimalString(net),
    vat: toDecimalString(vat),
  });
  const { figures } = detail;
  return json({
    ...vatReturnJson(detail.row),
    ...submissionDetailsJson(detail.row),
    outOfDate: detail.outOfDate,
    counted: { salesInvoices: part(figures.sales), refundCreditNotes: part(figures.refunds), purchaseInvoices: part(figures.purchases) },
  });
});

/**
 * PATCH /api/admin/vat-returns/{id} {vatRegistrationNumber, periodKey}, with an optional Idempotency-Key header:
 * the details Making Tax Digital needs, on a filed return too (they are not figures; the boxes never change).
 * The VRN may have spaces and a leading "GB" and is stored as 9 digits; the period key is HMRC's 4 characters
 * (letters, digits or #, e.g. "26K1", "#001"), stored in capitals.
 * 200 {vatReturn (with vatRegistrationNumber and periodKey), description}; 400 {message, field} for a missing or
 * malformed field; 404 for an unknown id; 409 {message, field: "periodKey"} when another return already has
 * that period key (nothing written); 413 for a body over 1 MB, 415 for a body that is not JSON; 422 when the
 * Idempotency-Key was used for a different request; 401 signed out, 403 for non-admins; 405 for other methods.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "vat");
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const id = requireIntParam(params.id, VAT_RETURN_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, vatReturnSubmissionDetailsSchema);
  const result = setVatReturnSubmissionDetails(getDb(), admin, id, input, key);
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});
