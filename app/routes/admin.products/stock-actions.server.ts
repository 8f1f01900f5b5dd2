/**
 * Stock adjustments and the movement history: the products screen's stock dialog (?stockOf=12, paged by
 * movesPage) and the Adjust stock form that it and Inventory Alerts both post.
 */
import { parseWithZod } from "@conform-to/zod";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PRODUCT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { getAdminProduct, type Actor } from "~/domain/catalog/products.server";
import { ADJUST_STOCK_INTENT, STOCK_ADJUSTED, signedChange, stockAdjustmentSchema } from "~/domain/catalog/stock-movement.schema";
import { adjustStock, listStockMovements } from "~/domain/catalog/stock-movements.server";
import type { DB } from "~/utils/db.server";
import { failureResult } from "~/utils/form-reply.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { requestedPage } from "~/utils/paging";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { reply } from "./product-actions.server";

/** The product an Adjust stock dialog is for (`param` names it in the URL), or null. */
export function stockProductFor(db: DB, params: URLSearchParams, param: string) {
  const id = idParam(params.get(param));
  const product = id ? getAdminProduct(db, id) : null;
  return { requested: id !== null, product: product ? { id: product.id, name: product.name, stockLevel: product.stockLevel } : null };
}

/** The products screen's stock dialog: the product, its adjust form and a page of its movements. */
export function loadStockDialog(db: DB, params: URLSearchParams) {
  const { requested, product } = stockProductFor(db, params, "stockOf");
  if (!product) return { missing: requested, product: null, movements: null };
  const movements = listStockMovements(db, product.id, requestedPage(params.get("movesPage")));
  return {
    missing: false,
    product,
    movements: { ...movements, items: movements.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) },
  };
}

/**
 * Adjust stock from a form: the form's errors (or the 409 of taking out more than there is) show on it;
 * done, it goes to `doneHref` with a notice.
 */
export function adjustStockPost(
  { request, db, admin, formData }: { request: Request; db: DB; admin: Actor; formData: FormData },
  { doneHref, goneHref }: { doneHref: (productId: number) => string; goneHref: string },
) {
  const intent = ADJUST_STOCK_INTENT;
  const submission = parseWithZod(formData, { schema: stockAdjustmentSchema });
  if (submission.status !== "success") return reply({ intent, result: submission.reply() });
  const result = adjustStock(db, admin, submission.value, { idempotencyKey: idempotencyKeyFrom(formData) });
  if (!result.ok) {
    if (result.status === 404) return redirectWithToast(request, goneHref, errorToast(PRODUCT_NOT_FOUND));
    return reply({ intent, result: failureResult(submission, result, ["change", "note"]) }, result.status);
  }
  return redirectWithToast(request, doneHref(result.value.productId), {
    title: STOCK_ADJUSTED,
    description: `${signedChange(submission.value.change)}: ${result.value.stockLevel} in stock now.`,
  });
}
