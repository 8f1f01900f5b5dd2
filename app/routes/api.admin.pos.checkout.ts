import { json, type ActionFunctionArgs } from "@remix-run/node";
import { completeSale, posSaleJson } from "~/domain/pos/pos-sale.server";
import { posCheckoutSchema } from "~/domain/pos/pos.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/pos/checkout {items: [{productId, productName, unitPrice, vatRate, quantity}], customerName,
 * customerId (or null for a walk-in sale), paymentMethod? (cash, credit for cards, bank_transfer; cash when
 * absent), financialAccountId? (the account the money goes into; the default account for the method when
 * absent), overridePackRules? and packOverrideReason? (selling outside a product's pack rules: logged)}, with
 * an optional `Idempotency-Key` header.
 * productName, unitPrice and vatRate are read but not used: every line is priced again here for the
 * customer (custom price, tier, volume discount), and a walk-in sale pays list prices.
 * 201 with the sale: the order (delivered, channel "pos", money as "12.50"), invoiceNumber, pointsEarned and
 * the payment; 200 with the same sale when the key was used before (nothing new is written);
 * 400 {message, field} for invalid fields (or an unknown financial account); 401 signed out; 403 not an admin;
 * 404 an unknown product or customer (or one who cannot be sold to: unapproved, inactive, not a customer);
 * 400 {message, field: "quantity"} when a line breaks its pack rule (minimum, multiple) and no override with a
 * reason was given; 409 when a line is short of stock, naming the product and what is left (nothing is written).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "pos");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const idempotencyKey = apiIdempotencyKey(request);
  const body = await parseJsonBody(request, posCheckoutSchema);
  const db = getDb();
  const result = completeSale(db, admin, {
    lines: body.items.map(({ productId, quantity }) => ({ productId, quantity })),
    customerId: body.customerId,
    customerName: body.customerName,
    paymentMethod: body.paymentMethod,
    financialAccountId: body.financialAccountId,
    overridePackRules: body.overridePackRules,
    packOverrideReason: body.packOverrideReason,
    idempotencyKey,
  });
  if (!result.ok) return failureResponse(result);
  return json(posSaleJson(db, result.value), {
    status: result.value.replayed ? 200 : 201,
    headers: { "Cache-Control": "no-store" },
  });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "pos");
  return methodNotAllowed(["POST"]);
});
