import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_DELETED, CATEGORY_NOT_FOUND, categoryRenameSchema } from "~/domain/catalog/product.schema";
import { deleteCategory, getCategoryWithCount, renameCategory } from "~/domain/catalog/product-categories.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** GET /api/admin/categories/{id} → {id, name, slug, description, productCount}. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const category = getCategoryWithCount(getDb(), requireIntParam(params.id, CATEGORY_NOT_FOUND));
  return category ? json(category) : jsonError(404, CATEGORY_NOT_FOUND);
});

/**
 * PATCH /api/admin/categories/{id} {name, slug?} → 200 {id, name, slug, description}: a blank or absent
 * slug follows the new name. 400 (field name or slug) for bad input, 404, 409 when another category has
 * the name (ignoring case, field name) or the slug (field slug).
 * DELETE /api/admin/categories/{id} → 200 {message, id}; 409 "<name> is used by N products: move them
 * first" while products use it. Both honour an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  const id = requireIntParam(params.id, CATEGORY_NOT_FOUND);
  const db = getDb();
  const idempotencyKey = idempotencyKeyFrom(request);
  if (request.method === "PATCH") {
    const input = await parseJsonBody(request, categoryRenameSchema);
    const result = renameCategory(db, admin, id, input, { idempotencyKey });
    return result.ok ? json(result.value) : failureResponse(result);
  }
  if (request.method === "DELETE") {
    const result = deleteCategory(db, admin, id, { idempotencyKey });
    return result.ok ? json({ message: CATEGORY_DELETED, id: result.value.id }) : failureResponse(result);
  }
  return methodNotAllowed(["GET", "PATCH", "DELETE"]);
});
