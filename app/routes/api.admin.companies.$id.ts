import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { updateCompanySchema } from "~/domain/companies/admin-companies.schema";
import { COMPANY_NOT_FOUND, getCompanyDetail, updateCompanyByAdmin } from "~/domain/companies/admin-companies.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/companies/{id}: the company with its people (and roles), delivery addresses and its 20 newest
 *   orders and invoices.
 * PATCH /api/admin/companies/{id} {name?, vatNumber?, companyNumber?, address?, priceTierId?, requiresApproval?,
 *   onHold?, holdReason?}: changes the details and terms; `onHold: true` (with holdReason) puts it on hold, so none of
 *   its buyers can place an order, and they are told the reason; `onHold: false` releases it. 200 with the company.
 * 404 unknown company; 400 {message, field}; 401 signed out; 403 for anyone but an admin.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "companies");
  const company = getCompanyDetail(getDb(), requireIntParam(params.id, COMPANY_NOT_FOUND));
  return company ? json(company) : jsonError(404, COMPANY_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const admin = await requireApiStaff(request, "companies");
  const id = requireIntParam(params.id, COMPANY_NOT_FOUND);
  const input = await parseJsonBody(request, updateCompanySchema);
  const result = updateCompanyByAdmin(getDb(), admin, id, input);
  return result.ok ? json(result.value) : failureResponse(result);
});
