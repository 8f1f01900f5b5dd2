import { json, type ActionFunctionArgs } from "@remix-run/node";
import { updateCompanyPersonSchema } from "~/domain/companies/company-people.schema";
import { deactivateCompanyPerson, updateCompanyPerson } from "~/domain/companies/company-people.server";
import { requireApiCompanyAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * PATCH /api/company/users/{id} {role?, active?}: a company admin changes a person's role or active flag; 200
 *   with the person. DELETE /api/company/users/{id}: deactivates them (they cannot sign in; their cart is cleared;
 *   their orders stay); 200 with the person.
 * 404 "Person not found" for anyone not of the admin's company; 403 for anyone who is not a company admin; 409 when
 * it would leave the company without an active company admin. Both honour an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const user = await requireApiCompanyAdmin(request);
  const key = apiIdempotencyKey(request);
  const id = params.id ?? "";
  const db = getDb();
  const result =
    request.method === "PATCH"
      ? updateCompanyPerson(db, user, id, await parseJsonBody(request, updateCompanyPersonSchema), key)
      : deactivateCompanyPerson(db, user, id, key);
  return result.ok ? json(result.value) : failureResponse(result);
});
export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);
