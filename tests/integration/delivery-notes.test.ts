/**
 * The delivery note of an order at both doors (the admin order screen's PDF and GET
 * /api/admin/orders/{id}/delivery-note): the seller, where it goes, the order's number, date and PO, each
 * line's code, name, option, quantities, pack and barcode, and no prices; who may print it; unknown and
 * cancelled orders.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, productBarcodes, products, productVariants } from "~db/schema";
import * as apiDeliveryNote from "~/routes/api.admin.orders.$orderId.delivery-note";
import * as deliveryNotePage from "~/routes/admin.orders.$orderId.delivery-note[.]pdf";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

const db = () => getDb();
const cookies: Record<string, string> = {};
let buyer: { id: string; email: string };
let orderId: number;

function apiGet(id: string, cookie: string) {
  return callRoute(apiDeliveryNote.loader, buildRequest(`/api/admin/orders/${id}/delivery-note`, { cookie }), { orderId: id });
}
function pageGet(id: string, cookie: string) {
  return callRoute(deliveryNotePage.loader, buildRequest(`/admin/orders/${id}/delivery-note.pdf`, { cookie }), { orderId: id });
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "yard@example.com", role: "admin", staffRole: "warehouse" });
  await createUser({ email: "books@example.com", role: "admin", staffRole: "accounts" });
  buyer = { id: (await createUser({ email: "buyer@example.com" })).id, email: "buyer@example.com" };
  for (const [role, email] of Object.entries({ admin: "admin@example.com", warehouse: "yard@example.com", accounts: "books@example.com", buyer: "buyer@example.com" })) {
    cookies[role] = await signIn(email, { via: "api" });
  }
  const categoryId = createCategory("Drinks").id;
  const water = createProduct({ name: "Spring Water 500ml", sku: "WATER-500", salesPrice: 396, stockLevel: 100, categoryId });
  db().update(products).set({ orderMultiple: 6, packLabel: "case of 6 bottles" }).where(eq(products.id, water.id)).run();
  db().insert(productBarcodes).values({ productId: water.id, code: "5014732000011", type: "ean13" }).run();
  const vest = createProduct({ name: "Hi-Vis Vest", sku: "HIVIS-VEST", salesPrice: 249, stockLevel: 40, categoryId });
  const size = db().insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 }).returning().get().id;
  db().insert(productBarcodes).values({ productId: vest.id, variantId: size, variantOption: "L", code: "5014732000226", type: "ean13" }).run();
  const order = writeOrder(db(), buyer, [
    { product: water, quantity: 12 },
    { product: vest, quantity: 3 },
  ], { poReference: "PO-4471", deliveryNotes: "Gate code 1234" });
  db().update(orderItems).set({ selectedVariants: { Size: "L" } }).where(eq(orderItems.productId, vest.id)).run();
  orderId = order.id;
});

describe("the delivery note", () => {
  it("API: a PDF with the seller, the delivery address, the order, each line's code, option, quantities, pack and barcode, and no prices", async () => {
    const response = await apiGet(String(orderId), cookies.warehouse!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    const order = db().query.orders.findFirst({ where: (o, { eq: is }) => is(o.id, orderId) });
    const number = (await order)!.orderNumber;
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="delivery-note-${number}.pdf"`);
    const company = getCompanySettings();
    for (const expected of [
      "DELIVERY NOTE",
      company.name,
      number,
      "PO-4471",
      "Deliver to",
      "Goods In, Canal Wharf Depot",
      "LS11 5PS",
      "Gate code 1234",
      "WATER-500",
      "Spring Water 500ml",
      "Pack: Case of 6 bottles",
      "HIVIS-VEST",
      "Size: L",
      "Ordered",
      "To deliver",
      "2 line(s), 15 unit(s) to deliver",
    ]) {
      expect(text).toContain(expected);
    }
    // the order date, UK style
    expect(text).toMatch(/Order date\n\d{1,2} [A-Z][a-z]{2} \d{4}\n/);
    // no prices anywhere
    expect(text).not.toMatch(/£|3\.96|2\.49|VAT %|Total/);
    // two barcode pictures (the water's own code, the vest's L): each PNG is an image with its mask
    expect(bytes.toString("latin1").match(/\/SMask \d+ 0 R/g)?.length).toBe(2);
  });

  it("page: the same PDF opened in the browser, for the warehouse and sales, not for accounts or a buyer", async () => {
    const page = await pageGet(String(orderId), cookies.admin!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Disposition")).toMatch(/^inline; filename="delivery-note-.+\.pdf"$/);
    expect(pdfText(Buffer.from(await page.arrayBuffer()))).toContain("Spring Water 500ml");
    expect((await pageGet(String(orderId), cookies.warehouse!)).status).toBe(200);

    expect((await apiGet(String(orderId), cookies.accounts!)).status).toBe(403);
    expect((await apiGet(String(orderId), cookies.buyer!)).status).toBe(403);
    const refused = await pageGet(String(orderId), cookies.accounts!);
    expect(redirectLocation(refused)).toBe("/admin");
  });

  it("an unknown order is a 404 at both doors; a cancelled one has nothing to deliver (409, and the page goes back to the order)", async () => {
    const missing = await apiGet("999999", cookies.admin!);
    expect(missing.status).toBe(404);
    expect(await readJson(missing)).toEqual({ message: "Order not found" });
    expect((await apiGet("abc", cookies.admin!)).status).toBe(404);
    expect((await pageGet("999999", cookies.admin!)).status).toBe(404);

    const products_ = db().select().from(products).all();
    const cancelled = writeOrder(db(), buyer, [{ product: products_[0]!, quantity: 6 }], { status: "cancelled" });
    const refused = await apiGet(String(cancelled.id), cookies.admin!);
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toMatch(/cancelled/);
    expect(redirectLocation(await pageGet(String(cancelled.id), cookies.admin!))).toBe(`/admin/orders?view=${cancelled.id}`);
  });
});
