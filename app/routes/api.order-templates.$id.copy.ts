import { json, type ActionFunctionArgs } from "@remix-run/node";
import { copyTemplateSchema, TEMPLATE_NOT_FOUND } from "~/domain/cart/order-template.schema";
import { copyTemplateOnce } from "~/domain/cart/template-changes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/order-templates/{id}/copy {name?}: saves a copy of one's own template or of a list shared with
 * one's company as a new private template of one's own: 201 with it. 403 {message} for a viewer; 404 for
 * anything not theirs to see; 409 at the most templates a user may keep. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "templates");
  const templateId = requireIntParam(params.id, TEMPLATE_NOT_FOUND);
  const input = await parseJsonBody(request, copyTemplateSchema);
  const result = copyTemplateOnce(getDb(), user, templateId, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});

export const loader = () => methodNotAllowed(["POST"]);
