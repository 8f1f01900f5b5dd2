import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, returnItems, returns, users } from "~db/schema";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import { returnableLines } from "~/domain/returns/returns.server";
import * as returnsPage from "~/routes/account.returns";
import * as requestPage from "~/routes/account.returns_.new/route";
import * as apiReturns from "~/routes/api.returns";
import { getDb, writeTransaction } from "~/utils/db.server";
import { commitSession, getSession, sessionStorage } from "~/utils/session.server";
import { createCategory, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

type User = typeof users.$inferSelect;
type Product = typeof products.$inferSelect;

let buyer: User;
let other: User;
let buyerCookie: string;
let otherCookie: string;
let towels: Product; // £2.50, 20% VAT
let milk: Product; // £3.33, 5% VAT
let delivered: { id: number; orderNumber: string; towelsLine: number; milkLine: number };
let shipped: { id: number; towelsLine: number };
let othersOrder: { id: number; line: number };

function createOrder(user: User, status: (typeof orders.$inferInsert)["status"], lines: { product: Product; quantity: number }[]) {
  return writeTransaction(getDb(), (tx) => {
    const order = tx
      .insert(orders)
      .values({
        orderNumber: nextOrderNumber(tx),
        userId: user.id,
        status,
        subtotal: 0,
        vatAmount: 0,
        total: 0,
        shippingName: "Test User",
        shippingEmail: user.email,
        shippingAddress: "Unit 4, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber })
      .get();
    const items = lines.map((line) =>
      tx
        .insert(orderItems)
        .values({
          orderId: order.id,
          productId: line.product.id,
          productName: line.product.name,
          quantity: line.quantity,
          unitPrice: line.product.salesPrice,
          vatRate: line.product.vatRate,
          total: line.product.salesPrice * line.quantity,
          vatAmount: Math.round((line.product.salesPrice * line.quantity * line.product.vatRate) / 10000),
        })
        .returning({ id: orderItems.id })
        .get().id,
    );
    return { ...order, items };
  });
}

async function sessionCookieFor(user: User) {
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return (await commitSession(session)).split(";")[0];
}

function returnCount() {
  return getDb().select({ value: count() }).from(returns).get()!.value;
}

function postApi(cookie: string | undefined, body: unknown, headers?: HeadersInit) {
  return callRoute(apiReturns.action, buildRequest("/api/returns", { json: body, cookie, headers }));
}

function postForm(cookie: string, orderId: number, form: Record<string, string | number>) {
  return callRoute(requestPage.action, buildRequest(`/account/returns/new?order=${orderId}`, { cookie, form }));
}

beforeAll(async () => {
  const category = createCategory("Janitorial");
  const db = getDb();
  towels = db.insert(products).values({ name: "Paper Towels", slug: "paper-towels", salesPrice: 250, vatRate: 2000, stockLevel: 100, categoryId: category.id }).returning().get();
  milk = db.insert(products).values({ name: "Semi-Skimmed Milk", slug: "milk", salesPrice: 333, vatRate: 500, stockLevel: 100 }).returning().get();
  buyer = await createUser({ email: "buyer@example.com" });
  other = await createUser({ email: "other@example.com" });
  buyerCookie = await sessionCookieFor(buyer);
  otherCookie = await sessionCookieFor(other);

  const d = createOrder(buyer, "delivered", [
    { product: towels, quantity: 5 },
    { product: milk, quantity: 2 },
  ]);
  delivered = { id: d.id, orderNumber: d.orderNumber, towelsLine: d.items[0], milkLine: d.items[1] };
  const s = createOrder(buyer, "shipped", [{ product: towels, quantity: 3 }]);
  shipped = { id: s.id, towelsLine: s.items[0] };
  const o = createOrder(other, "delivered", [{ product: towels, quantity: 4 }]);
  othersOrder = { id: o.id, line: o.items[0] };
});

describe("POST /api/returns", () => {
  it("answers 401 when signed out", async () => {
    const response = await postApi(undefined, { orderId: delivered.id, items: [], reason: "Faulty" });
    expect(response.status).toBe(401);
  });

  it("refuses more than was bought, naming the line", async () => {
    const response = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [{ orderItemId: delivered.towelsLine, quantity: 6 }],
      returnType: "refund",
      reason: "Faulty",
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      message: "You can return at most 5 of Paper Towels",
      field: "items.0.quantity",
    });
    expect(returnCount()).toBe(0);
  });

  it("needs at least one item and a listed reason", async () => {
    const none = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [{ orderItemId: delivered.towelsLine, quantity: 0 }],
      reason: "Faulty",
    });
    expect(none.status).toBe(400);
    expect(await readJson(none)).toEqual({ message: "Select at least one item to return", field: "items" });
    const badReason = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [{ orderItemId: delivered.towelsLine, quantity: 1 }],
      reason: "Because",
    });
    expect(badReason.status).toBe(400);
    expect((await readJson(badReason)).field).toBe("reason");
    expect(returnCount()).toBe(0);
  });

  it("refuses an order that is not delivered with 409", async () => {
    const response = await postApi(buyerCookie, {
      orderId: shipped.id,
      items: [{ orderItemId: shipped.towelsLine, quantity: 1 }],
      reason: "Faulty",
    });
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toBe("Only delivered orders can be returned");
    expect(returnCount()).toBe(0);
  });

  it("answers another customer's order with 404 and writes nothing", async () => {
    const response = await postApi(buyerCookie, {
      orderId: othersOrder.id,
      items: [{ orderItemId: othersOrder.line, quantity: 1 }],
      reason: "Faulty",
    });
    expect(response.status).toBe(404);
    expect((await readJson(response)).message).toBe("Order not found");
    expect(returnCount()).toBe(0);
  });

  it("refuses an item of another order", async () => {
    const response = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [{ orderItemId: othersOrder.line, quantity: 1 }],
      reason: "Faulty",
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).field).toBe("items.0.orderItemId");
  });

  it("writes the return and its lines, copied from the order", async () => {
    const response = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [
        { orderItemId: delivered.towelsLine, quantity: 2 },
        { orderItemId: delivered.milkLine, quantity: 0 },
      ],
      returnType: "exchange",
      reason: "Damaged in transit",
      customerNotes: "  Two packs were soaked  ",
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.returnNumber).toMatch(/^RMA-\d{6}$/);
    expect(body).toMatchObject({
      orderId: delivered.id,
      status: "requested",
      returnType: "exchange",
      reason: "Damaged in transit",
      customerNotes: "Two packs were soaked",
      adminNotes: null,
      refundAmount: null,
      completedAt: null,
      items: [{ productName: "Paper Towels", quantity: 2, unitPrice: "2.50" }],
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    const stored = getDb().select().from(returnItems).where(eq(returnItems.returnId, body.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ orderItemId: delivered.towelsLine, productId: towels.id, unitPrice: 250, vatRate: 2000 });
  });

  it("counts earlier returns that were not rejected", async () => {
    const lines = returnableLines(getDb(), buyer.id, delivered.id);
    expect(lines.ok && lines.value.lines.map((l) => [l.bought, l.alreadyReturned, l.returnable])).toEqual([
      [5, 2, 3],
      [2, 0, 2],
    ]);
    const tooMany = await postApi(buyerCookie, {
      orderId: delivered.id,
      items: [{ orderItemId: delivered.towelsLine, quantity: 4 }],
      reason: "Faulty",
    });
    expect(tooMany.status).toBe(400);
    expect((await readJson(tooMany)).message).toBe("You can return at most 3 of Paper Towels");

    // a rejected return gives its quantity back
    getDb().update(returns).set({ status: "rejected" }).run();
    const again = returnableLines(getDb(), buyer.id, delivered.id);
    expect(again.ok && again.value.lines[0].returnable).toBe(5);
    getDb().update(returns).set({ status: "requested" }).run();
  });
});

describe("the request form", () => {
  it("shows the lines with what can still be returned", async () => {
    const response = await callRoute(requestPage.loader, buildRequest(`/account/returns/new?order=${delivered.id}`, { cookie: buyerCookie }));
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.delivered).toBe(true);
    expect(data.lines.map((l: { productName: string; returnable: number }) => [l.productName, l.returnable])).toEqual([
      ["Paper Towels", 3],
      ["Semi-Skimmed Milk", 2],
    ]);
  });

  it("sends signed-out visitors to log in, and hides other customers' orders", async () => {
    const signedOut = await callRoute(requestPage.loader, buildRequest(`/account/returns/new?order=${delivered.id}`));
    expect(redirectLocation(signedOut)).toMatch(/^\/login\?redirectTo=/);
    const others = await callRoute(requestPage.loader, buildRequest(`/account/returns/new?order=${delivered.id}`, { cookie: otherCookie }));
    expect(others.status).toBe(404);
    const posted = await postForm(otherCookie, delivered.id, {
      orderId: delivered.id,
      "items[0].orderItemId": delivered.towelsLine,
      "items[0].quantity": 1,
      returnType: "refund",
      reason: "Faulty",
    });
    expect(posted.status).toBe(404);
  });

  it("says only delivered orders can be returned", async () => {
    const page = await callRoute(requestPage.loader, buildRequest(`/account/returns/new?order=${shipped.id}`, { cookie: buyerCookie }));
    expect(page.status).toBe(409);
    expect((await readJson(page)).delivered).toBe(false);
    const posted = await postForm(buyerCookie, shipped.id, {
      orderId: shipped.id,
      "items[0].orderItemId": shipped.towelsLine,
      "items[0].quantity": 1,
      returnType: "refund",
      reason: "Faulty",
    });
    expect(posted.status).toBe(409);
    expect(JSON.stringify((await readJson(posted)).result.error)).toContain("Only delivered orders can be returned");
  });

  it("shows the field errors of a bad form", async () => {
    const before = returnCount();
    const empty = await postForm(buyerCookie, delivered.id, {
      orderId: delivered.id,
      "items[0].orderItemId": delivered.towelsLine,
      "items[0].quantity": 0,
      returnType: "refund",
      reason: "",
    });
    expect(empty.status).toBe(400);
    const emptyErrors = (await readJson(empty)).result.error;
    expect(emptyErrors.items).toEqual(["Select at least one item to return"]);
    expect(emptyErrors.reason).toBeTruthy();

    const tooMany = await postForm(buyerCookie, delivered.id, {
      orderId: delivered.id,
      "items[0].orderItemId": delivered.towelsLine,
      "items[0].quantity": 1,
      "items[1].orderItemId": delivered.milkLine,
      "items[1].quantity": 3,
      returnType: "refund",
      reason: "Faulty",
    });
    expect(tooMany.status).toBe(400);
    expect((await readJson(tooMany)).result.error["items[1].quantity"]).toEqual([
      "You can return at most 2 of Semi-Skimmed Milk",
    ]);
    expect(returnCount()).toBe(before);
  });

  it("requests a return once for a repeated submit, then lists it with a toast", async () => {
    const before = returnCount();
    const form = {
      idempotencyKey: "return-key-0001",
      orderId: delivered.id,
      "items[0].orderItemId": delivered.towelsLine,
      "items[0].quantity": 0,
      "items[1].orderItemId": delivered.milkLine,
      "items[1].quantity": 1,
      returnType: "refund",
      reason: "No longer needed",
      customerNotes: "",
    };
    const first = await postForm(buyerCookie, delivered.id, form);
    expect(redirectLocation(first)).toBe("/account/returns");
    const second = await postForm(buyerCookie, delivered.id, form);
    expect(redirectLocation(second)).toBe("/account/returns");
    expect(returnCount()).toBe(before + 1);

    const session = await getSession(buildRequest("/", { cookie: cookieFrom(first) }));
    expect(session.get("toast")).toMatchObject({
      title: "Return requested",
      description: "We will review your return request shortly.",
    });

    const page = await callRoute(returnsPage.loader, buildRequest("/account/returns", { cookie: buyerCookie }));
    const data = await readJson(page);
    expect(data.total).toBe(before + 1);
    expect(data.returns[0]).toMatchObject({
      orderNumber: delivered.orderNumber,
      status: "requested",
      returnType: "refund",
      reason: "No longer needed",
      customerNotes: null,
      items: [{ productName: "Semi-Skimmed Milk", quantity: 1, unitPrice: "3.33" }],
    });
  });
});

describe("GET /api/returns", () => {
  it("answers 401 when signed out", async () => {
    const response = await callRoute(apiReturns.loader, buildRequest("/api/returns"));
    expect(response.status).toBe(401);
  });

  it("lists only the customer's own returns, newest first", async () => {
    const mine = await readJson(await callRoute(apiReturns.loader, buildRequest("/api/returns", { cookie: buyerCookie })));
    expect(mine.length).toBe(2);
    expect(mine.every((r: { orderId: number }) => r.orderId === delivered.id)).toBe(true);
    expect(mine[0].reason).toBe("No longer needed");

    const created = await postApi(otherCookie, {
      orderId: othersOrder.id,
      items: [{ orderItemId: othersOrder.line, quantity: 1 }],
      reason: "Wrong item sent",
    });
    expect(created.status).toBe(201);
    const theirs = await readJson(await callRoute(apiReturns.loader, buildRequest("/api/returns", { cookie: otherCookie })));
    expect(theirs.map((r: { orderId: number }) => r.orderId)).toEqual([othersOrder.id]);
    const mineAgain = await readJson(await callRoute(apiReturns.loader, buildRequest("/api/returns", { cookie: buyerCookie })));
    expect(mineAgain.length).toBe(2);
  });

  it("shows an empty list page for a customer with no returns", async () => {
    const fresh = await createUser({ email: "fresh@example.com" });
    const page = await readJson(
      await callRoute(returnsPage.loader, buildRequest("/account/returns", { cookie: await sessionCookieFor(fresh) })),
    );
    expect(page.returns).toEqual([]);
    expect(page.total).toBe(0);
  });
});
