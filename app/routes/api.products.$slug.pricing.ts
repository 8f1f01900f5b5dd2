import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { unitPriceJson } from "~/domain/pricing/pricing.server";
import {
  customerUnitPrice,
  pricingAccessFailure,
  PRODUCT_NOT_FOUND_MESSAGE,
} from "~/domain/catalog/product-detail.server";
import { pricingQuerySchema } from "~/domain/catalog/product-detail.schema";
import { requireApiUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseQuery, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/products/{id}/pricing?quantity=N: an approved customer's unit price for N units.
 * 401 signed out, 403 for anyone but an approved customer, 400 for a bad quantity, 404 for an unknown product.
 * (The segment is named `slug` so this file sits beside /api/products/{slug}; it holds the product id.)
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const refused = pricingAccessFailure(user);
  if (refused) return failureResponse(refused);
  const productId = requireIntParam(params.slug, PRODUCT_NOT_FOUND_MESSAGE);
  const { quantity } = parseQuery(request, pricingQuerySchema);
  const result = customerUnitPrice(getDb(), user, productId, quantity);
  if (!result.ok) return failureResponse(result);
  return json(unitPriceJson(result.value));
});

export const action = () => methodNotAllowed(["GET"]);
