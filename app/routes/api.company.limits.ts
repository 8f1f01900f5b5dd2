import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { companyLimitsSchema } from "~/domain/companies/approvals.schema";
import { getCompanyLimits, updateCompanyLimits } from "~/domain/companies/approvals.server";
import { requireApiCompanyAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/company/limits: the company's spending limits: {secondApprovalAbove, people: [{id, email, name, role,
 *   active, orderLimit, periodLimit, limitPeriod, spentThisPeriod, summary}]}; money as decimal strings, ex VAT,
 *   null for no limit.
 * PUT /api/company/limits {secondApprovalAbove?, people?: [{id, orderLimit, periodLimit, limitPeriod}]}: sets them
 *   (only what is given changes; limitPeriod none, daily, weekly, monthly or yearly, in UK time); 200 with the
 *   limits as GET answers. 400 {message, field} for a bad field; 404 (field people.N.id) for a person who is not of
 *   the company, and nothing changes. Honours an Idempotency-Key header.
 * 401 signed out; 403 for anyone who is not a company admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyAdmin(request);
  const result = getCompanyLimits(getDb(), user);
  return result.ok ? json(result.value, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(result);
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireApiCompanyAdmin(request);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, companyLimitsSchema);
  const result = updateCompanyLimits(getDb(), user, input, key);
  return result.ok ? json(result.value) : failureResponse(result);
});
