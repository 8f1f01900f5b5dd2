/**
 * Barcodes at both doors: the product form and the admin API (the product's own codes, a variant's
 * options), the by-barcode lookup, the product CSV round trip, the counter's scan box (page and API), and
 * quick order (entry and CSV) by barcode, with one code shared by two variants asking which.
 */
import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, productBarcodes, products, productVariants } from "~db/schema";
import * as root from "~/root";
import * as productsPage from "~/routes/admin.products/route";
import * as apiByBarcode from "~/routes/api.admin.products.by-barcode.$code";
import * as apiExport from "~/routes/api.admin.products.export";
import * as apiImport from "~/routes/api.admin.products.import";
import * as apiPosScan from "~/routes/api.admin.pos.scan";
import * as apiProduct from "~/routes/api.admin.products.$id";
import * as apiProducts from "~/routes/api.admin.products";
import * as apiVariant from "~/routes/api.admin.products.$productId.variants.$variantId";
import * as quickOrder from "~/routes/quick-order/route";
import * as apiPicking from "~/routes/api.admin.orders.picking-list";
import * as apiPickingPdf from "~/routes/api.admin.orders.picking-list.pdf";
import * as pickingPdfPage from "~/routes/admin.orders.picking-list[.]pdf";
import { pdfText } from "./pdf-text";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";
import { Counter } from "./pos-counter";

const db = () => getDb();
let adminCookie: string;
let buyerCookie: string;
let buyerId: string;
let categoryId: number;

type Product = typeof products.$inferSelect;
let pasta: Product; // EAN 5014732000011, 30 in stock
let teaBags: Product; // EAN 5014732000028, 1 in stock
let vest: Product; // Size S/M/L; S and M share 5014732000202 (a mislabelled batch); L has 5014732000226
let vestSize: number;
let cups: Product; // carries 5014732000035, as does the lids product
let lids: Product;

function api(
  handler: RouteHandler,
  url: string,
  { body, method, cookie = adminCookie, params = {} }: { body?: unknown; method?: string; cookie?: string; params?: Record<string, string> } = {},
) {
  return callRoute(handler, buildRequest(url, { method: method ?? (body === undefined ? "GET" : "POST"), json: body, cookie }), params);
}

const codesOf = (productId: number) =>
  db()
    .select({ code: productBarcodes.code, variantId: productBarcodes.variantId, option: productBarcodes.variantOption, type: productBarcodes.type })
    .from(productBarcodes)
    .where(eq(productBarcodes.productId, productId))
    .orderBy(asc(productBarcodes.id))
    .all();
const barcodeCount = () => db().select({ n: sql<number>`count(*)` }).from(productBarcodes).get()!.n;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerId = (await createUser({ email: "buyer@example.com" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  categoryId = createCategory("Catering").id;
  pasta = createProduct({ name: "Penne Pasta 3kg", sku: "PASTA-PENNE-3KG", salesPrice: 749, vatRate: 0, stockLevel: 30, categoryId });
  teaBags = createProduct({ name: "Catering Tea Bags (1,100)", sku: "TEA-BAGS-1100", salesPrice: 1849, vatRate: 0, stockLevel: 1, categoryId });
  vest = createProduct({ name: "Hi-Vis Vest", sku: "HIVIS-VEST", salesPrice: 249, stockLevel: 40, categoryId });
  vestSize = db().insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 }).returning().get().id;
  cups = createProduct({ name: "Ripple Cups (500)", sku: "CUP-RIPPLE-500", salesPrice: 3499, stockLevel: 10, categoryId });
  lids = createProduct({ name: "Cup Lids (1,000)", sku: "LID-SIP-1000", salesPrice: 2499, stockLevel: 10, categoryId });
});

describe("the admin API's barcodes", () => {
  it("sets a product's own codes on PATCH, refuses a wrong check digit naming the digit, and changes nothing then", async () => {
    const bad = await api(apiProduct.action, `/api/admin/products/${pasta.id}`, { params: { id: String(pasta.id) }, method: "PATCH", body: { barcodes: ["5014732000012"] } });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({
      message: "EAN-13 5014732000012 has the wrong check digit: it ends in 2, the check digit should be 1",
      field: "barcodes",
    });
    expect(codesOf(pasta.id)).toEqual([]);

    const tooMany = await api(apiProduct.action, `/api/admin/products/${pasta.id}`, { params: { id: String(pasta.id) },
      method: "PATCH",
      body: { barcodes: Array.from({ length: 21 }, (_, i) => `OWN-${i}`) },
    });
    expect(tooMany.status).toBe(400);
    expect((await readJson(tooMany)).message).toBe("At most 20 barcodes each: 21 were given");

    const good = await api(apiProduct.action, `/api/admin/products/${pasta.id}`, { params: { id: String(pasta.id) }, method: "PATCH", body: { barcodes: ["5 014732 000011", "penne-case"] } });
    expect(good.status).toBe(200);
    expect((await readJson(good)).barcodes).toEqual(["5014732000011", "PENNE-CASE"]);
    expect(codesOf(pasta.id)).toEqual([
      { code: "5014732000011", variantId: null, option: null, type: "ean13" },
      { code: "PENNE-CASE", variantId: null, option: null, type: "own" },
    ]);
    // a PATCH without barcodes leaves them alone
    await api(apiProduct.action, `/api/admin/products/${pasta.id}`, { params: { id: String(pasta.id) }, method: "PATCH", body: { stockLevel: 30 } });
    expect(codesOf(pasta.id).map((row) => row.code)).toEqual(["5014732000011", "PENNE-CASE"]);
  });

  it("creates a product with barcodes, and lists them", async () => {
    const created = await api(apiProducts.action, "/api/admin/products", {
      body: { name: "Sugar Sticks (1,000)", salesPrice: "11.99", barcodes: ["5014732000066"] },
    });
    expect(created.status).toBe(201);
    const product = await readJson(created);
    expect(product.barcodes).toEqual(["5014732000066"]);
    const list = await readJson(await api(apiProducts.loader, "/api/admin/products?q=sugar"));
    expect(list.map((item: { barcodes: string[] }) => item.barcodes)).toEqual([["5014732000066"]]);
  });

  it("sets a variant's option codes on PUT (the same code on two options is allowed) and refuses an unknown option", async () => {
    const unknown = await api(apiVariant.action, `/api/admin/products/${vest.id}/variants/${vestSize}`, { params: { productId: String(vest.id), variantId: String(vestSize) },
      method: "PUT",
      body: { barcodes: { XXL: ["5014732000233"] } },
    });
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toEqual({ message: 'Size has no option "XXL" (it has S, M, L)', field: "barcodes" });

    const response = await api(apiVariant.action, `/api/admin/products/${vest.id}/variants/${vestSize}`, { params: { productId: String(vest.id), variantId: String(vestSize) },
      method: "PUT",
      body: { barcodes: { S: ["5014732000202"], m: ["5014732000202"], L: ["5014732000226"] } },
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      id: vestSize,
      name: "Size",
      options: ["S", "M", "L"],
      barcodes: { S: ["5014732000202"], M: ["5014732000202"], L: ["5014732000226"] },
    });
    const read = await readJson(await api(apiVariant.loader, `/api/admin/products/${vest.id}/variants/${vestSize}`, { params: { productId: String(vest.id), variantId: String(vestSize) } }));
    expect(read.barcodes.M).toEqual(["5014732000202"]);
  });

  it("is for staff only: a customer gets 403 and nothing changes", async () => {
    const before = barcodeCount();
    const response = await api(apiProduct.action, `/api/admin/products/${pasta.id}`, { params: { id: String(pasta.id) }, method: "PATCH", body: { barcodes: [] }, cookie: buyerCookie });
    expect(response.status).toBe(403);
    expect((await api(apiByBarcode.loader, "/api/admin/products/by-barcode/5014732000011", { params: { code: "5014732000011" }, cookie: buyerCookie })).status).toBe(403);
    expect(barcodeCount()).toBe(before);
  });
});

describe("the product form's barcodes", () => {
  const form = (overrides: Record<string, string>) => ({
    intent: "update-product",
    productId: String(teaBags.id),
    idempotencyKey: crypto.randomUUID(),
    name: "Catering Tea Bags (1,100)",
    slug: "catering-tea-bags-1-100",
    sku: "TEA-BAGS-1100",
    description: "",
    categoryId: String(categoryId),
    costPrice: "0",
    salesPrice: "18.49",
    vatRateChoice: "0",
    vatRateCustom: "",
    stockLevel: "1",
    lowStockThreshold: "10",
    imageUrl: "",
    supplierId: "",
    ...overrides,
  });
  const post = (values: Record<string, string>) =>
    callRoute(productsPage.action, buildRequest(`/admin/products?edit=${teaBags.id}`, { form: values, cookie: adminCookie }));

  it("shows a bad code under the box and saves nothing", async () => {
    const response = await post(form({ barcodes: "5014732000028\n96385075" }));
    expect(response.status).toBe(400);
    const data = await readJson(response);
    expect(data.result.error.barcodes).toEqual(["EAN-8 96385075 has the wrong check digit: it ends in 5, the check digit should be 4"]);
    expect(codesOf(teaBags.id)).toEqual([]);
  });

  it("saves one code a line, and the edit form shows them again", async () => {
    const response = await post(form({ barcodes: "5014732000028\r\n96385074\r\n" }));
    expect(redirectLocation(response)).toBe("/admin/products");
    expect(codesOf(teaBags.id).map((row) => [row.code, row.type])).toEqual([
      ["5014732000028", "ean13"],
      ["96385074", "ean8"],
    ]);
    const page = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?edit=${teaBags.id}`, { cookie: adminCookie })));
    expect(page.editing.defaults.barcodes).toBe("5014732000028\n96385074");
  });

  it("saves a variant's option codes from its own form", async () => {
    const response = await callRoute(
      productsPage.action,
      buildRequest(`/admin/products?edit=${vest.id}`, {
        form: new URLSearchParams([
          ["intent", "variant-barcodes"],
          ["idempotencyKey", crypto.randomUUID()],
          ["productId", String(vest.id)],
          ["variantId", String(vestSize)],
          ["option", "S"],
          ["codes", "5014732000202"],
          ["option", "M"],
          ["codes", "5014732000202"],
          ["option", "L"],
          ["codes", "5014732000226"],
        ]),
        cookie: adminCookie,
      }),
    );
    expect(redirectLocation(response)).toBe(`/admin/products?edit=${vest.id}`);
    const next = await readJson(await callRoute(root.loader, buildRequest(`/admin/products?edit=${vest.id}`, { cookie: cookieFrom(response, adminCookie) })));
    expect(next.toast).toEqual({ title: "Barcodes saved", description: "Size: 3 barcodes on its options." });
    const page = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?edit=${vest.id}`, { cookie: adminCookie })));
    expect(page.editing.variants[0].barcodes).toEqual({ S: ["5014732000202"], M: ["5014732000202"], L: ["5014732000226"] });
  });
});

describe("GET /api/admin/products/by-barcode/{code}", () => {
  it("names every product and variant option that carries the code", async () => {
    const one = await readJson(await api(apiByBarcode.loader, "/api/admin/products/by-barcode/5014732000011", { params: { code: "5014732000011" } }));
    expect(one).toMatchObject({ code: "5014732000011", matches: [{ productId: pasta.id, productName: "Penne Pasta 3kg", variantId: null, salesPrice: "7.49" }] });

    const shared = await readJson(await api(apiByBarcode.loader, "/api/admin/products/by-barcode/5014732000202", { params: { code: "5014732000202" } }));
    expect(shared.matches.map((match: { label: string }) => match.label)).toEqual(["Hi-Vis Vest (HIVIS-VEST), Size S", "Hi-Vis Vest (HIVIS-VEST), Size M"]);
  });

  it("answers 404 with a message when nothing carries it, naming the check digit of a mistyped EAN", async () => {
    const none = await api(apiByBarcode.loader, "/api/admin/products/by-barcode/96385081", { params: { code: "96385081" } });
    expect(none.status).toBe(404);
    expect(await readJson(none)).toEqual({ message: "No product has the barcode 96385081", field: "code" });
    const typo = await readJson(await api(apiByBarcode.loader, "/api/admin/products/by-barcode/5014732000012", { params: { code: "5014732000012" } }));
    expect(typo.message).toBe(
      "No product has the barcode 5014732000012. EAN-13 5014732000012 has the wrong check digit: it ends in 2, the check digit should be 1",
    );
    expect((await api(apiByBarcode.loader, `/api/admin/products/by-barcode/${"9".repeat(80)}`, { params: { code: "9".repeat(80) } })).status).toBe(400);
  });
});

describe("the product CSV", () => {
  it("round trip: exporting then importing keeps every product's barcodes exactly, in order", async () => {
    db().insert(productBarcodes).values({ productId: cups.id, code: "5014732000035", type: "ean13" }).run();
    db().insert(productBarcodes).values({ productId: lids.id, code: "5014732000035", type: "ean13" }).run();
    const before = db().select().from(productBarcodes).orderBy(asc(productBarcodes.productId), asc(productBarcodes.id)).all();
    const exported = await (await api(apiExport.loader, "/api/admin/products/export")).text();
    const [columns, ...records] = parse(exported) as string[][];
    const at = (handle: string) => records.find((record) => record[0] === handle)![columns.indexOf("Barcodes (product.metafields.custom.barcodes)")];
    expect(at("penne-pasta-3kg")).toBe("5014732000011|PENNE-CASE");

    const form = new FormData();
    form.append("file", new File([exported], "products.csv", { type: "text/csv" }));
    const imported = await callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form, cookie: adminCookie }));
    expect(await readJson(imported)).toMatchObject({ created: 0, errors: [] });
    const after = db().select().from(productBarcodes).orderBy(asc(productBarcodes.productId), asc(productBarcodes.id)).all();
    const shape = (rows: typeof before) => rows.map(({ productId, variantId, variantOption, code, type }) => ({ productId, variantId, variantOption, code, type }));
    expect(shape(after)).toEqual(shape(before));
  });

  it("a simple row's barcodes column replaces the product's codes; a bad one is reported on its row and changes nothing", async () => {
    const form = new FormData();
    form.append(
      "file",
      new File(["slug,barcodes\npenne-pasta-3kg,5014732000011;5014732000059;penne-case\ncup-lids-1-000,5014732000036\n"], "codes.csv", { type: "text/csv" }),
    );
    const response = await callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form, cookie: adminCookie }));
    expect(await readJson(response)).toEqual({
      created: 0,
      updated: 1,
      errors: [{ row: 3, message: "barcodes: EAN-13 5014732000036 has the wrong check digit: it ends in 6, the check digit should be 5" }],
    });
    expect(codesOf(pasta.id).map((row) => row.code)).toEqual(["5014732000011", "5014732000059", "PENNE-CASE"]);
    expect(codesOf(lids.id).map((row) => row.code)).toEqual(["5014732000035"]);
  });
});

describe("the counter's scan box", () => {
  it("adds one of the product at once, and another on the next scan, priced for the sale", async () => {
    const counter = new Counter(await signIn("admin@example.com", { via: "api" }));
    const first = await counter.land(await counter.scan("5014732000011\n"));
    expect(first.location).toBe("/admin/pos");
    expect(first.page.sale.lines).toMatchObject([{ productId: pasta.id, quantity: 1, unitPrice: 749 }]);
    const second = await counter.land(await counter.scan(" 5014732000011 ", {}, "/admin/pos?q=penne"));
    expect(second.location).toBe("/admin/pos?q=penne");
    expect(second.page.sale.lines).toMatchObject([{ productId: pasta.id, quantity: 2 }]);
    // an own code works the same, in any case
    const third = await counter.land(await counter.scan("penne-case"));
    expect(third.page.sale.lines).toMatchObject([{ productId: pasta.id, quantity: 3 }]);
  });

  it("a code on two products asks which (its own URL), and the choice adds that one", async () => {
    const counter = new Counter(await signIn("admin@example.com", { via: "api" }));
    const asked = await counter.land(await counter.scan("5014732000035"));
    expect(asked.location).toBe("/admin/pos?scan=5014732000035");
    expect(asked.page.sale.lines).toEqual([]);
    expect(asked.page.scanChoice).toEqual({
      kind: "choose",
      code: "5014732000035",
      choices: [
        { productId: cups.id, label: "Ripple Cups (500) (CUP-RIPPLE-500)", stockLevel: 10 },
        { productId: lids.id, label: "Cup Lids (1,000) (LID-SIP-1000)", stockLevel: 10 },
      ],
    });
    const chosen = await counter.land(await counter.scan("5014732000035", { productId: lids.id }, asked.location));
    expect(chosen.location).toBe("/admin/pos");
    expect(chosen.page.scanChoice).toBeNull();
    expect(chosen.page.sale.lines).toMatchObject([{ productId: lids.id, quantity: 1 }]);
    // a product that does not carry the code is not a choice
    const wrong = await counter.land(await counter.scan("5014732000035", { productId: pasta.id }));
    expect(wrong.toast).toMatchObject({ description: "No product chosen carries the barcode 5014732000035" });
    expect(wrong.page.sale.lines).toMatchObject([{ productId: lids.id, quantity: 1 }]);
  });

  it("a code on two options of one product is that product: the counter sells products", async () => {
    const counter = new Counter(await signIn("admin@example.com", { via: "api" }));
    const landed = await counter.land(await counter.scan("5014732000202"));
    expect(landed.page.sale.lines).toMatchObject([{ productId: vest.id, quantity: 1 }]);
  });

  it("an unknown code says so and changes nothing; so does a scan past the stock", async () => {
    const counter = new Counter(await signIn("admin@example.com", { via: "api" }));
    const unknown = await counter.land(await counter.scan("5014732000240"));
    expect(unknown.toast).toMatchObject({ description: "No product has the barcode 5014732000240" });
    expect(unknown.page.sale.lines).toEqual([]);

    await counter.scan("5014732000028");
    const past = await counter.land(await counter.scan("5014732000028"));
    expect(past.toast).toMatchObject({ description: "Not enough stock for Catering Tea Bags (1,100): only 1 left" });
    expect(past.page.sale.lines).toMatchObject([{ productId: teaBags.id, quantity: 1 }]);
  });

  it("POST /api/admin/pos/scan: the line priced for the sale, the choice, 404 and 409", async () => {
    const one = await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "5014732000011" } });
    expect(await readJson(one)).toEqual({
      code: "5014732000011",
      item: { productId: pasta.id, productName: "Penne Pasta 3kg", unitPrice: "7.49", vatRate: "0.00", quantity: 1 },
      choices: [],
    });
    const choose = await readJson(await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "5014732000035" } }));
    expect(choose.item).toBeNull();
    expect(choose.choices.map((choice: { productId: number }) => choice.productId)).toEqual([cups.id, lids.id]);
    const chosen = await readJson(await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "5014732000035", productId: cups.id } }));
    expect(chosen.item).toMatchObject({ productId: cups.id, unitPrice: "34.99" });
    const none = await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "96385081" } });
    expect(none.status).toBe(404);
    expect(await readJson(none)).toEqual({ message: "No product has the barcode 96385081", field: "code" });
    db().update(products).set({ stockLevel: 0 }).where(eq(products.id, cups.id)).run();
    const out = await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "5014732000035", productId: cups.id } });
    expect(out.status).toBe(409);
    db().update(products).set({ stockLevel: 10 }).where(eq(products.id, cups.id)).run();
    expect((await api(apiPosScan.action, "/api/admin/pos/scan", { body: { code: "5014732000011" }, cookie: buyerCookie })).status).toBe(403);
  });
});

describe("quick order by barcode", () => {
  const cart = () =>
    db()
      .select({ productId: cartItems.productId, selectedVariants: cartItems.selectedVariants, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, buyerId))
      .orderBy(asc(cartItems.id))
      .all();

  /** Signed in with an empty cart, past the welcome notice. */
  async function freshBuyer() {
    db().delete(cartItems).where(eq(cartItems.userId, buyerId)).run();
    const login = await signIn("buyer@example.com");
    return cookieFrom(await callRoute(root.loader, buildRequest("/", { cookie: login })), login);
  }

  /** Follows a quick order post to the page it lands on, past the root's notice. */
  async function landed(response: Response, cookie: string) {
    const location = redirectLocation(response);
    const next = cookieFrom(response, cookie);
    await callRoute(root.loader, buildRequest(location, { cookie: next }));
    if (!location.startsWith("/quick-order")) return null; // everything went in: on to the cart
    return readJson(await callRoute(quickOrder.loader, buildRequest(location, { cookie: next })));
  }

  /** Quick Entry's post: the failures the page shows (none when every line went in). */
  async function entry(lines: string): Promise<string[]> {
    const cookie = await freshBuyer();
    const response = await callRoute(quickOrder.action, buildRequest("/quick-order", { form: { intent: "entry", lines, idempotencyKey: crypto.randomUUID() }, cookie }));
    const page = await landed(response, cookie);
    return page?.result?.errors ?? [];
  }

  it("takes a barcode where it takes a SKU, with the option a variant's code names", async () => {
    expect(await entry("5014732000011, 4\n5014732000226 2\nTEA-BAGS-1100, 1")).toEqual([]);
    expect(cart()).toEqual([
      { productId: pasta.id, selectedVariants: {}, quantity: 4 },
      { productId: vest.id, selectedVariants: { Size: "L" }, quantity: 2 },
      { productId: teaBags.id, selectedVariants: {}, quantity: 1 },
    ]);
  });

  it("a barcode shared by two variants asks which, naming both", async () => {
    expect(await entry("5014732000202, 3\n5014732000035, 1")).toEqual([
      "Line 1: barcode 5014732000202 is on more than one product: Hi-Vis Vest (HIVIS-VEST), Size S; Hi-Vis Vest (HIVIS-VEST), Size M — enter the SKU (and options) of the one you want instead",
      "Line 2: barcode 5014732000035 is on more than one product: Ripple Cups (500) (CUP-RIPPLE-500); Cup Lids (1,000) (LID-SIP-1000) — enter the SKU (and options) of the one you want instead",
    ]);
    expect(cart()).toEqual([]);
  });

  it("the CSV upload takes barcodes in its SKU column", async () => {
    const cookie = await freshBuyer();
    const form = new FormData();
    form.append("intent", "csv");
    form.append("idempotencyKey", crypto.randomUUID());
    form.append("file", new File(["SKU,Quantity\n5014732000011,2\n5014732000202,1\n9999999999994,1\n"], "order.csv", { type: "text/csv" }));
    const response = await callRoute(quickOrder.action, buildRequest("/quick-order?tab=csv", { form, cookie }));
    const page = await landed(response, cookie);
    expect(page.result.errors).toEqual([
      "Row 3: barcode 5014732000202 is on more than one product: Hi-Vis Vest (HIVIS-VEST), Size S; Hi-Vis Vest (HIVIS-VEST), Size M — enter the SKU (and options) of the one you want instead",
      'Row 4: Product "9999999999994" not found',
    ]);
    expect(cart()).toEqual([{ productId: pasta.id, selectedVariants: {}, quantity: 2 }]);
  });

  it("a mistyped barcode (a wrong check digit) is told so, not 'not found', in Quick Entry and the CSV; nothing is added", async () => {
    expect(await entry("5014732000012, 1\n9638 5075, 2\n5014732000011, 1")).toEqual([
      "Line 1: This barcode's check digit is wrong: check the number (5014732000012)",
      "Line 2: This barcode's check digit is wrong: check the number (96385075)",
    ]);
    expect(cart()).toEqual([{ productId: pasta.id, selectedVariants: {}, quantity: 1 }]);

    const cookie = await freshBuyer();
    const form = new FormData();
    form.append("intent", "csv");
    form.append("idempotencyKey", crypto.randomUUID());
    form.append("file", new File(["SKU,Quantity\n501473200001,2\n10501473200001X,1\n"], "order.csv", { type: "text/csv" }));
    const page = await landed(await callRoute(quickOrder.action, buildRequest("/quick-order?tab=csv", { form, cookie })), cookie);
    expect(page.result.errors).toEqual([
      "Row 2: This barcode's check digit is wrong: check the number (501473200001)",
      'Row 3: Product "10501473200001X" not found',
    ]);
    expect(cart()).toEqual([]);
  });

  it("a SKU is matched before a barcode", async () => {
    const shadow = createProduct({ name: "Shadow", sku: "5014732000011", salesPrice: 100, stockLevel: 5, categoryId });
    expect(await entry("5014732000011, 1")).toEqual([]);
    expect(cart()).toEqual([{ productId: shadow.id, selectedVariants: {}, quantity: 1 }]);
    db().delete(products).where(eq(products.id, shadow.id)).run();
  });
});



describe("the picking list prints each line's barcode", () => {
  it("CSV: the chosen option's code, else the product's own; the PDF draws them (both doors)", async () => {
    const buyer = { id: buyerId, email: "buyer@example.com" };
    const order = writeOrder(db(), buyer, [
      { product: pasta, quantity: 3 },
      { product: vest, quantity: 2 },
      { product: cups, quantity: 1 },
    ]);
    db().update(orderItems).set({ selectedVariants: { Size: "L" } }).where(eq(orderItems.productId, vest.id)).run();
    db().delete(productBarcodes).where(eq(productBarcodes.productId, cups.id)).run();

    const csv = await api(apiPicking.loader, `/api/admin/orders/picking-list?ids=${order.id}`);
    const [header, ...rows] = parse(await csv.text()) as string[][];
    expect(header.at(-1)).toBe("barcode");
    expect(rows.map((row) => [row[1], row[2], row.at(-1)])).toEqual([
      ["Hi-Vis Vest", "Size: L", "5014732000226"],
      ["Penne Pasta 3kg", "", "5014732000011"],
      ["Ripple Cups (500)", "", ""],
    ]);

    const pdf = await api(apiPickingPdf.loader, `/api/admin/orders/picking-list/pdf?ids=${order.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("X-Export-Count")).toBe("1");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain("PICKING LIST");
    expect(text).toContain("Penne Pasta 3kg");
    expect(text).toContain("No barcode");
    // two barcode pictures (the vest's L and the pasta), none for the cups: each PNG is an image with its mask
    expect(bytes.toString("latin1").match(/\/SMask \d+ 0 R/g)?.length).toBe(2);

    const page = await callRoute(pickingPdfPage.loader, buildRequest(`/admin/orders/picking-list.pdf?ids=${order.id}`, { cookie: adminCookie }));
    expect(page.headers.get("Content-Disposition")).toMatch(/^attachment; filename="picking-list-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect((await api(apiPickingPdf.loader, `/api/admin/orders/picking-list/pdf?ids=${order.id}`, { cookie: buyerCookie })).status).toBe(403);
  });
});
