import { json } from "@remix-run/node";
import { listCategories } from "~/domain/catalog/catalog.server";
import { getDb } from "~/utils/db.server";
import { apiRoute } from "~/utils/http.server";

/** GET /api/categories: public, like the Collections menu it feeds. */
export const loader = apiRoute(async () => json(listCategories(getDb())));
