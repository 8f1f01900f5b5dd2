/**
 * The back office's order list controls through both doors: the /admin/orders screen (filters, sort,
 * "select all matching" with a bulk status change) and the downloads of the filtered list (the screen's CSV
 * routes without JavaScript, the API with it).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~db/schema";
import * as exportPage from "~/routes/admin.orders.export[.]csv";
import * as pickingPage from "~/routes/admin.orders.picking-list[.]csv";
import * as ordersPage from "~/routes/admin.orders/route";
import * as apiOrders from "~/routes/api.admin.orders";
import * as apiExport from "~/routes/api.admin.orders.export";
import * as apiPicking from "~/routes/api.admin.orders.picking-list";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
type Order = typeof orders.$inferSelect;

let adminCookie: string;
let acme: User;
let bramble: User;
const placed: Record<string, Order> = {};

const db = () => getDb();
const statusOf = (order: Order) => db().select().from(orders).where(eq(orders.id, order.id)).get()!.status;

async function listPage(query: string) {
  const response = await callRoute(ordersPage.loader, buildRequest(`/admin/orders${query}`, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}
const numbersOf = (data: { orders: { orderNumber: string }[] }) => data.orders.map((order) => order.orderNumber);

function csvRows(text: string) {
  return text.trim().split("\n").slice(1);
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  acme = await createUser({ email: "buying@acme-catering.co.uk", businessName: "Acme Catering Ltd" });
  bramble = await createUser({ email: "orders@bramble-cafe.co.uk", businessName: "Bramble Café" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  const kettle = createProduct({ name: "Commercial Kettle 10L", salesPrice: 3000 });
  const mugs = createProduct({ name: "Stoneware Mugs (12)", salesPrice: 1250 });
  writeTransaction(db(), (tx) => {
    // 23:30 on 31 March 2026 in UTC is already 1 April in London (BST)
    placed.acmeMarch = writeOrder(tx, acme, [{ product: kettle, quantity: 1 }], {
      status: "pending",
      createdAt: new Date("2026-03-10T10:00:00Z"),
    });
    placed.acmeApril = writeOrder(tx, acme, [{ product: mugs, quantity: 4 }], {
      status: "pending",
      createdAt: new Date("2026-03-31T23:30:00Z"),
      poReference: "PO-7781",
    });
    placed.acmeMay = writeOrder(tx, acme, [{ product: kettle, quantity: 3 }], {
      status: "processing",
      createdAt: new Date("2026-05-02T09:00:00Z"),
    });
    placed.brambleApril = writeOrder(tx, bramble, [{ product: mugs, quantity: 1 }], {
      status: "pending",
      createdAt: new Date("2026-04-15T12:00:00Z"),
    });
  });
});

describe("filters and sort", () => {
  it("finds orders by business name, PO reference and a UK date range, in the chosen order", async () => {
    expect(numbersOf(await listPage("?q=acme+catering"))).toEqual([
      placed.acmeMay.orderNumber,
      placed.acmeApril.orderNumber,
      placed.acmeMarch.orderNumber,
    ]);
    expect(numbersOf(await listPage("?q=PO-7781"))).toEqual([placed.acmeApril.orderNumber]);
    // April in London: the order placed at 23:30 UTC on 31 March counts, the one on 10 March does not
    const april = await listPage("?from=2026-04-01&to=2026-04-30");
    expect(numbersOf(april)).toEqual([placed.brambleApril.orderNumber, placed.acmeApril.orderNumber]);
    expect(april.list).toMatchObject({ from: "2026-04-01", to: "2026-04-30" });
    // the UK's DD/MM/YYYY in an address reads the same
    expect(numbersOf(await listPage("?from=01/04/2026&to=30/04/2026"))).toEqual(numbersOf(april));
    // a date that is not a day is no filter, never an error
    expect((await listPage("?from=31/02/2026")).total).toBe(4);

    expect(numbersOf(await listPage("?sort=oldest"))[0]).toBe(placed.acmeMarch.orderNumber);
    expect(numbersOf(await listPage("?sort=total-desc"))[0]).toBe(placed.acmeMay.orderNumber);
    expect(numbersOf(await listPage("?sort=total-asc"))[0]).toBe(placed.brambleApril.orderNumber);
    const byStatus = await listPage("?sort=status");
    expect(byStatus.orders.map((order: { status: string }) => order.status)).toEqual([
      "pending",
      "pending",
      "pending",
      "processing",
    ]);

    const api = await callRoute(
      apiOrders.loader,
      buildRequest("/api/admin/orders?q=bramble&from=2026-04-01", { cookie: adminCookie }),
    );
    expect(api.headers.get("X-Total-Count")).toBe("1");
    expect(await readJson(api)).toMatchObject([{ orderNumber: placed.brambleApril.orderNumber, businessName: "Bramble Café" }]);
  });
});

describe("select all matching", () => {
  it("changes exactly the orders the filter matches, beyond the page, and no others", async () => {
    const before = { may: statusOf(placed.acmeMay), bramble: statusOf(placed.brambleApril) };
    const response = await callRoute(
      ordersPage.action,
      buildRequest("/admin/orders", {
        cookie: adminCookie,
        form: {
          intent: "bulk-status",
          status: "shipped",
          all: "1",
          // the filter the form carries: Acme's pending orders (two of them, neither on a ticked box)
          filter: "q=acme&status=pending",
          returnTo: "/admin/orders?q=acme&status=pending",
          idempotencyKey: crypto.randomUUID(),
        },
      }),
    );
    expect(redirectLocation(response)).toBe("/admin/orders?q=acme&status=pending");
    expect(statusOf(placed.acmeMarch)).toBe("shipped");
    expect(statusOf(placed.acmeApril)).toBe("shipped");
    expect(statusOf(placed.acmeMay)).toBe(before.may);
    expect(statusOf(placed.brambleApril)).toBe(before.bramble);

    const next = await callRoute(
      (await import("~/root")).loader as RouteHandler,
      buildRequest("/admin/orders", { cookie: cookieFrom(response, adminCookie) }),
    );
    expect((await readJson(next)).toast).toMatchObject({ title: "Batch Update Complete", description: "2 orders marked as Shipped." });

    // a filter that matches nothing changes nothing and says so
    const none = await callRoute(
      ordersPage.action,
      buildRequest("/admin/orders", {
        cookie: adminCookie,
        form: { intent: "bulk-status", status: "delivered", all: "1", filter: "q=nobody-at-all", idempotencyKey: crypto.randomUUID() },
      }),
    );
    expect(redirectLocation(none)).toBe("/admin/orders");
    expect(statusOf(placed.brambleApril)).toBe(before.bramble);
  });
});

describe("downloads of the filtered list", () => {
  it("exports and picks the filtered list when nothing is ticked, through the screen and the API", async () => {
    // the screen without JavaScript: the bulk form submitted as a GET with no box ticked
    const screen = await callRoute(
      exportPage.loader,
      buildRequest(`/admin/orders/export.csv?intent=bulk-status&status=&filter=${encodeURIComponent("q=acme&from=2026-04-01")}`, {
        cookie: adminCookie,
      }),
    );
    expect(screen.status).toBe(200);
    expect(screen.headers.get("X-Export-Count")).toBe("2");
    const rows = csvRows(await screen.text());
    expect(rows.map((row) => row.split(",")[1])).toEqual([placed.acmeApril.orderNumber, placed.acmeMay.orderNumber]);

    // ticked boxes win over the filter, unless "all matching" is ticked
    const ticked = await callRoute(
      exportPage.loader,
      buildRequest(`/admin/orders/export.csv?ids=${placed.brambleApril.id}&filter=q%3Dacme`, { cookie: adminCookie }),
    );
    expect(csvRows(await ticked.text()).map((row) => row.split(",")[1])).toEqual([placed.brambleApril.orderNumber]);
    const all = await callRoute(
      exportPage.loader,
      buildRequest(`/admin/orders/export.csv?ids=${placed.acmeMay.id}&all=1&filter=q%3Dacme`, { cookie: adminCookie }),
    );
    expect(all.headers.get("X-Export-Count")).toBe("3");

    // the API with the list's own parameters
    const api = await callRoute(apiExport.loader, buildRequest("/api/admin/orders/export?q=bramble", { cookie: adminCookie }));
    expect(api.status).toBe(200);
    expect(csvRows(await api.text())).toHaveLength(1);
    const picking = await callRoute(
      apiPicking.loader,
      buildRequest("/api/admin/orders/picking-list?from=01/04/2026&to=30/04/2026", { cookie: adminCookie }),
    );
    expect(picking.status).toBe(200);
    expect(picking.headers.get("X-Export-Count")).toBe("2");
    expect(csvRows(await picking.text())).toEqual([
      expect.stringMatching(/^\d+,Stoneware Mugs \(12\),,5,/),
    ]);

    const nothing = await callRoute(apiExport.loader, buildRequest("/api/admin/orders/export?q=nobody-at-all", { cookie: adminCookie }));
    expect(nothing.status).toBe(404);
    expect(await readJson(nothing)).toEqual({ message: "No orders found" });
    const screenNothing = await callRoute(
      pickingPage.loader,
      buildRequest("/admin/orders/picking-list.csv?filter=q%3Dnobody-at-all", { cookie: adminCookie }),
    );
    expect(redirectLocation(screenNothing)).toBe("/admin/orders");
    const badIds = await callRoute(apiExport.loader, buildRequest("/api/admin/orders/export?ids=abc", { cookie: adminCookie }));
    expect(badIds.status).toBe(400);
  });
});
