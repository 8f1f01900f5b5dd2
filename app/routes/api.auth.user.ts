import { json } from "@remix-run/node";
import { userJson } from "~/domain/users/user-accounts.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";
import { requireApiUser } from "~/utils/auth.server";

/** GET /api/auth/user: the signed-in user with role; 401 when signed out. */
export const loader = apiRoute(async ({ request }) => json(userJson(await requireApiUser(request))));

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
