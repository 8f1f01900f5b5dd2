import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listCustomers } from "~/domain/users/users.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";

/** GET /api/admin/customers: users with role customer, for pickers: [{id, email, firstName, lastName, businessName}]. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "customers");
  return json(listCustomers(getDb()));
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
