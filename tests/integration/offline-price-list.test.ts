/**
 * The offline foundations on the server (docs/decisions/0077): the per-account key a reply carries (a customer's
 * own, nothing for guests, staff and suppliers), and GET /api/account/price-list: who may read it, the company's
 * prices in it, ETag and 304, and its size on the device for a 10,000-product catalogue.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerPricing, priceTiers, products, volumeDiscounts } from "~db/schema";
import { decodePriceList, findProduct } from "~/domain/pricing/price-list";
import * as apiPriceList from "~/routes/api.account.price-list";
import { NO_OFFLINE_KEY, OFFLINE_KEY_HEADER, isAccountKey } from "~/service-worker/offline-rules";
import { getDb } from "~/utils/db.server";
import { markOfflineKey } from "~/utils/offline-key.server";
import { companyIdOf, createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let cookies: Record<"buyer" | "colleague" | "other" | "admin" | "supplier", string>;
let hammer: ReturnType<typeof createProduct>;
let nails: ReturnType<typeof createProduct>;
let tape: ReturnType<typeof createProduct>;

beforeAll(async () => {
  const tools = createCategory("Tools");
  hammer = createProduct({ name: "Claw Hammer", sku: "HAM-1", salesPrice: 1000, categoryId: tools.id, stockLevel: 12 });
  nails = createProduct({ name: "Nails 1kg", sku: "NAIL-1", salesPrice: 450, vatRate: 500, stockLevel: 0 });
  tape = createProduct({ name: "Duct Tape", sku: null, salesPrice: 333, vatRate: 0 });
  const tier = db().insert(priceTiers).values({ name: "Trade", discountPercentage: 1000 }).returning().get();
  const buyer = await createUser({ email: "offline-buyer@example.com", priceTierId: tier.id });
  await createUser({ email: "offline-colleague@example.com", companyId: companyIdOf(buyer.id), companyRole: "buyer" });
  await createUser({ email: "offline-other@example.com" });
  await createUser({ email: "offline-admin@example.com", role: "admin", staffRole: "admin" });
  await createUser({ email: "offline-supplier@example.com", role: "supplier" });
  db().insert(customerPricing).values({ companyId: companyIdOf(buyer.id), productId: nails.id, customPrice: 399 }).run();
  db().insert(volumeDiscounts).values({ productId: hammer.id, minQuantity: 10, discountPercentage: 500 }).run();
  cookies = {
    buyer: await signIn("offline-buyer@example.com"),
    colleague: await signIn("offline-colleague@example.com"),
    other: await signIn("offline-other@example.com"),
    admin: await signIn("offline-admin@example.com"),
    supplier: await signIn("offline-supplier@example.com"),
  };
});

async function keyOf(cookie?: string) {
  const headers = new Headers();
  await markOfflineKey(buildRequest("/", { cookie }), headers);
  return headers.get(OFFLINE_KEY_HEADER);
}

describe("the per-account key", () => {
  it("is a customer's own, stable across requests, and differs from every other buyer's, even in one company", async () => {
    const buyer = await keyOf(cookies.buyer);
    expect(isAccountKey(buyer)).toBe(true);
    expect(await keyOf(cookies.buyer)).toBe(buyer);
    const colleague = await keyOf(cookies.colleague);
    const other = await keyOf(cookies.other);
    expect(isAccountKey(colleague) && isAccountKey(other)).toBe(true);
    expect(new Set([buyer, colleague, other]).size).toBe(3);
  });

  it("is 'none' for a guest, staff and a supplier: nothing of theirs is ever kept", async () => {
    expect(await keyOf()).toBe(NO_OFFLINE_KEY);
    expect(await keyOf(cookies.admin)).toBe(NO_OFFLINE_KEY);
    expect(await keyOf(cookies.supplier)).toBe(NO_OFFLINE_KEY);
  });
});

describe("GET /api/account/price-list", () => {
  const get = (cookie?: string, headers?: HeadersInit) => callRoute(apiPriceList.loader, buildRequest("/api/account/price-list", { cookie, headers }));

  it("answers 401 signed out and 403 to a supplier, as JSON", async () => {
    const signedOut = await get();
    expect(signedOut.status).toBe(401);
    expect((await readJson(signedOut)).message).toBeTruthy();
    expect((await get(cookies.supplier)).status).toBe(403);
  });

  it("lists every product at the company's price: agreed prices, the tier, VAT, stock, category and volume steps", async () => {
    const reply = await get(cookies.buyer);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(reply.headers.get(OFFLINE_KEY_HEADER)).toBe(await keyOf(cookies.buyer));
    const body = await readJson(reply);
    expect(body.basis).toBe("company");
    const list = decodePriceList(body)!;
    expect(list).toHaveLength(3);
    // tier 10% off £10.00, 20% VAT; a volume step the buyer can reach
    expect(findProduct(list, "ham-1")).toMatchObject({ name: "Claw Hammer", exVat: 900, incVat: 1080, vatRate: 2000, stock: 12, category: "Tools", volumeSteps: [[10, 500]] });
    // the agreed price wins and takes no other discount; 5% VAT
    expect(findProduct(list, "NAIL-1")).toMatchObject({ exVat: 399, incVat: 419, vatRate: 500, stock: 0, category: null, volumeSteps: [] });
    // a product with no SKU is found by its full name or web address
    expect(findProduct(list, "duct tape")).toMatchObject({ id: tape.id, sku: "", exVat: 300, incVat: 300 });
    expect(findProduct(list, "duct-tape")?.id).toBe(tape.id);
  });

  it("gives another company its own prices (list prices here), never the first company's", async () => {
    const list = decodePriceList(await readJson(await get(cookies.other)))!;
    expect(findProduct(list, "HAM-1")?.exVat).toBe(1000);
    expect(findProduct(list, "NAIL-1")?.exVat).toBe(450);
  });

  it("answers 304 to If-None-Match with the current ETag, and 200 with a new one once a price changes", async () => {
    const first = await get(cookies.buyer);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(cookies.buyer, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    db().update(products).set({ salesPrice: 1100 }).where(eq(products.id, hammer.id)).run();
    const changed = await get(cookies.buyer, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(findProduct(decodePriceList(await readJson(changed))!, "HAM-1")?.exVat).toBe(990);
  });

  it("keeps a 10,000-product catalogue within 1.5 MB on the device", async () => {
    const categories = Array.from({ length: 12 }, (_, i) => createCategory(`Scale Category ${i + 1}`));
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Heavy Duty Catering Supply Item Number ${i + 1} Stainless`,
      slug: `heavy-duty-catering-supply-item-number-${i + 1}-stainless`,
      sku: `SCALE-${String(i + 1).padStart(6, "0")}`,
      salesPrice: 100 + ((i * 37) % 50_000),
      vatRate: [2000, 500, 0][i % 3]!,
      stockLevel: (i * 13) % 900,
      categoryId: categories[i % 12]!.id,
    }));
    for (let i = 0; i < rows.length; i += 500) db().insert(products).values(rows.slice(i, i + 500)).run();
    const reply = await get(cookies.buyer);
    const body = await reply.text();
    const bytes = new TextEncoder().encode(body).length;
    expect(decodePriceList(JSON.parse(body))!.length).toBe(10_003);
    console.log(`price list of 10,003 products: ${(bytes / 1024).toFixed(0)} KB stored`);
    expect(bytes).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });
});
