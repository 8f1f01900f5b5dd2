/**
 * Every CSV the app writes is safe to open in a spreadsheet: text a spreadsheet would run as a formula is
 * written with a quote in front, while money (even negative) stays a number. Checked on the order export
 * (API and the screen's download), the picking list, the customer's order history and the product export.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import * as historyCsv from "~/routes/account.orders[.]csv";
import * as exportPage from "~/routes/admin.orders.export[.]csv";
import * as apiExport from "~/routes/api.admin.orders.export";
import * as apiPicking from "~/routes/api.admin.orders.picking-list";
import * as apiProductExport from "~/routes/api.admin.products.export";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute } from "./http";
import { signIn } from "./sign-in";

const PO = '=HYPERLINK("http://evil.example","Invoice")';
const NOTES = "@SUM(1+1)*cmd|' /C calc'!A0";
const PRODUCT = "+Promo Pack -12.50";

let adminCookie: string;
let buyerCookie: string;
let orderId: number;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "-buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email);
  const product = createProduct({ name: PRODUCT, salesPrice: 1250 });
  orderId = writeTransaction(getDb(), (tx) =>
    writeOrder(tx, buyer, [{ product, quantity: 2 }], { poReference: PO, deliveryNotes: NOTES }),
  ).id;
});

async function rows(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("text/csv");
  return parse(await response.text()) as string[][];
}

/** No cell a spreadsheet would run: nothing starts with = + - @ tab or CR unless it is a plain number. */
function expectNoFormula(table: string[][]) {
  for (const cell of table.flat()) {
    if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
    expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
}

describe("order exports", () => {
  it("GET /api/admin/orders/export and the screen's download write formulas as text", async () => {
    for (const response of [
      await callRoute(apiExport.loader, buildRequest(`/api/admin/orders/export?ids=${orderId}`, { cookie: adminCookie })),
      await callRoute(exportPage.loader, buildRequest(`/admin/orders/export.csv?ids=${orderId}`, { cookie: adminCookie })),
    ]) {
      const [header, row] = await rows(response);
      expect(row[header.indexOf("customerEmail")]).toBe("'-buyer@example.com");
      expect(row[header.indexOf("poReference")]).toBe(`'${PO}`);
      expect(row[header.indexOf("deliveryNotes")]).toBe(`'${NOTES}`);
      expect(row[header.indexOf("total")]).toBe("30.00");
      expectNoFormula([header, row]);
    }
  });

  it("the picking list too", async () => {
    const table = await rows(
      await callRoute(apiPicking.loader, buildRequest(`/api/admin/orders/picking-list?ids=${orderId}`, { cookie: adminCookie })),
    );
    const [header, row] = table;
    expect(row[header.indexOf("productName")]).toBe(`'${PRODUCT}`);
    expectNoFormula(table);
  });
});

describe("the customer's order history", () => {
  it("/account/orders.csv writes the PO reference as text", async () => {
    const table = await rows(await callRoute(historyCsv.loader, buildRequest("/account/orders.csv", { cookie: buyerCookie })));
    expect(table[1][table[0].indexOf("PO reference")]).toBe(`'${PO}`);
    expectNoFormula(table);
  });
});

describe("the product export", () => {
  it("GET /api/admin/products/export writes a formula title as text", async () => {
    const table = await rows(await callRoute(apiProductExport.loader, buildRequest("/api/admin/products/export", { cookie: adminCookie })));
    const title = table[0].indexOf("Title");
    expect(table.slice(1).map((row) => row[title])).toContain(`'${PRODUCT}`);
    expectNoFormula(table);
  });
});
