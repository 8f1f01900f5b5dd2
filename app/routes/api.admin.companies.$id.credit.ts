import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { COMPANY_NOT_FOUND, creditPositionJson, setCompanyCredit } from "~/domain/credit/company-credit.server";
import { creditPosition } from "~/domain/credit/company-debts.server";
import { setCreditSchema } from "~/domain/credit/credit.schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/companies/{id}/credit: the company's credit position today (as /api/account/balance, with its
 *   terms and orders not yet invoiced).
 * PUT /api/admin/companies/{id}/credit {creditLimit: "5000.00" | 5000 | null, paymentTerms: "pro_forma" | "net7" |
 *   "net14" | "net30" | "net60" | "eom30"}: sets both (both required; null is no limit); invoices issued from now on follow the new terms. 200 with
 *   the position. 400 {message, field}; 404 unknown company; 401 signed out; 403 for anyone but accounts and full
 *   admins.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "credit");
  const position = creditPosition(getDb(), requireIntParam(params.id, COMPANY_NOT_FOUND), ukToday());
  return position ? json(creditPositionJson(position)) : jsonError(404, COMPANY_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const staff = await requireApiStaff(request, "credit");
  const id = requireIntParam(params.id, COMPANY_NOT_FOUND);
  const input = await parseJsonBody(request, setCreditSchema);
  const result = setCompanyCredit(getDb(), staff, id, input, ukToday());
  return result.ok ? json(result.value) : failureResponse(result);
});
