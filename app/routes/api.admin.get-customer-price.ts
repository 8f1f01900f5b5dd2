import { json, type ActionFunctionArgs } from "@remix-run/node";
import { customerPriceFor } from "~/domain/pos/pos-customers.server";
import { customerPriceSchema } from "~/domain/pos/pos.schema";
import { unitPriceJson } from "~/domain/pricing/pricing.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * POST /api/admin/get-customer-price {customerId, productId, quantity} → 200 {finalPrice, customPrice,
 * tierDiscount, volumeDiscount}: the customer's unit price ex VAT for that quantity ("12.50"), and the parts
 * the pricing rules used. 400 invalid fields; 401 signed out; 403 not an admin; 404 an unknown product or a
 * customer who cannot be sold to.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiStaff(request, "pricing");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, customerPriceSchema);
  const result = customerPriceFor(getDb(), input);
  if (!result.ok) return failureResponse(result);
  return json(unitPriceJson(result.value), { headers: { "Cache-Control": "private, no-store" } });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "pricing");
  return methodNotAllowed(["POST"]);
});
