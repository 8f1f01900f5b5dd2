import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLogs, orders, products, purchaseOrders, users } from "~db/schema";
import { addDaysToDate, ukToday } from "~/domain/invoices/invoices.server";
import { needsReorder } from "~/domain/purchasing/forecast";
import { loadForecastRows } from "~/domain/purchasing/forecast.server";
import * as root from "~/root";
import * as page from "~/routes/admin.purchase-orders/route";
import * as apiList from "~/routes/api.admin.purchase-orders";
import * as apiAuto from "~/routes/api.admin.purchase-orders.auto-generate";
import * as apiStatus from "~/routes/api.admin.purchase-orders.$id.status";
import * as apiPdf from "~/routes/api.admin.purchase-orders.$id.pdf";
import { getDb } from "~/utils/db.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type Product = ReturnType<typeof createProduct>;
type User = typeof users.$inferSelect;

const TODAY = ukToday();
const db = () => getDb();

let adminCookie: string;
let buyerCookie: string;
let buyer: User;
let northern: User;
let pennine: User;
const p = {} as Record<"blueRoll" | "gloves" | "binBags" | "milk" | "oatMilk" | "napkins" | "cups" | "foil", Product>;
/** The orders auto-generate drafts: northern's and pennine's. */
const auto = {} as Record<"northern" | "pennine", { id: number; orderNumber: string }>;
let foilOrderId: number;

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers }), params);
}
const patchStatus = (id: number, status: string, headers?: HeadersInit) =>
  api(apiStatus.action, `/api/admin/purchase-orders/${id}/status`, "PATCH", { status }, { id: String(id) }, adminCookie, headers);

function pagePost(form: Record<string, string | number | undefined>, cookie = adminCookie) {
  return callRoute(page.action, buildRequest("/admin/purchase-orders", { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}
const pageGet = (url: string, cookie = adminCookie) => callRoute(page.loader, buildRequest(url, { cookie }));

/** Follows a form's redirect like a browser: the flashed notice (root) and the page it lands on. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const landed = await readJson(await pageGet(location, next));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, page: landed };
}

const stockOf = (product: Product) => db().select({ s: products.stockLevel }).from(products).where(eq(products.id, product.id)).get()!.s;
const poRow = (id: number) => db().select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).get()!;
const poCount = () => db().select({ n: sql<number>`count(*)` }).from(purchaseOrders).get()!.n;
const audits = (id: number) =>
  db().select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityId, String(id))).all().map((row) => row.action);

function mailFor(orderNumber: string) {
  const entry = listOutbox({ limit: 100 }).items.find((item) => item.subject.includes(orderNumber));
  return entry ? { ...entry, raw: fs.readFileSync(path.join(outboxDir(), entry.file), "latin1") } : null;
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@acme-catering.co.uk", businessName: "Acme Catering" });
  northern = await createUser({ email: "orders@northern.example.com", role: "supplier", businessName: "Northern Catering Supplies", firstName: "Gareth", lastName: "Booth", address: "Unit 7, Stourton Link, Leeds, LS10 1RS" });
  pennine = await createUser({ email: "sales@pennine.example.com", role: "supplier", businessName: "Pennine Hygiene" });

  const supplied = (supplier: User | null, values: Parameters<typeof createProduct>[0]) =>
    createProduct({ supplierId: supplier?.id ?? null, lowStockThreshold: 10, ...values });
  p.binBags = supplied(northern, { name: "Bin Bags", salesPrice: 600, costPrice: 300, stockLevel: 8 }); // medium: 2
  p.blueRoll = supplied(northern, { name: "Blue Roll", salesPrice: 900, costPrice: 450, stockLevel: 0 }); // critical: 10
  p.cups = supplied(northern, { name: "Cups", salesPrice: 500, costPrice: 200, stockLevel: 500 }); // healthy
  p.foil = supplied(pennine, { name: "Foil", salesPrice: 700, costPrice: 350, stockLevel: 0 }); // already on an order
  p.gloves = supplied(northern, { name: "Gloves", salesPrice: 800, costPrice: 399, stockLevel: 20 }); // high: 60 + 10 − 20
  p.milk = supplied(pennine, { name: "Milk", salesPrice: 120, costPrice: 85, stockLevel: 5, vatRate: 500 }); // critical: 30 + 10 − 5
  p.oatMilk = supplied(pennine, { name: "Oat Milk", salesPrice: 150, costPrice: 90, stockLevel: 400, vatRate: 500 }); // healthy
  p.napkins = supplied(null, { name: "Napkins", salesPrice: 300, costPrice: 100, stockLevel: 0 }); // no supplier

  // Sales of the last 30 days; a cancelled order and one of 40 days ago do not count.
  createInvoicedOrder(buyer, [{ product: p.gloves, quantity: 60 }, { product: p.milk, quantity: 30 }], addDaysToDate(TODAY, -5));
  const cancelled = createInvoicedOrder(buyer, [{ product: p.gloves, quantity: 100 }], addDaysToDate(TODAY, -3));
  db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.orderId)).run();
  createInvoicedOrder(buyer, [{ product: p.gloves, quantity: 500 }], addDaysToDate(TODAY, -40));

  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
});

describe("guards", () => {
  it("answers 401 signed out and 403 to a customer through every call, and the screen sends a customer away", async () => {
    const calls: [RouteHandler, string, string, unknown, Record<string, string>][] = [
      [apiList.loader, "/api/admin/purchase-orders", "GET", undefined, {}],
      [apiList.action, "/api/admin/purchase-orders", "POST", { supplierId: northern.id, items: [{ productId: p.cups.id, quantity: 1 }] }, {}],
      [apiAuto.action, "/api/admin/purchase-orders/auto-generate", "POST", undefined, {}],
      [apiStatus.action, "/api/admin/purchase-orders/1/status", "PATCH", { status: "sent" }, { id: "1" }],
      [apiPdf.loader, "/api/admin/purchase-orders/1/pdf", "GET", undefined, { id: "1" }],
    ];
    for (const [handler, url, method, body, params] of calls) {
      expect((await callRoute(handler, buildRequest(url, { method, json: body }), params)).status, `${method} ${url}`).toBe(401);
      const customer = await api(handler, url, method, body, params, buyerCookie);
      expect(customer.status, `${method} ${url} as a customer`).toBe(403);
      expect(await readJson(customer)).toEqual({ message: "You do not have admin privileges." });
    }
    expect(redirectLocation(await pageGet("/admin/purchase-orders", buyerCookie))).toBe("/");
    expect(redirectLocation(await pagePost({ intent: "auto-generate" }, buyerCookie))).toBe("/");
    expect(poCount()).toBe(0);
  });
});

describe("the inventory forecast", () => {
  it("counts units sold in the 30 days before `now` on orders not cancelled, per product", () => {
    const rows = loadForecastRows(db(), { now: new Date() });
    const gloves = rows.find((row) => row.productId === p.gloves.id)!;
    expect(gloves).toMatchObject({
      name: "Gloves",
      stockLevel: 20,
      lowStockThreshold: 10,
      unitsSold30d: 60,
      velocityPerDay: 2,
      daysToStockout: 10,
      suggestedQuantity: 50,
      urgency: "high",
      supplierId: northern.id,
    });
    expect(needsReorder(gloves)).toBe(true);
    expect(rows.find((row) => row.productId === p.cups.id)).toMatchObject({ unitsSold30d: 0, daysToStockout: null, urgency: "low" });
    expect(rows.map((row) => row.name)).toEqual([...rows.map((row) => row.name)].sort((a, b) => a.localeCompare(b)));
    // as of 39 days ago the window holds the order of 40 days ago and not the recent ones
    const earlier = loadForecastRows(db(), { now: new Date(`${addDaysToDate(TODAY, -39)}T12:00:00Z`) });
    expect(earlier.find((row) => row.productId === p.gloves.id)?.unitsSold30d).toBe(500);
  });
});

describe("creating a purchase order", () => {
  it("through the API: lines at cost price unless priced, VAT from the product, totals from the server", async () => {
    const response = await api(apiList.action, "/api/admin/purchase-orders", "POST", {
      supplierId: pennine.id,
      items: [
        { productId: p.foil.id, quantity: 12 },
        { productId: p.oatMilk.id, quantity: 3, unitPrice: "0.99" },
      ],
      notes: "Deliver to goods-in",
      total: "0.01",
    }, {}, adminCookie, { "Idempotency-Key": "create-foil-0001" });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    // 12 × £3.50 = £42.00 + £8.40 VAT; 3 × £0.99 = £2.97 + 5% = £0.1485 → £0.15
    expect(body).toMatchObject({
      message: "Purchase order created",
      orderNumber: expect.stringMatching(/^PO-\d{6}$/),
      status: "draft",
      autoGenerated: false,
      supplierId: pennine.id,
      notes: "Deliver to goods-in",
      subtotal: "44.97",
      vatAmount: "8.55",
      total: "53.52",
      nextStatuses: ["sent", "cancelled"],
    });
    expect(body.items).toEqual([
      expect.objectContaining({ productId: p.foil.id, productName: "Foil", quantity: 12, unitPrice: "3.50", vatRate: "20.00", total: "42.00" }),
      expect.objectContaining({ productId: p.oatMilk.id, quantity: 3, unitPrice: "0.99", vatRate: "5.00", vatAmount: "0.15" }),
    ]);
    foilOrderId = body.id;
    // the same key again answers the same order and writes nothing
    const again = await api(apiList.action, "/api/admin/purchase-orders", "POST", {
      supplierId: pennine.id,
      items: [{ productId: p.foil.id, quantity: 12 }, { productId: p.oatMilk.id, quantity: 3, unitPrice: "0.99" }],
      notes: "Deliver to goods-in",
    }, {}, adminCookie, { "Idempotency-Key": "create-foil-0001" });
    expect((await readJson(again)).id).toBe(foilOrderId);
    expect(poCount()).toBe(1);
  });

  it("refuses a supplier who is not a supplier (400), through both doors, writing nothing", async () => {
    const refused = await api(apiList.action, "/api/admin/purchase-orders", "POST", {
      supplierId: buyer.id,
      items: [{ productId: p.cups.id, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: "Supplier not found: choose a user with the supplier role", field: "supplierId" });
    const form = await pagePost({ intent: "create", supplierId: buyer.id, "items[0].productId": p.cups.id, "items[0].quantity": 1 });
    expect(form.status).toBe(400);
    const reply = await readJson(form);
    expect(reply.result.error.supplierId).toEqual(["Supplier not found: choose a user with the supplier role"]);
    const bad = await api(apiList.action, "/api/admin/purchase-orders", "POST", { supplierId: northern.id, items: [{ productId: p.cups.id, quantity: 0 }] });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "Quantity must be a whole number of at least 1", field: "items.0.quantity" });
    const empty = await pagePost({ intent: "create", supplierId: northern.id, "items[0].productId": "", "items[0].quantity": "1" });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).result.error.items).toEqual(["Please add at least one line item"]);
    expect(poCount()).toBe(1);
  });

  it("through the form: blank rows ignored, then the new order's view with a notice", async () => {
    const response = await pagePost({
      intent: "create",
      supplierId: northern.id,
      "items[0].productId": p.cups.id,
      "items[0].quantity": "4",
      "items[0].unitPrice": "",
      "items[1].productId": "",
      "items[1].quantity": "1",
      notes: "Trial order",
    });
    const landed = await follow(response);
    expect(landed.location).toMatch(/^\/admin\/purchase-orders\?view=\d+$/);
    expect(landed.toast).toMatchObject({ title: "Purchase order created" });
    expect(landed.page.view).toMatchObject({ status: "draft", subtotal: "8.00", total: "9.60", notes: "Trial order" });
    expect(landed.page.view.items).toHaveLength(1);
    expect(landed.page.view.history.map((event: { action: string }) => event.action)).toEqual(["purchase_order.created"]);
    // cancelled at once, so it does not hold the cups off later orders
    const cancelled = await follow(await pagePost({ intent: "status", id: landed.page.view.id, status: "cancelled", returnTo: landed.location }));
    expect(cancelled.toast).toMatchObject({ title: "Status updated" });
    expect(cancelled.page.view.status).toBe("cancelled");
    expect(cancelled.page.view.nextStatuses).toEqual([]);
  });
});

describe("auto-generate", () => {
  it("drafts one order per supplier at cost for what the forecast says to reorder, and says what it skipped", async () => {
    const response = await api(apiAuto.action, "/api/admin/purchase-orders/auto-generate", "POST");
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.message).toBe(
      "Created 2 purchase orders for 4 products. Skipped 1 product already on a draft or sent purchase order and 1 product without a preferred supplier (set one on the product).",
    );
    expect(body.skipped).toEqual({ alreadyOnOpenOrder: 1, noSupplier: 1 });
    const list = await readJson(await api(apiList.loader, "/api/admin/purchase-orders?status=draft", "GET"));
    const northernPo = list.find((po: { supplierId: string; autoGenerated: boolean }) => po.autoGenerated && po.supplierId === northern.id);
    const penninePo = list.find((po: { supplierId: string; autoGenerated: boolean }) => po.autoGenerated && po.supplierId === pennine.id);
    expect(northernPo.items.map((i: { productName: string; quantity: number; unitPrice: string }) => [i.productName, i.quantity, i.unitPrice])).toEqual([
      ["Bin Bags", 2, "3.00"],
      ["Blue Roll", 10, "4.50"],
      ["Gloves", 50, "3.99"],
    ]);
    expect(penninePo.items.map((i: { productName: string; quantity: number }) => [i.productName, i.quantity])).toEqual([["Milk", 35]]);
    expect(penninePo.items[0].vatRate).toBe("5.00");
    auto.northern = northernPo;
    auto.pennine = penninePo;
  });

  it("creates nothing new the second time (the products are on open orders), through the form, with a clear notice", async () => {
    const before = poCount();
    const landed = await follow(await pagePost({ intent: "auto-generate" }));
    expect(landed.toast).toMatchObject({
      title: "Nothing to reorder",
      description:
        "No new purchase orders: nothing else needs reordering. Skipped 5 products already on a draft or sent purchase order and 1 product without a preferred supplier (set one on the product).",
    });
    expect(poCount()).toBe(before);
    // a repeated key answers the first run
    const first = await api(apiAuto.action, "/api/admin/purchase-orders/auto-generate", "POST", undefined, {}, adminCookie, { "Idempotency-Key": "auto-run-0001" });
    const second = await api(apiAuto.action, "/api/admin/purchase-orders/auto-generate", "POST", undefined, {}, adminCookie, { "Idempotency-Key": "auto-run-0001" });
    expect(await readJson(second)).toEqual(await readJson(first));
    expect(poCount()).toBe(before);
  });
});

describe("status moves", () => {
  it("refuses a draft straight to received (409), and an unknown status (400) or order (404)", async () => {
    const response = await patchStatus(auto.northern.id, "received");
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: `${auto.northern.orderNumber} must be sent to the supplier before it can be received` });
    expect((await patchStatus(auto.northern.id, "shipped")).status).toBe(400);
    expect((await patchStatus(99999, "sent")).status).toBe(404);
    expect(poRow(auto.northern.id).status).toBe("draft");
  });

  it("sending emails the supplier the order as a PDF and marks it sent", async () => {
    const response = await patchStatus(auto.northern.id, "sent");
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ status: "sent", nextStatuses: ["received", "cancelled"] });
    expect(body.message).toBe(`${auto.northern.orderNumber} was emailed to ${northern.email} with the order attached as a PDF.`);
    expect(body.sentAt).not.toBeNull();
    const mail = mailFor(auto.northern.orderNumber)!;
    expect(mail.to).toBe(northern.email);
    expect(mail.subject).toBe(`Purchase order ${auto.northern.orderNumber} from INFY Wholesale Ltd`);
    expect(mail.raw).toContain(`filename=${auto.northern.orderNumber}.pdf`);
    const base64 = mail.raw.split(/Content-Disposition: attachment[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n/i)[1]?.split(/\r?\n--/)[0] ?? "";
    expect(Buffer.from(base64.replace(/\s+/g, ""), "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // it cannot go back
    const back = await patchStatus(auto.northern.id, "draft");
    expect(back.status).toBe(409);
    expect((await readJson(back)).message).toBe(`${auto.northern.orderNumber} cannot go from sent back to draft`);
  });

  it("receiving adds each line to stock once, through the form; a second receive is refused (409)", async () => {
    const before = { binBags: stockOf(p.binBags), blueRoll: stockOf(p.blueRoll), gloves: stockOf(p.gloves) };
    const viewUrl = `/admin/purchase-orders?view=${auto.northern.id}`;
    const landed = await follow(await pagePost({ intent: "status", id: auto.northern.id, status: "received", returnTo: viewUrl }));
    expect(landed.location).toBe(viewUrl);
    expect(landed.toast).toMatchObject({ title: "Status updated", description: `${auto.northern.orderNumber} was received: 62 units added to the stock of 3 products.` });
    expect({ binBags: stockOf(p.binBags), blueRoll: stockOf(p.blueRoll), gloves: stockOf(p.gloves) }).toEqual({
      binBags: before.binBags + 2,
      blueRoll: before.blueRoll + 10,
      gloves: before.gloves + 50,
    });
    expect(landed.page.view.status).toBe("received");
    expect(landed.page.view.receivedAt).not.toBeNull();
    expect(landed.page.view.stock[p.blueRoll.id]).toBe(before.blueRoll + 10);
    expect(landed.page.view.history.map((event: { action: string }) => event.action)).toEqual([
      "purchase_order.created",
      "purchase_order.sent",
      "purchase_order.received",
    ]);

    const again = await patchStatus(auto.northern.id, "received");
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: `${auto.northern.orderNumber} is already received` });
    const refused = await follow(await pagePost({ intent: "status", id: auto.northern.id, status: "cancelled", returnTo: viewUrl }));
    expect(refused.toast).toMatchObject({ title: "Failed to update purchase order status", variant: "destructive" });
    expect(refused.toast?.description).toMatch(/has been received/);
    expect(stockOf(p.blueRoll)).toBe(before.blueRoll + 10);
    expect(audits(auto.northern.id).filter((a) => a === "purchase_order.received")).toHaveLength(1);
  });

  it("cancels a draft or a sent order, and a cancelled one stays cancelled", async () => {
    expect((await patchStatus(auto.pennine.id, "cancelled")).status).toBe(200);
    const reopened = await patchStatus(auto.pennine.id, "sent");
    expect(reopened.status).toBe(409);
    expect(await readJson(reopened)).toEqual({ message: `${auto.pennine.orderNumber} is cancelled and cannot be changed` });
    expect(poRow(auto.pennine.id).cancelledAt).not.toBeNull();
    expect(mailFor(auto.pennine.orderNumber)).toBeNull();
  });

  it("keeps a draft when its email cannot be sent (502 with the mail server's message)", async () => {
    const blocked = path.join(path.dirname(outboxDir()), "not-a-folder");
    fs.writeFileSync(blocked, "a file where the outbox should be");
    const previous = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = blocked;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await patchStatus(foilOrderId, "sent");
      expect(response.status).toBe(502);
      expect((await readJson(response)).message).toMatch(/\S/);
      const landed = await follow(await pagePost({ intent: "status", id: foilOrderId, status: "sent" }));
      expect(landed.toast).toMatchObject({ title: "Failed to update purchase order status" });
    } finally {
      logged.mockRestore();
      process.env.OUTBOX_DIR = previous;
    }
    expect(poRow(foilOrderId)).toMatchObject({ status: "draft", sentAt: null });
  });
});

describe("reading", () => {
  it("pages and filters the list, counts by status, and answers the PDF", async () => {
    const response = await api(apiList.loader, "/api/admin/purchase-orders?pageSize=2", "GET");
    expect(response.headers.get("X-Total-Count")).toBe("4");
    expect(response.headers.get("X-Page-Count")).toBe("2");
    expect(await readJson(response)).toHaveLength(2);
    const received = await readJson(await api(apiList.loader, "/api/admin/purchase-orders?status=received", "GET"));
    expect(received.map((po: { id: number }) => po.id)).toEqual([auto.northern.id]);
    const found = await readJson(await api(apiList.loader, "/api/admin/purchase-orders?q=pennine", "GET"));
    expect(found.map((po: { id: number }) => po.id).sort()).toEqual([foilOrderId, auto.pennine.id].sort());
    expect((await api(apiList.loader, "/api/admin/purchase-orders?status=lost", "GET")).status).toBe(400);

    const screen = await readJson(await pageGet("/admin/purchase-orders?status=draft"));
    expect(screen.counts).toEqual({ draft: 1, sent: 0, received: 1, cancelled: 2 });
    expect(screen.orders.map((po: { id: number }) => po.id)).toEqual([foilOrderId]);

    const pdf = await api(apiPdf.loader, `/api/admin/purchase-orders/${auto.northern.id}/pdf`, "GET", undefined, { id: String(auto.northern.id) });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await api(apiPdf.loader, "/api/admin/purchase-orders/99999/pdf", "GET", undefined, { id: "99999" })).status).toBe(404);
  });
});
