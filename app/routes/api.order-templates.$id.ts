import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { TEMPLATE_NOT_FOUND } from "~/domain/cart/order-template.schema";
import { deleteTemplate, getTemplate } from "~/domain/cart/order-templates.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/order-templates/{id}: one of the user's templates.
 * DELETE /api/order-templates/{id}: 200 {message}. Another user's template or an unknown id: 404, and
 * nothing is deleted. Both 401 when signed out.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "templates");
  const template = getTemplate(getDb(), user.id, requireIntParam(params.id, TEMPLATE_NOT_FOUND));
  return template ? json(template) : jsonError(404, TEMPLATE_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireApiCompanyRole(request, "templates");
  const result = deleteTemplate(getDb(), user.id, requireIntParam(params.id, TEMPLATE_NOT_FOUND));
  if (!result.ok) return failureResponse(result);
  return json({ message: "Template deleted", id: result.value.id });
});
