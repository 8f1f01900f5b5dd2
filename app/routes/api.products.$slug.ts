import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductBySlug, PRODUCT_NOT_FOUND_MESSAGE, productDetailJson } from "~/domain/catalog/product-detail.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, jsonError } from "~/utils/http.server";

/** GET /api/products/{slug}: one product with its category and variants; the cost price for admins only. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await getOptionalUser(request);
  const product = getProductBySlug(getDb(), params.slug ?? "");
  if (!product) return jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  return json(productDetailJson(product, { includeCost: user?.role === "admin" }));
});

export const action = () => methodNotAllowed(["GET"]);
