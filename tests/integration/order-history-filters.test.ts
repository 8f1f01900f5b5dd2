/**
 * The order history's search, status and date filters, and its CSV export, through the page, the CSV
 * download and GET /api/orders/my-orders: always only the signed-in customer's own orders.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products, users } from "~db/schema";
import * as historyPage from "~/routes/account.orders";
import * as historyCsv from "~/routes/account.orders[.]csv";
import * as apiMyOrders from "~/routes/api.orders.my-orders";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createCategory, createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;

let buyer: User;
let other: User;
let buyerCookie: string;
let otherCookie: string;
let mop: Product;
let bleach: Product;
const numbers: Record<string, string> = {};

/** One of `user`'s orders with its lines (and their SKUs), written straight into the database. */
function createOrder(
  user: User,
  lines: { product: Product; quantity: number }[],
  values: { createdAt: Date; status: (typeof orders.$inferInsert)["status"]; poReference?: string | null },
) {
  return writeTransaction(getDb(), (tx) => writeOrder(tx, user, lines, values).orderNumber);
}

beforeAll(async () => {
  const category = createCategory("Cleaning");
  mop = createProduct({ name: "Kentucky Mop", sku: "MOP-KY-01", salesPrice: 1250, categoryId: category.id });
  bleach = createProduct({ name: "Thick Bleach 5L", sku: "BLE-5L", salesPrice: 299, categoryId: category.id });
  buyer = await createUser({ email: "filters-buyer@example.com" });
  other = await createUser({ email: "filters-other@example.com" });
  buyerCookie = await signIn(buyer.email);
  otherCookie = await signIn(other.email);

  // winter: London is on GMT
  numbers.january = createOrder(buyer, [{ product: mop, quantity: 2 }], {
    createdAt: new Date(Date.UTC(2025, 0, 15, 10)),
    status: "delivered",
    poReference: "PO-NORTH-17",
  });
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)
  numbers.julyFirst = createOrder(buyer, [{ product: bleach, quantity: 5 }, { product: mop, quantity: 1 }], {
    createdAt: new Date(Date.UTC(2025, 5, 30, 23, 30)),
    status: "shipped",
    poReference: "=HYPERLINK(\"http://evil.example\")",
  });
  numbers.august = createOrder(buyer, [{ product: bleach, quantity: 1 }], {
    createdAt: new Date(Date.UTC(2025, 7, 10, 12)),
    status: "processing",
    poReference: null,
  });
  // another customer's order, with a PO reference and products the buyer also bought
  numbers.others = createOrder(other, [{ product: mop, quantity: 9 }], {
    createdAt: new Date(Date.UTC(2025, 6, 2, 12)),
    status: "shipped",
    poReference: "PO-NORTH-99",
  });
});

async function pageNumbers(query: string, cookie = buyerCookie) {
  const response = await callRoute(historyPage.loader, buildRequest(`/account/orders?${query}`, { cookie }));
  expect(response.status).toBe(200);
  const data = await readJson(response);
  return { numbers: data.orders.map((order: { orderNumber: string }) => order.orderNumber), data };
}

describe("/account/orders filters", () => {
  it("searches the order number, the PO reference, product names and SKUs, only in the buyer's own orders", async () => {
    expect((await pageNumbers("")).numbers).toEqual([numbers.august, numbers.julyFirst, numbers.january]);
    expect((await pageNumbers(`q=${numbers.january}`)).numbers).toEqual([numbers.january]);
    expect((await pageNumbers("q=po-north")).numbers).toEqual([numbers.january]);
    expect((await pageNumbers("q=PO-NORTH-99")).numbers).toEqual([]);
    expect((await pageNumbers("q=kentucky")).numbers).toEqual([numbers.julyFirst, numbers.january]);
    expect((await pageNumbers("q=BLE-5L")).numbers).toEqual([numbers.august, numbers.julyFirst]);
    expect((await pageNumbers("q=mop", otherCookie)).numbers).toEqual([numbers.others]);
  });

  it("filters by status and by UK calendar days, both ends included", async () => {
    expect((await pageNumbers("status=shipped")).numbers).toEqual([numbers.julyFirst]);
    expect((await pageNumbers("from=2025-07-01")).numbers).toEqual([numbers.august, numbers.julyFirst]);
    expect((await pageNumbers("to=2025-06-30")).numbers).toEqual([numbers.january]);
    expect((await pageNumbers("from=2025-07-01&to=2025-07-01")).numbers).toEqual([numbers.julyFirst]);
    expect((await pageNumbers("q=bleach&status=processing&from=2025-08-10&to=2025-08-10")).numbers).toEqual([
      numbers.august,
    ]);
  });

  it("says what was wrong with a bad filter and applies the others", async () => {
    const { numbers: shown, data } = await pageNumbers("status=lost&q=kentucky");
    expect(shown).toEqual([numbers.julyFirst, numbers.january]);
    expect(data.filterErrors).toEqual({ status: expect.stringContaining("Status must be one of") });
    expect(data.filters).toMatchObject({ q: "kentucky", status: null });
  });

  it("sends a signed-out visitor to log in", async () => {
    const response = await callRoute(historyCsv.loader, buildRequest("/account/orders.csv"));
    expect(redirectLocation(response)).toMatch(/^\/login/);
  });
});

describe("/account/orders.csv", () => {
  async function csvRows(query: string, cookie = buyerCookie) {
    const response = await callRoute(historyCsv.loader, buildRequest(`/account/orders.csv?${query}`, { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    return parse(await response.text()) as string[][];
  }

  it("holds every filtered order of the buyer's own, with formula-safe text", async () => {
    const rows = await csvRows("from=2025-07-01");
    expect(rows[0]).toEqual(["Order number", "Date", "Status", "PO reference", "Items", "Subtotal", "Delivery", "VAT", "Total"]);
    expect(rows.slice(1)).toEqual([
      [numbers.august, "2025-08-10", "Processing", "", "1", "2.99", "0.00", "0.60", "3.59"],
      // 5 × 2.99 + 12.50 = 27.45; VAT 2.99 + 2.50 per line; no delivery charge
      [numbers.julyFirst, "2025-07-01", "Shipped", "'=HYPERLINK(\"http://evil.example\")", "2", "27.45", "0.00", "5.49", "32.94"],
    ]);
  });

  it("never holds another customer's orders", async () => {
    const rows = await csvRows("q=PO-NORTH");
    expect(rows.slice(1).map((row) => row[0])).toEqual([numbers.january]);
    const theirs = await csvRows("", otherCookie);
    expect(theirs.slice(1).map((row) => row[0])).toEqual([numbers.others]);
  });
});

describe("GET /api/orders/my-orders with filters", () => {
  async function call(query: string, cookie = buyerCookie) {
    return callRoute(apiMyOrders.loader, buildRequest(`/api/orders/my-orders?${query}`, { cookie }));
  }

  it("takes the page's filters and counts what matches", async () => {
    const response = await call("q=kentucky&limit=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("2");
    const body = await readJson(response);
    expect(body.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([numbers.julyFirst]);

    const shipped = await readJson(await call("status=shipped", otherCookie));
    expect(shipped.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([numbers.others]);
  });

  it("answers 400 naming the field for a bad filter", async () => {
    const badStatus = await call("status=lost");
    expect(badStatus.status).toBe(400);
    expect(await readJson(badStatus)).toMatchObject({ field: "status" });
    const backwards = await call("from=2025-08-01&to=2025-07-01");
    expect(backwards.status).toBe(400);
    expect(await readJson(backwards)).toEqual({
      message: "The To date must be on or after the From date",
      field: "to",
    });
  });
});
