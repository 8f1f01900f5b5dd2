import { creditAtCheckout } from "~/domain/credit/credit-holds.server";
import { holdMessageFor } from "~/domain/credit/credit-hold";
import { toDecimalString } from "~/utils/money";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiOrderSchema } from "~/domain/orders/order.schema";
import { findOrderJson, listCustomerOrders } from "~/domain/orders/order-history.server";
import { checkoutRefusal, placeOrder } from "~/domain/orders/orders.server";
import { APPROVAL_NOT_FOUND_MESSAGE, getApproval, SENT_FOR_APPROVAL_MESSAGE } from "~/domain/companies/approvals.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { offlineKeyFor } from "~/utils/offline-key.server";
import { OFFLINE_KEY_HEADER } from "~/service-worker/offline-rules";
import { OTHER_ACCOUNT_MESSAGE } from "~/service-worker/order-queue-rules";

/**
 * GET /api/orders: the signed-in customer's orders (the 50 newest), each with its items; 401 signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  return json(listCustomerOrders(getDb(), user.id, { limit: 50 }), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

/**
 * POST /api/orders {shippingName, shippingEmail, shippingAddress, shippingCity, shippingPostcode,
 * items: [{productId, quantity, selectedVariants?}], voucherCode?, poReference? (≤ 50), deliveryNotes?
 * (≤ 500), saveAddress?, addressLabel?, shippingBusinessName?, shippingAddressLine2?, shippingCounty?}, with
 * an optional `Idempotency-Key` header. The three optional UK parts are joined into the spec's fields
 * (shippingAddress "Business, line 1, line 2", shippingCity "Town, County"), which the order keeps; the
 * postcode must be a UK one (400 "Enter a UK postcode, for example LS1 6EN" on shippingPostcode, nothing
 * written). A placed order carries its expected delivery date in estimatedDelivery (none while it waits
 * for approval).
 * The items are the client's cart; any prices sent with them are ignored and every line is priced here.
 * `saveAddress: true` keeps the shipping address in the customer's address book under `addressLabel`
 * (required then), in the order's transaction; the answer's `addressBook` says whether it was saved.
 * 201 with the order (spec §3 shape, plus poReference and deliveryNotes, and deliveryCharge / deliveryVat:
 * the delivery charge ex VAT and its VAT, already in vatAmount and total); 200 with the same order when the
 * key was used before (nothing new is written); 400 {message, field} for invalid fields ("items" when there
 * are none or their goods are under the minimum order, "poReference" or "deliveryNotes" when too long,
 * "addressLabel"); 401 signed out;
 * 403 for accounts awaiting approval, non-customers and a company's viewers; 409 when a line is short of stock or the voucher has
 * been used (nothing written).
 * The saved cart is emptied only when the order is exactly what it holds.
 * An order over the buyer's spending limit (per order or per period, ex VAT) is not placed: 202 with the
 * approval request (`GET /api/company/approvals/{id}`'s shape) and `message`; it is placed when the company's
 * approvers approve it (POST /api/company/approvals/{id}); 409 when nobody in the company could approve it.
 * An order over the company's available credit, or from a company with an invoice overdue beyond the wholesaler's
 * setting, is placed on credit hold: 201 with `status: "on_hold"`, `holdReason` and `message` (why, and what to
 * do: pay, or call). Every placed order's answer carries `availableCredit` (after this order; null: no limit).
 * An order made offline (docs/decisions/0078) sends each item's `expectedUnitPrice` (ex VAT pence, as shown) and
 * the device's `X-Offline-Key` (the account it was kept under: 403 on that header when another account is signed
 * in). If any such price is not the price now, or any line is short of stock, nothing is written and the answer
 * is 409 `{message, differences: [{productId, sku, name, quantity, shown: {exVat, incVat}, now: {exVat, incVat}}],
 * stock: [{productId, sku, name, requested, available}]}`, kept under the Idempotency-Key like any answer, so a
 * repeat gets the same 409.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyRole(request, "ordering");
  const refused = checkoutRefusal(user);
  if (refused) return failureResponse(refused);
  // an order kept offline is only ever placed for the account that made it
  const keptFor = request.headers.get(OFFLINE_KEY_HEADER);
  if (keptFor !== null && keptFor !== offlineKeyFor(user)) return jsonError(403, OTHER_ACCOUNT_MESSAGE, OFFLINE_KEY_HEADER);

  const idempotencyKey = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, apiOrderSchema);
  const { items, ...details } = input;

  const db = getDb();
  const result = await placeOrder(db, user, {
    ...details,
    lines: items,
    idempotencyKey,
    channel: "api",
    cart: "clear-if-same",
  });
  if (!result.ok) return failureResponse(result);
  if (result.value.kind === "sent_for_approval") {
    const sent = getApproval(db, user, result.value.approvalId);
    if (!sent) return jsonError(404, APPROVAL_NOT_FOUND_MESSAGE);
    return json(
      { ...sent.approval, message: SENT_FOR_APPROVAL_MESSAGE },
      { status: result.value.replayed ? 200 : 202, headers: { "Cache-Control": "no-store" } },
    );
  }

  const order = findOrderJson(db, result.value.orderId, user.id);
  if (!order) return jsonError(404, "Order not found");
  const { addressBook } = result.value;
  const credit = creditAtCheckout(db, user.companyId, 0);
  const answer = {
    ...order,
    // on credit hold: why, and what to do (docs/decisions/0071)
    ...(order.status === "on_hold" ? { message: holdMessageFor(order.holdReason ?? "") } : {}),
    // the company's available credit now, this order included (null: no limit)
    availableCredit: credit?.availableCredit == null ? null : toDecimalString(credit.availableCredit),
    ...(addressBook ? { addressBook } : {}),
  };
  return json(answer, {
    status: result.value.replayed ? 200 : 201,
    headers: { "Cache-Control": "no-store" },
  });
});
