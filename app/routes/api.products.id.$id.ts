import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getProductById, PRODUCT_NOT_FOUND_MESSAGE, productSummaryJson } from "~/domain/catalog/product-detail.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/** GET /api/products/id/{id}: name, slug, image, list price and VAT rate (used when loading a template). */
export const loader = apiRoute(async ({ params }: LoaderFunctionArgs) => {
  const product = getProductById(getDb(), requireIntParam(params.id, PRODUCT_NOT_FOUND_MESSAGE));
  if (!product) return jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  return json(productSummaryJson(product));
});

export const action = () => methodNotAllowed(["GET"]);
