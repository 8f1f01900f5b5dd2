import { json, type ActionFunctionArgs } from "@remix-run/node";
import { COMPANY_NOT_FOUND, updateCompanyByAdmin } from "~/domain/companies/admin-companies.server";
import { stopAccountSchema } from "~/domain/credit/credit-holds.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * PUT /api/admin/companies/{id}/stop {onStop: true, reason} puts the account on stop: none of its buyers can place
 * an order on any door, and they are told the reason (docs/decisions/0071); {onStop: false} takes it off. 200 with
 * the company. 400 {message, field}; 404 unknown company; 403 for anyone but accounts and full admins. Audited.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const staff = await requireApiStaff(request, "credit");
  const id = requireIntParam(params.id, COMPANY_NOT_FOUND);
  const input = await parseJsonBody(request, stopAccountSchema);
  const result = updateCompanyByAdmin(getDb(), staff, id, { onHold: input.onStop, holdReason: input.onStop ? (input.reason ?? undefined) : undefined });
  return result.ok ? json(result.value) : failureResponse(result);
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "credit");
  return methodNotAllowed(["PUT"]);
});
