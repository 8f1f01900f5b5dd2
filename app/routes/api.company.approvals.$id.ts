import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { approvalDecisionSchema } from "~/domain/companies/approvals.schema";
import { APPROVAL_NOT_FOUND_MESSAGE, getApproval, NO_COMPANY_MESSAGE } from "~/domain/companies/approvals.server";
import { decideOrderApproval } from "~/domain/orders/company-approval.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

function requestId(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * GET /api/company/approvals/{id}: one order sent for approval (GET /api/company/approvals' item shape) with
 *   `preview: {priceChanges: [{productName, was, now}], problems: [...]}` (what placing it now would meet),
 *   `canDecide` and `canWithdraw`.
 * POST /api/company/approvals/{id} {decision: "approve"|"reject", reason?, confirmPriceChanges?}: an approver's
 *   or company admin's decision. A reject needs a reason (400, field reason). The last approval needed places the
 *   order at today's prices and stock: 200 {approval, placed: {orderId, orderNumber, status}}; a first of two
 *   approvals answers with placed null. 409 when it is no longer waiting, when the caller already approved it,
 *   when a line is short of stock or no longer sold (nothing is placed), or (field confirmPriceChanges) when a
 *   price changed since it was sent and confirmPriceChanges was not true. 403 for the person who sent it and
 *   for buyers and viewers; 404 for anything not of the caller's company. Honours an Idempotency-Key header.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "approvals");
  const id = requestId(params);
  const found = id === null ? null : getApproval(getDb(), user, id);
  if (!found) return jsonError(404, APPROVAL_NOT_FOUND_MESSAGE);
  const { approval, preview, canDecide, canWithdraw } = found;
  return json({ ...approval, preview, canDecide, canWithdraw }, { headers: { "Cache-Control": "private, no-store" } });
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyRole(request, "approvals");
  const id = requestId(params);
  if (id === null) return jsonError(404, APPROVAL_NOT_FOUND_MESSAGE);
  // who may decide is settled before the body is read: staff and suppliers are refused whatever they send
  if (user.role !== "customer" || user.companyId === null) return jsonError(403, NO_COMPANY_MESSAGE);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, approvalDecisionSchema);
  const result = await decideOrderApproval(getDb(), user, id, input, key);
  return result.ok ? json(result.value) : failureResponse(result);
});
