import { json } from "@remix-run/node";
import { listCategories } from "~/domain/catalog/catalog.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";

/** GET /api/categories: public, like the Collections menu it feeds. */
export const loader = apiRoute(async () => json(listCategories(getDb())));

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
