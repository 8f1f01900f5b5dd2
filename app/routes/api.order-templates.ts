import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createTemplateSchema } from "~/domain/cart/order-template.schema";
import { createTemplateOnce, listTemplates } from "~/domain/cart/order-templates.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * GET /api/order-templates: the signed-in user's templates, newest first, then the lists colleagues share
 * with their company, newest first:
 *   [{id, name, description, items: [{productId, productName, quantity, selectedVariants}], createdAt,
 *     shared, createdBy: {id, name}, updatedAt, canEdit}].
 * POST /api/order-templates {name, description, items}: 201 with the template. 400 {message, field} when
 *   the name is missing or blank (field "name"), items are empty or a quantity is not a positive whole
 *   number, or a product does not exist (field "items.N.productId"). Honours an Idempotency-Key header.
 * Both 401 when signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "templates");
  return json(listTemplates(getDb(), user));
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyRole(request, "templates");
  const input = await parseJsonBody(request, createTemplateSchema);
  const result = createTemplateOnce(getDb(), user, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});
