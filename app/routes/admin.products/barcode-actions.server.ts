/** The products screen's Save barcodes of a variant (the same use case as PUT /api/admin/products/{id}/variants/{id}). */
import { parseWithZod } from "@conform-to/zod";
import { VARIANT_BARCODES_INTENT, VARIANT_BARCODES_SAVED, variantBarcodesFormSchema } from "~/domain/catalog/barcode.schema";
import { adminProductsHref, PRODUCT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { setVariantBarcodes } from "~/domain/catalog/variant-barcodes.server";
import { failureResult } from "~/utils/form-reply.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { reply, type ProductPost } from "./product-actions.server";

export async function variantBarcodesPost({ request, db, admin, formData, query }: ProductPost) {
  const intent = VARIANT_BARCODES_INTENT;
  const submission = parseWithZod(formData, { schema: variantBarcodesFormSchema });
  if (submission.status !== "success") {
    const productId = Number(formData.get("productId"));
    if (!Number.isSafeInteger(productId) || productId <= 0) {
      return redirectWithToast(request, adminProductsHref(query), errorToast(PRODUCT_NOT_FOUND));
    }
    return reply({ intent, result: submission.reply() });
  }
  const { productId, variantId, barcodes } = submission.value;
  const result = setVariantBarcodes(db, admin, productId, variantId, barcodes, { idempotencyKey: idempotencyKeyFrom(formData) });
  if (!result.ok) {
    if (result.status === 404) return redirectWithToast(request, adminProductsHref(query, { edit: productId }), errorToast(result.message));
    return reply({ intent, result: failureResult(submission, result, ["codes"]) }, result.status);
  }
  const count = Object.values(result.value.barcodes).reduce((sum, codes) => sum + codes.length, 0);
  return redirectWithToast(request, adminProductsHref(query, { edit: productId }), {
    title: VARIANT_BARCODES_SAVED,
    description: `${result.value.name}: ${count} barcode${count === 1 ? "" : "s"} on its options.`,
  });
}
