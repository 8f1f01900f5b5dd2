import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PRODUCT_NOT_FOUND, variantCreateSchema } from "~/domain/catalog/product.schema";
import { addVariant } from "~/domain/catalog/product-variants.server";
import { adminProductJson, getAdminProduct } from "~/domain/catalog/products.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** GET /api/admin/products/{productId}/variants: the product's variants in their order, each option's barcodes with them. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const product = getAdminProduct(getDb(), requireIntParam(params.productId, PRODUCT_NOT_FOUND));
  return product ? json(adminProductJson(product).variants) : jsonError(404, PRODUCT_NOT_FOUND);
});

/**
 * POST /api/admin/products/{productId}/variants {name, options[]} → 201 {id, name, options}. Options are
 * trimmed, blanks and repeats dropped (a comma-separated string is split too); at least one must remain
 * (400, field options). 404 for an unknown product; 409 when the product already has a variant of that
 * name, or three variants.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const productId = requireIntParam(params.productId, PRODUCT_NOT_FOUND);
  const input = await parseJsonBody(request, variantCreateSchema);
  const result = addVariant(getDb(), admin, productId, input, { idempotencyKey: idempotencyKeyFrom(request) });
  return result.ok ? json(result.value, { status: 201 }) : failureResponse(result);
});
