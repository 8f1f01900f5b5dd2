import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { variantBarcodesSchema } from "~/domain/catalog/barcode.schema";
import { adminProductJson, getAdminProduct } from "~/domain/catalog/products.server";
import { setVariantBarcodes } from "~/domain/catalog/variant-barcodes.server";
import { PRODUCT_NOT_FOUND, VARIANT_DELETED, VARIANT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { deleteVariant } from "~/domain/catalog/product-variants.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** GET /api/admin/products/{productId}/variants/{variantId} → {id, name, options, barcodes: {option: [codes]}}. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const product = getAdminProduct(getDb(), requireIntParam(params.productId, PRODUCT_NOT_FOUND));
  if (!product) return jsonError(404, PRODUCT_NOT_FOUND);
  const variantId = requireIntParam(params.variantId, VARIANT_NOT_FOUND);
  const variant = adminProductJson(product).variants.find((item) => item.id === variantId);
  return variant ? json(variant) : jsonError(404, VARIANT_NOT_FOUND);
});

/**
 * PUT /api/admin/products/{productId}/variants/{variantId} {barcodes: {"L": ["5012345678900"], …}} → 200
 * the variant with each option's codes: the options named get exactly those codes, the others none. 400
 * (field barcodes) for a bad code, more than 20 on an option, or an option the variant does not have.
 * DELETE /api/admin/products/{productId}/variants/{variantId} → 200 {message, id}; 404 when either is unknown.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method === "PUT") {
    const productId = requireIntParam(params.productId, PRODUCT_NOT_FOUND);
    const variantId = requireIntParam(params.variantId, VARIANT_NOT_FOUND);
    const input = await parseJsonBody(request, variantBarcodesSchema);
    const result = setVariantBarcodes(getDb(), admin, productId, variantId, input.barcodes, { idempotencyKey: idempotencyKeyFrom(request) });
    return result.ok ? json(result.value) : failureResponse(result);
  }
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const result = deleteVariant(
    getDb(),
    admin,
    requireIntParam(params.productId, PRODUCT_NOT_FOUND),
    requireIntParam(params.variantId, VARIANT_NOT_FOUND),
    { idempotencyKey: idempotencyKeyFrom(request) },
  );
  return result.ok ? json({ message: VARIANT_DELETED, id: result.value.id }) : failureResponse(result);
});
