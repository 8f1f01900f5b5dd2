/**
 * Orders made offline, on the server (docs/decisions/0078): POST /api/orders with the prices the device showed.
 * Placed once at those prices; refused (409, nothing written) with each difference when a price or the stock
 * changed, and that refusal kept under the Idempotency-Key so a replay gets it again; only for the account the
 * device kept it under. (The checkout form does not carry expected prices: its lines are the saved cart, priced
 * on the page the buyer is looking at, so this is the API door only; the use case is tested in
 * app/domain/orders/offline-orders.server.test.ts.)
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, orders, products, volumeDiscounts } from "~db/schema";
import { decodePriceList, deliveryOfPriceList, findProduct } from "~/domain/pricing/price-list";
import * as apiOrders from "~/routes/api.orders";
import * as apiPriceList from "~/routes/api.account.price-list";
import { OFFLINE_KEY_HEADER } from "~/service-worker/offline-rules";
import { afterReply, makeQueuedOrder, OTHER_ACCOUNT_MESSAGE } from "~/service-worker/order-queue-rules";
import { getDb } from "~/utils/db.server";
import { offlineKeyFor } from "~/utils/offline-key.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let cookie: string;
let otherCookie: string;
let buyerId: string;
let hammer: ReturnType<typeof createProduct>;
let nails: ReturnType<typeof createProduct>;
let cases: ReturnType<typeof createProduct>;

beforeAll(async () => {
  hammer = createProduct({ name: "Offline Hammer", sku: "OFF-HAM", salesPrice: 1000, stockLevel: 50 });
  nails = createProduct({ name: "Offline Nails", sku: "OFF-NAIL", salesPrice: 450, vatRate: 500, stockLevel: 50 });
  cases = createProduct({ name: "Offline Cola", sku: "OFF-COLA", salesPrice: 1200, stockLevel: 50, orderMultiple: 6, packLabel: "case of 6", minOrderQuantity: 6 });
  db().insert(volumeDiscounts).values({ productId: hammer.id, minQuantity: 10, discountPercentage: 1000 }).run();
  const buyer = await createUser({ email: "queue-buyer@example.com" });
  buyerId = buyer.id;
  await createUser({ email: "queue-other@example.com" });
  cookie = await signIn("queue-buyer@example.com");
  otherCookie = await signIn("queue-other@example.com");
});

function post(body: unknown, key: string, headers: Record<string, string> = {}, as = cookie) {
  return callRoute(apiOrders.action, buildRequest("/api/orders", { json: body, cookie: as, headers: { "Idempotency-Key": key, ...headers } }));
}
const ordersOf = () => db().select().from(orders).where(eq(orders.userId, buyerId)).all();
const accountKey = () => offlineKeyFor(findSessionUser(db(), buyerId));

describe("the price list an order is made from offline", () => {
  it("carries the price at each volume step, the pack rules and the buyer's delivery details", async () => {
    const body = await readJson(await callRoute(apiPriceList.loader, buildRequest("/api/account/price-list", { cookie })));
    const list = decodePriceList(body)!;
    expect(findProduct(list, "OFF-HAM")).toMatchObject({ exVat: 1000, priceSteps: [[10, 900]] });
    expect(findProduct(list, "OFF-COLA")!.pack).toEqual({ minOrderQuantity: 6, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: null });
    expect(deliveryOfPriceList(body)).toMatchObject({ shippingEmail: "queue-buyer@example.com" });
  });
});

describe("POST /api/orders with the prices shown", () => {
  it("places the order once when every price is still the one shown, however often it is sent", async () => {
    const before = ordersOf().length;
    const body = {
      ...SHIPPING,
      items: [
        { productId: hammer.id, quantity: 10, expectedUnitPrice: 900 },
        { productId: nails.id, quantity: 3, expectedUnitPrice: 450 },
      ],
    };
    const first = await post(body, "offline-order-0001", { [OFFLINE_KEY_HEADER]: accountKey() });
    expect(first.status).toBe(201);
    const placed = await readJson(first);
    for (let i = 0; i < 5; i += 1) {
      const again = await post(body, "offline-order-0001", { [OFFLINE_KEY_HEADER]: accountKey() });
      expect(again.status).toBe(200);
      expect((await readJson(again)).id).toBe(placed.id);
    }
    expect(ordersOf().length).toBe(before + 1);
    expect(placed.subtotal).toBe("103.50"); // 10 × £9.00 + 3 × £4.50, ex VAT
  });

  it("refuses with each difference (ex and inc VAT) when a price changed, writes nothing, and answers a replay the same", async () => {
    const before = ordersOf().length;
    const stockBefore = db().select().from(products).where(eq(products.id, nails.id)).get()!.stockLevel;
    db().update(products).set({ salesPrice: 500 }).where(eq(products.id, nails.id)).run();
    const body = { ...SHIPPING, items: [{ productId: hammer.id, quantity: 2, expectedUnitPrice: 1000 }, { productId: nails.id, quantity: 4, expectedUnitPrice: 450 }] };
    const refused = await post(body, "offline-order-0002");
    expect(refused.status).toBe(409);
    const answer = await readJson(refused);
    expect(answer.message).toMatch(/not placed/);
    expect(answer.differences).toEqual([
      { productId: nails.id, sku: "OFF-NAIL", name: "Offline Nails", quantity: 4, shown: { exVat: 450, incVat: 473 }, now: { exVat: 500, incVat: 525 } },
    ]);
    expect(answer.stock).toEqual([]);
    expect(ordersOf().length).toBe(before);
    expect(db().select().from(products).where(eq(products.id, nails.id)).get()!.stockLevel).toBe(stockBefore);

    // the price goes back: a replay of the same key still gets the 409 it got, never a silent order
    db().update(products).set({ salesPrice: 450 }).where(eq(products.id, nails.id)).run();
    const replay = await post(body, "offline-order-0002");
    expect(replay.status).toBe(409);
    expect((await readJson(replay)).differences).toHaveLength(1);
    expect(ordersOf().length).toBe(before);
    expect(db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "offline-order-0002")).all()).toHaveLength(1);

    // confirmed on the device: a new key, the new prices expected
    db().update(products).set({ salesPrice: 500 }).where(eq(products.id, nails.id)).run();
    const confirmed = await post({ ...body, items: [body.items[0], { productId: nails.id, quantity: 4, expectedUnitPrice: 500 }] }, "offline-order-0003");
    expect(confirmed.status).toBe(201);
    expect(ordersOf().length).toBe(before + 1);
  });

  it("refuses with the shortage when stock is short, and says nothing changed in price", async () => {
    const before = ordersOf().length;
    const reply = await post({ ...SHIPPING, items: [{ productId: hammer.id, quantity: 60, expectedUnitPrice: 900 }] }, "offline-order-0004");
    expect(reply.status).toBe(409);
    const answer = await readJson(reply);
    expect(answer.differences).toEqual([]);
    expect(answer.stock).toEqual([{ productId: hammer.id, sku: "OFF-HAM", name: "Offline Hammer", requested: 60, available: expect.any(Number) }]);
    expect(ordersOf().length).toBe(before);
  });

  it("still checks pack rules first (400, not kept), and a price sent for one line checks that line only", async () => {
    const bad = await post({ ...SHIPPING, items: [{ productId: cases.id, quantity: 4, expectedUnitPrice: 1200 }] }, "offline-order-0005");
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).message).toMatch(/multiples of 6/);
    const invalid = await post({ ...SHIPPING, items: [{ productId: cases.id, quantity: 6, expectedUnitPrice: 12.5 }] }, "offline-order-0006");
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).field).toMatch(/expectedUnitPrice/);
  });

  it("refuses (403 on the header) an order kept under another account, writing nothing", async () => {
    const before = ordersOf().length;
    const reply = await post({ ...SHIPPING, items: [{ productId: nails.id, quantity: 1, expectedUnitPrice: 500 }] }, "offline-order-0007", { [OFFLINE_KEY_HEADER]: accountKey() }, otherCookie);
    expect(reply.status).toBe(403);
    const answer = await readJson(reply);
    expect(answer).toEqual({ message: OTHER_ACCOUNT_MESSAGE, field: OFFLINE_KEY_HEADER });
    expect(ordersOf().length).toBe(before);
  });

  it("the device's body, as the queue freezes it, is what the server reads", async () => {
    const order = makeQueuedOrder({
      key: "offline-order-0008",
      now: new Date(),
      lines: [{ productId: nails.id, sku: "OFF-NAIL", name: "Offline Nails", quantity: 2, unitPrice: 500, unitPriceIncVat: 525, vatRate: 500 }],
      delivery: SHIPPING,
      poReference: "PO-77",
    });
    const reply = await post(JSON.parse(order.body), order.key);
    expect(reply.status).toBe(201);
    const answer = await readJson(reply);
    expect(answer.poReference).toBe("PO-77");
    expect(afterReply({ ...order, status: "sending" }, { status: 201, body: answer }, new Date())).toMatchObject({ status: "sent", orderNumber: answer.orderNumber });
  });
});
