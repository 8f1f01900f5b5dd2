import { json, type ActionFunctionArgs } from "@remix-run/node";
import { TEMPLATE_NOT_FOUND } from "~/domain/cart/order-template.schema";
import { loadTemplateIntoCartOnce } from "~/domain/cart/order-templates.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/order-templates/{id}/load: adds one's own template, or a list shared with one's company, to one's
 * cart at today's prices (the company's): 200 {templateId, templateName, added, units, short, skipped, …}.
 * 403 {message} for a viewer; 404 for anything not theirs to see. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "templates");
  const result = loadTemplateIntoCartOnce(getDb(), user, requireIntParam(params.id, TEMPLATE_NOT_FOUND), idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = () => methodNotAllowed(["POST"]);
