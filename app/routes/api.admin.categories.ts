import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { categoryCreateSchema } from "~/domain/catalog/product.schema";
import { createCategory } from "~/domain/catalog/product-categories.server";
import { listCategories } from "~/domain/catalog/catalog.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/** GET /api/admin/categories: every category, by name. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  return json(listCategories(getDb()));
});

/**
 * POST /api/admin/categories {name, slug?, description?} → 201 {id, name, slug, description}. The name is
 * trimmed and must not be blank (400, field name); a blank slug is derived from the name. 409 when the name
 * (ignoring case, field name) or the slug (field slug) is taken.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, categoryCreateSchema);
  const result = createCategory(getDb(), admin, input, { idempotencyKey: idempotencyKeyFrom(request) });
  return result.ok ? json(result.value, { status: 201 }) : failureResponse(result);
});
