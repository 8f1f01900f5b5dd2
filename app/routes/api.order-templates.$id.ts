import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { TEMPLATE_NOT_FOUND, updateTemplateSchema } from "~/domain/cart/order-template.schema";
import { deleteTemplate, getTemplate } from "~/domain/cart/order-templates.server";
import { updateTemplate } from "~/domain/cart/template-changes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/order-templates/{id}: one of the user's templates, or a list shared with their company.
 * PATCH /api/order-templates/{id} {name?, description?, shared?, items?}: 200 with the template. Only its
 *   maker or a company admin may (403 {message} for a colleague who may only load it); 400 {message, field}
 *   for bad fields, as POST /api/order-templates.
 * DELETE /api/order-templates/{id}: 200 {message}; 403 {message} as PATCH.
 * Another company's template, another user's private one, or an unknown id: 404, and nothing changes.
 * All 401 when signed out.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "templates");
  const template = getTemplate(getDb(), user, requireIntParam(params.id, TEMPLATE_NOT_FOUND));
  return template ? json(template) : jsonError(404, TEMPLATE_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireApiCompanyRole(request, "templates");
  const templateId = requireIntParam(params.id, TEMPLATE_NOT_FOUND);
  if (request.method === "PATCH") {
    const input = await parseJsonBody(request, updateTemplateSchema);
    const result = updateTemplate(getDb(), user, templateId, input);
    return result.ok ? json(result.value) : failureResponse(result);
  }
  const result = deleteTemplate(getDb(), user, templateId);
  if (!result.ok) return failureResponse(result);
  return json({ message: "Template deleted", id: result.value.id });
});
