import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { inviteColleagueSchema } from "~/domain/companies/company-people.schema";
import { inviteColleague, listCompanyPeople } from "~/domain/companies/company-people.server";
import { requireApiCompanyAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/company/users: the signed-in company admin's company: {companyName, people: [{id, email, firstName,
 *   lastName, role, active, createdAt}], invitations: [{id, email, firstName, lastName, role, expiresAt, status}]}.
 * POST /api/company/users {email, firstName, lastName, role}: invites a colleague (the link goes by mail, valid 7
 *   days); 201 with the invitation. 400 {message, field} for a bad field; 409 (field email) when the email already
 *   has an account. Honours an Idempotency-Key header.
 * 401 signed out; 403 for anyone who is not a company admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyAdmin(request);
  const result = listCompanyPeople(getDb(), user);
  return result.ok ? json(result.value, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(result);
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyAdmin(request);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, inviteColleagueSchema);
  const result = await inviteColleague(getDb(), user, input, { idempotencyKey: key });
  return result.ok ? json(result.value, { status: 201 }) : failureResponse(result);
});
