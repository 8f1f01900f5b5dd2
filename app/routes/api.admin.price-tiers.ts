import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { priceTierSchema } from "~/domain/pricing/pricing-rules.schema";
import { createPriceTier, listPriceTiers, priceTierJson } from "~/domain/pricing/pricing-rules.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * GET /api/admin/price-tiers: every tier by name, with discountPercentage as a 2-decimal string ("10.00")
 * and userCount (users on the tier).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json(listPriceTiers(getDb()).map(priceTierJson));
});

/**
 * POST /api/admin/price-tiers {name, description, discountPercentage} → 201 tier. discountPercentage is
 * 0 to 100 with at most two decimals ("12.50" or 12.5). 400 invalid (with field), 409 field name when the
 * name is taken (ignoring case).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, priceTierSchema);
  const result = createPriceTier(getDb(), admin, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(priceTierJson(result.value), { status: 201 });
});
