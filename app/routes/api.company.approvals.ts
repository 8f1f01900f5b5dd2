import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { APPROVAL_REQUEST_STATUSES, type ApprovalRequestStatus } from "~db/schema";
import { listApprovals } from "~/domain/companies/approvals.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requestedPage } from "~/utils/paging";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/company/approvals?status=&page=&forMe=true: orders sent for approval, waiting ones first, 25 a page:
 *   {items: [{id, reference, status, placedBy, createdAt, orderValue, subtotal, vatAmount, total, reasons,
 *   approvalsNeeded, approvals: [{by, byId, decision, reason, at}], rejectionReason, decidedAt, orderId,
 *   orderNumber, poReference, lines}], total, page, pageCount}. An approver or company admin gets the company's;
 *   anyone else the ones they sent. `status` is waiting, placed, rejected or withdrawn; `forMe=true` keeps those
 *   waiting on the caller's decision. 400 for an unknown status; 401 signed out; 403 for anyone who is not of a
 *   trade account (admins, suppliers).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "approvals");
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status");
  if (statusParam && !(APPROVAL_REQUEST_STATUSES as readonly string[]).includes(statusParam)) {
    return jsonError(400, "status must be waiting, placed, rejected or withdrawn", "status");
  }
  const page = requestedPage(params.get("page"));
  const list = listApprovals(getDb(), user, {
    status: (statusParam || undefined) as ApprovalRequestStatus | undefined,
    page,
    forMe: params.get("forMe") === "true",
  });
  return list.ok ? json(list.value, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(list);
});

export const action = () => methodNotAllowed(["GET"]);
