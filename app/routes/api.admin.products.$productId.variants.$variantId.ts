import { json, type ActionFunctionArgs } from "@remix-run/node";
import { PRODUCT_NOT_FOUND, VARIANT_DELETED, VARIANT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { deleteVariant } from "~/domain/catalog/product-variants.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** DELETE /api/admin/products/{productId}/variants/{variantId} → 200 {message, id}; 404 when either is unknown. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const result = deleteVariant(
    getDb(),
    admin,
    requireIntParam(params.productId, PRODUCT_NOT_FOUND),
    requireIntParam(params.variantId, VARIANT_NOT_FOUND),
    { idempotencyKey: idempotencyKeyFrom(request) },
  );
  return result.ok ? json({ message: VARIANT_DELETED, id: result.value.id }) : failureResponse(result);
});

/** GET and any other method: 405 with the method this path takes. */
export const loader = onlyMethods(["DELETE"]);
