import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { companyListQuerySchema, createCompanySchema } from "~/domain/companies/admin-companies.schema";
import { createCompanyByAdmin, listCompanies } from "~/domain/companies/admin-companies.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, pagedJsonResponse, parseJsonBody, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/companies?search=&page=: companies by name, 25 a page; `search` matches the company's name or any
 *   of its people's emails. Each: {id, name, vatNumber, companyNumber, priceTierId, priceTierName, requiresApproval,
 *   onHold, holdReason, peopleCount, createdAt}; X-Total-Count and the page headers.
 * POST /api/admin/companies {name, vatNumber?, companyNumber?, address?, priceTierId?, requiresApproval?}: 201 with
 *   the company. 400 {message, field} for a bad field or an unknown tier.
 * 401 signed out, 403 for anyone but an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "companies");
  return pagedJsonResponse(listCompanies(getDb(), parseQuery(request, companyListQuerySchema)));
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireApiStaff(request, "companies");
  const input = await parseJsonBody(request, createCompanySchema);
  const result = createCompanyByAdmin(getDb(), admin, input);
  return result.ok ? json(result.value, { status: 201 }) : failureResponse(result);
});
