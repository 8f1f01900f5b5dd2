import { json } from "@remix-run/node";
import { userJson } from "~/domain/users/user-accounts.server";
import { apiRoute } from "~/utils/http.server";
import { requireApiUser } from "~/utils/auth.server";

/** GET /api/auth/user: the signed-in user with role; 401 when signed out. */
export const loader = apiRoute(async ({ request }) => json(userJson(await requireApiUser(request))));
