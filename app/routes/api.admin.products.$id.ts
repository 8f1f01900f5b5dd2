import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PRODUCT_DELETED, PRODUCT_NOT_FOUND, productPatchSchema } from "~/domain/catalog/product.schema";
import { deleteProduct, updateProduct } from "~/domain/catalog/product-changes.server";
import { adminProductJson, getAdminProduct } from "~/domain/catalog/products.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** GET /api/admin/products/{id}: one product with its variants, cost price and supplierId. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const product = getAdminProduct(getDb(), requireIntParam(params.id, PRODUCT_NOT_FOUND));
  return product ? json(adminProductJson(product)) : jsonError(404, PRODUCT_NOT_FOUND);
});

/**
 * PATCH /api/admin/products/{id}: changes the fields sent (product fields plus slug; a blank slug is
 * derived from the name) → 200 Product. 400 with the field for bad input, 404, 409 (field slug, or sku: a
 * code another product has).
 * DELETE /api/admin/products/{id} → 200 {message, id}. Orders that included the product keep their lines.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  const id = requireIntParam(params.id, PRODUCT_NOT_FOUND);
  const db = getDb();
  const idempotencyKey = idempotencyKeyFrom(request);
  if (request.method === "PATCH") {
    const patch = await parseJsonBody(request, productPatchSchema);
    const result = updateProduct(db, admin, id, patch, { idempotencyKey });
    return result.ok ? json(result.value) : failureResponse(result);
  }
  if (request.method === "DELETE") {
    const result = deleteProduct(db, admin, id, { idempotencyKey });
    return result.ok ? json({ message: PRODUCT_DELETED, id: result.value.id }) : failureResponse(result);
  }
  return methodNotAllowed(["GET", "PATCH", "DELETE"]);
});
