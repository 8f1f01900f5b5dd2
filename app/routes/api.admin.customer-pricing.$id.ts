import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CUSTOMER_PRICING_DELETED, customerPriceSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  CUSTOMER_PRICE_NOT_FOUND,
  customerPriceJson,
  deleteCustomerPrice,
  getCustomerPrice,
  updateCustomerPrice,
} from "~/domain/pricing/pricing-rules.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import {
  apiRoute,
  failureResponse,
  jsonError,
  methodNotAllowed,
  parseJsonBody,
  requireIntParam,
} from "~/utils/http.server";

/** GET /api/admin/customer-pricing/{id}: one custom price. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const row = getCustomerPrice(getDb(), requireIntParam(params.id, CUSTOMER_PRICE_NOT_FOUND));
  return row ? json(customerPriceJson(row)) : jsonError(404, CUSTOMER_PRICE_NOT_FOUND);
});

/**
 * PUT /api/admin/customer-pricing/{id} {userId, productId, customPrice}: replaces the rule (409 when that
 * customer and product already have another rule).
 * DELETE /api/admin/customer-pricing/{id}: 200 {message, id}.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  const id = requireIntParam(params.id, CUSTOMER_PRICE_NOT_FOUND);
  const db = getDb();
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, customerPriceSchema);
    const result = updateCustomerPrice(db, admin, id, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(customerPriceJson(result.value));
  }
  if (request.method === "DELETE") {
    const result = deleteCustomerPrice(db, admin, id, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json({ message: CUSTOMER_PRICING_DELETED, id: result.value.id });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
