import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/domain/catalog/product-detail.server";
import { recommendationsFor } from "~/domain/catalog/recommendations.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/products/{id}/recommendations: public; the products most often bought in the same orders,
 * as [{productId, frequency}]. (The segment is named `slug` to sit beside /api/products/{slug}.)
 */
export const loader = apiRoute(async ({ params }: LoaderFunctionArgs) => {
  const result = recommendationsFor(getDb(), requireIntParam(params.slug, PRODUCT_NOT_FOUND_MESSAGE));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const action = () => methodNotAllowed(["GET"]);
