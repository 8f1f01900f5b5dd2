import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { financialAccounts, orderItems, products, stockMovements } from "~db/schema";
import { placeOrder } from "~/domain/orders/orders.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiPosCheckout from "~/routes/api.admin.pos.checkout";
import * as apiAdjust from "~/routes/api.admin.products.$id.stock-adjustments";
import * as apiPurchaseOrders from "~/routes/api.admin.purchase-orders";
import * as apiPurchaseOrderStatus from "~/routes/api.admin.purchase-orders.$id.status";
import * as apiReturnComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiReturnStatus from "~/routes/api.admin.returns.$id.status";
import * as apiReturns from "~/routes/api.returns";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

/**
 * Every way stock changes, each through its real use case, leaves a movement: for every product the
 * movements add up to its stock level, and each movement's level-after is the running total.
 */

const db = () => getDb();
const SHIPPING = {
  shippingName: "Sam Patel",
  shippingEmail: "orders@patel-catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

let adminCookie: string;
let buyerCookie: string;
let buyerId: string;
let supplierId: string;
let cashAccountId: number;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerId = (await createUser({ email: "buyer@example.com" })).id;
  supplierId = (await createUser({ email: "supplier@example.com", role: "supplier", businessName: "Northern Supplies" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  cashAccountId = db().insert(financialAccounts).values({ name: "Till", type: "cash", balance: 0 }).returning().get().id;
});

async function call(handler: Parameters<typeof callRoute>[0], path: string, method: string, body: unknown, params: Record<string, string> = {}, cookie = adminCookie) {
  const response = await callRoute(handler, buildRequest(path, { method, json: body, cookie }), params);
  const data = await readJson(response);
  expect(response.status, `${method} ${path}: ${JSON.stringify(data)}`).toBeLessThan(300);
  return data;
}

async function order(lines: { productId: number; quantity: number }[]) {
  const placed = await placeOrder(db(), findSessionUser(db(), buyerId)!, { ...SHIPPING, idempotencyKey: null, lines });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.value.kind !== "placed") throw new Error("The order was sent for approval");
  return placed.value.orderId;
}

const setOrderStatus = (orderId: number, status: string) =>
  call(apiOrderStatus.action, `/api/admin/orders/${orderId}/status`, "PATCH", { status }, { orderId: String(orderId) });

describe("the movement ledger", () => {
  it("after orders, a cancellation, a completed return, a PO receipt, a POS sale and adjustments, every product's movements sum to its stock", async () => {
    const kettle = createProduct({ name: "Catering Kettle", salesPrice: 3000, stockLevel: 0, supplierId });
    const cups = createProduct({ name: "Paper Cups", salesPrice: 250, vatRate: 0, stockLevel: 0, supplierId });
    // opening stock through the adjustment door, so the ledger starts from a movement too
    for (const product of [kettle, cups]) {
      await call(apiAdjust.action, `/api/admin/products/${product.id}/stock-adjustments`, "POST", { change: 50, note: "Opening count" }, { id: String(product.id) });
    }

    // two orders at checkout; the second is cancelled and gives its stock back
    const kept = await order([{ productId: kettle.id, quantity: 4 }, { productId: cups.id, quantity: 10 }]);
    const cancelled = await order([{ productId: kettle.id, quantity: 3 }]);
    await setOrderStatus(cancelled, "cancelled");

    // the kept order is delivered, then 2 kettles come back through a completed return
    for (const status of ["processing", "shipped", "delivered"]) await setOrderStatus(kept, status);
    const kettleLine = db().select().from(orderItems).where(eq(orderItems.orderId, kept)).orderBy(asc(orderItems.id)).all()[0]!;
    const returned = await call(apiReturns.action, "/api/returns", "POST", {
      orderId: kept,
      items: [{ orderItemId: kettleLine.id, quantity: 2 }],
      returnType: "refund",
      reason: "Faulty",
      customerNotes: "Lids cracked",
    }, {}, buyerCookie);
    await call(apiReturnStatus.action, `/api/admin/returns/${returned.id}/status`, "PATCH", { status: "approved" }, { id: String(returned.id) });
    await call(apiReturnComplete.action, `/api/admin/returns/${returned.id}/complete`, "POST", undefined, { id: String(returned.id) });

    // a purchase order is sent and received
    const po = await call(apiPurchaseOrders.action, "/api/admin/purchase-orders", "POST", {
      supplierId,
      items: [{ productId: cups.id, quantity: 24 }],
    });
    const poParams = { id: String(po.id) };
    await call(apiPurchaseOrderStatus.action, `/api/admin/purchase-orders/${po.id}/status`, "PATCH", { status: "sent" }, poParams);
    await call(apiPurchaseOrderStatus.action, `/api/admin/purchase-orders/${po.id}/status`, "PATCH", { status: "received" }, poParams);

    // a sale at the counter
    await call(apiPosCheckout.action, "/api/admin/pos/checkout", "POST", {
      items: [{ productId: cups.id, quantity: 6 }, { productId: kettle.id, quantity: 1 }],
      customerName: "Walk-in Customer",
      customerId: null,
      paymentMethod: "cash",
      financialAccountId: cashAccountId,
    });

    // and a breakage
    await call(apiAdjust.action, `/api/admin/products/${cups.id}/stock-adjustments`, "POST", { change: -2, note: "Crushed box" }, { id: String(cups.id) });

    const level = (id: number) => db().select({ s: products.stockLevel }).from(products).where(eq(products.id, id)).get()!.s;
    expect(level(kettle.id)).toBe(50 - 4 - 3 + 3 + 2 - 1);
    expect(level(cups.id)).toBe(50 - 10 + 24 - 6 - 2);

    for (const product of [kettle, cups]) {
      const ledger = db()
        .select({ change: stockMovements.change, stockAfter: stockMovements.stockAfter, reason: stockMovements.reason })
        .from(stockMovements)
        .where(eq(stockMovements.productId, product.id))
        .orderBy(asc(stockMovements.id))
        .all();
      let running = 0;
      for (const movement of ledger) {
        running += movement.change;
        expect(movement.stockAfter).toBe(running);
      }
      expect(running).toBe(level(product.id));
    }
    const reasons = db()
      .select({ reason: stockMovements.reason })
      .from(stockMovements)
      .where(sql`${stockMovements.productId} IN (${kettle.id}, ${cups.id})`)
      .all()
      .map((row) => row.reason);
    expect(new Set(reasons)).toEqual(new Set(["adjustment", "sale", "cancellation", "return", "receipt"]));
  });
});
