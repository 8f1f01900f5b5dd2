/**
 * Pack rules (a minimum order quantity and an order multiple) refused at every door, both ways in where
 * there are two: the cart (page and API), quick order (Quick Entry and CSV, with the "Use N" fix), reorders
 * and templates (moved to the nearest valid quantity and reported), orders (checkout page and POST
 * /api/orders) and the POS (screen and API; counter staff may override with a reason, which is logged).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, cartItems, orders, products, users } from "~db/schema";
import * as root from "~/root";
import * as cartAdd from "~/routes/cart.add";
import * as cartPage from "~/routes/cart/route";
import * as apiCartItems from "~/routes/api.cart.items";
import * as quickOrder from "~/routes/quick-order/route";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import * as apiTemplates from "~/routes/api.order-templates";
import * as apiTemplateLoad from "~/routes/api.order-templates.$id.load";
import * as accountTemplates from "~/routes/account.templates/route";
import * as posPage from "~/routes/admin.pos/route";
import * as apiPosCheckout from "~/routes/api.admin.pos.checkout";
import * as apiAdminProducts from "~/routes/api.admin.products";
import * as apiAdminProduct from "~/routes/api.admin.products.$id";
import * as apiVariants from "~/routes/api.admin.products.$productId.variants";
import * as productsPage from "~/routes/admin.products/route";
import * as apiLogin from "~/routes/api.auth.login";
import * as loginPage from "~/routes/login/route";
import * as apiProducts from "~/routes/api.products";
import * as apiProduct from "~/routes/api.products.$slug";
import * as apiProductById from "~/routes/api.products.id.$id";
import { getDb } from "~/utils/db.server";
import { createPastOrder, createProduct, createUser, SHIPPING, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type Product = ReturnType<typeof createProduct>;
const db = () => getDb();

let water: Product; // minimum 12 in multiples of 6, "case of 6", 500 in stock
let cola: Product; // multiples of 6 from the start of each test that sets it; no rule when the order was placed
let towels: Product; // no rule
let buyerEmail: string;
let buyerId: string;

const WATER_RULE = "Mineral Water is sold in multiples of 6 (case of 6), at least 12";

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "pack-buyer@example.com" });
  buyerEmail = buyer.email;
  buyerId = buyer.id;
  water = createProduct({
    name: "Mineral Water",
    sku: "WATER-500",
    salesPrice: 66,
    stockLevel: 500,
    minOrderQuantity: 12,
    orderMultiple: 6,
    packLabel: "case of 6",
  });
  cola = createProduct({ name: "Cola Cans", sku: "COLA-330", salesPrice: 50, stockLevel: 500 });
  towels = createProduct({ name: "Paper Towels", sku: "PT-100", salesPrice: 250, stockLevel: 500 });
});

async function freshBuyer() {
  db().delete(cartItems).where(eq(cartItems.userId, buyerId)).run();
  return signIn(buyerEmail, { via: "api" });
}

function cartOf() {
  return db()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, buyerId))
    .orderBy(asc(cartItems.id))
    .all();
}

async function toastAt(location: string, cookie: string) {
  return (await readJson(await callRoute(root.loader, buildRequest(location, { cookie })))).toast;
}

function api(handler: RouteHandler, path: string, cookie: string, json?: unknown, method?: string, params?: Record<string, string>) {
  return callRoute(handler, buildRequest(path, { json, cookie, method: method ?? (json === undefined ? "GET" : "POST") }), params);
}

describe("the cart", () => {
  it("page: refuses an add below the minimum or off the multiple, names the rule, and adds a valid quantity", async () => {
    const cookie = await freshBuyer();
    for (const quantity of [5, 15]) {
      const response = await callRoute(
        cartAdd.action,
        buildRequest("/cart/add", { form: { productId: water.id, quantity, redirectTo: "/products/mineral-water" }, cookie }),
      );
      const toast = await toastAt(redirectLocation(response), cookieFrom(response, cookie));
      expect(toast.title).toBe(quantity === 5 ? `${WATER_RULE}: 12?` : `${WATER_RULE}: 12 or 18?`);
      expect(toast.variant).toBe("destructive");
    }
    expect(cartOf()).toEqual([]);

    const added = await callRoute(cartAdd.action, buildRequest("/cart/add", { form: { productId: water.id, quantity: 12, redirectTo: "/cart" }, cookie }));
    expect((await toastAt(redirectLocation(added), cookieFrom(added, cookie))).title).toBe("Added to Cart!");
    expect(cartOf()).toEqual([{ productId: water.id, quantity: 12 }]);

    // the cart page's typed quantity: 15 refused, the line unchanged; + steps a case
    const typed = await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "set-quantity", productId: water.id, quantity: 15 }, cookie }));
    expect((await toastAt(redirectLocation(typed), cookie)).title).toBe(`${WATER_RULE}: 12 or 18?`);
    expect(cartOf()).toEqual([{ productId: water.id, quantity: 12 }]);
    await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "increment", productId: water.id }, cookie }));
    expect(cartOf()).toEqual([{ productId: water.id, quantity: 18 }]);
    await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "decrement", productId: water.id }, cookie }));
    await callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "decrement", productId: water.id }, cookie }));
    // below the minimum − takes the line out
    expect(cartOf()).toEqual([]);
  });

  it("API: 400 {message, field: quantity} for an add or an update that breaks the rule; nothing changes", async () => {
    const cookie = await freshBuyer();
    const refused = await api(apiCartItems.action, "/api/cart/items", cookie, { productId: water.id, quantity: 7 });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: `${WATER_RULE}: 12?`, field: "quantity" });
    expect(cartOf()).toEqual([]);

    expect((await api(apiCartItems.action, "/api/cart/items", cookie, { productId: water.id, quantity: 24 })).status).toBeLessThan(300);
    const update = await api(apiCartItems.action, "/api/cart/items", cookie, { productId: water.id, quantity: 20, selectedVariants: {} }, "PATCH");
    expect(update.status).toBe(400);
    expect(await readJson(update)).toEqual({ message: `${WATER_RULE}: 18 or 24?`, field: "quantity" });
    // adding to a line counts the line: 24 + 5 = 29 is refused, 24 + 6 = 30 goes in
    expect((await api(apiCartItems.action, "/api/cart/items", cookie, { productId: water.id, quantity: 5 })).status).toBe(400);
    expect((await api(apiCartItems.action, "/api/cart/items", cookie, { productId: water.id, quantity: 6 })).status).toBeLessThan(300);
    expect(cartOf()).toEqual([{ productId: water.id, quantity: 30 }]);
  });
});

describe("quick order", () => {
  async function follow(response: Response, cookie: string) {
    const location = redirectLocation(response);
    const next = cookieFrom(response, cookie);
    const page = location.startsWith("/quick-order")
      ? await readJson(await callRoute(quickOrder.loader, buildRequest(location, { cookie: next })))
      : null;
    return { location, page, toast: await toastAt(location, next), cookie: next };
  }

  it("Quick Entry: the wrong line is refused with the rule and a Use 12 fix, the good line goes in, and the fix adds it", async () => {
    const cookie = await freshBuyer();
    const response = await callRoute(
      quickOrder.action,
      buildRequest("/quick-order", { form: { intent: "entry", lines: "PT-100, 2\nWATER-500, 5", idempotencyKey: crypto.randomUUID() }, cookie }),
    );
    const after = await follow(response, cookie);
    expect(after.page.result).toEqual({
      added: 1,
      errors: [`Line 2: ${WATER_RULE}: 12?`],
      more: 0,
      fixes: [{ lineNumber: 2, quantity: 12, entry: "WATER-500, 12" }],
    });
    expect(after.page.entryText).toBe("WATER-500, 5");
    expect(cartOf()).toEqual([{ productId: towels.id, quantity: 2 }]);

    // "Use 12" posts the line again with the valid quantity
    const fixed = await callRoute(
      quickOrder.action,
      buildRequest("/quick-order", { form: { intent: "entry", lines: "WATER-500, 12", idempotencyKey: after.page.idempotencyKey }, cookie: after.cookie }),
    );
    expect((await follow(fixed, after.cookie)).toast.title).toBe("Added 1 product(s) to cart");
    expect(cartOf()).toEqual([
      { productId: towels.id, quantity: 2 },
      { productId: water.id, quantity: 12 },
    ]);
  });

  it("CSV: a row off the multiple is reported with the rule and the nearest valid quantity", async () => {
    const cookie = await freshBuyer();
    const form = new FormData();
    form.append("intent", "csv");
    form.append("idempotencyKey", crypto.randomUUID());
    form.append("file", new File(["sku,quantity\nWATER-500,13\nPT-100,1\n"], "order.csv", { type: "text/csv" }));
    const after = await follow(await callRoute(quickOrder.action, buildRequest("/quick-order?tab=csv", { form, cookie })), cookie);
    expect(after.page.result.errors).toEqual([`Row 2: ${WATER_RULE}: 12 or 18?`]);
    expect(after.page.result.fixes).toEqual([{ lineNumber: 2, quantity: 12, entry: "WATER-500, 12" }]);
    expect(cartOf()).toEqual([{ productId: towels.id, quantity: 1 }]);
  });
});

describe("reorders and templates", () => {
  it("a reorder moves a line to the nearest valid quantity and says so", async () => {
    const cookie = await freshBuyer();
    const buyer = db().select().from(users).where(eq(users.email, buyerEmail)).get()!;
    createPastOrder(buyer, [{ product: water, quantity: 5 }, { product: towels, quantity: 3 }], { createdAt: new Date("2026-10-01T10:00:00Z") });
    const page = await readJson(await callRoute(quickOrder.loader, buildRequest("/quick-order?tab=reorder", { cookie })));
    const response = await callRoute(
      quickOrder.action,
      buildRequest("/quick-order?tab=reorder", { form: { intent: "reorder", orderId: page.orders[0].id, idempotencyKey: page.idempotencyKey }, cookie }),
    );
    const toast = await toastAt(redirectLocation(response), cookieFrom(response, cookie));
    expect(toast.title).toBe("Added 2 products (15 units) to your cart");
    expect(toast.description).toBe("Changed to pack sizes: Mineral Water (asked 5, added 12).");
    expect(cartOf()).toEqual([
      { productId: water.id, quantity: 12 },
      { productId: towels.id, quantity: 3 },
    ]);
  });

  it("a template refuses a quantity that breaks the rule; one saved before the rule loads moved to the rule (both doors)", async () => {
    const cookie = await freshBuyer();
    const refused = await api(apiTemplates.action, "/api/order-templates", cookie, {
      name: "Weekly water",
      items: [{ productId: water.id, quantity: 8 }],
    });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: `${WATER_RULE}: 12?`, field: "quantity" });

    const created = await api(apiTemplates.action, "/api/order-templates", cookie, { name: "Weekly cola", items: [{ productId: cola.id, quantity: 8 }] });
    expect(created.status).toBe(201);
    const template = await readJson(created);
    // the rule comes in after the template was saved
    db().update(products).set({ orderMultiple: 6, packLabel: "case of 6" }).where(eq(products.id, cola.id)).run();
    try {
      const loaded = await api(apiTemplateLoad.action, `/api/order-templates/${template.id}/load`, cookie, {}, "POST", { id: String(template.id) });
      expect(loaded.status).toBe(200);
      expect((await readJson(loaded)).adjusted).toEqual([{ name: "Cola Cans", asked: 8, added: 6 }]);
      expect(cartOf()).toEqual([{ productId: cola.id, quantity: 6 }]);

      // the page's Load into Cart says the same in its notice
      const pageCookie = await freshBuyer();
      const list = await readJson(await callRoute(accountTemplates.loader, buildRequest("/account/templates", { cookie: pageCookie })));
      const response = await callRoute(
        accountTemplates.action,
        buildRequest("/account/templates", { form: { intent: "load", templateId: template.id, idempotencyKey: list.idempotencyKey }, cookie: pageCookie }),
      );
      const toast = await toastAt(redirectLocation(response), cookieFrom(response, pageCookie));
      expect(toast.description).toBe('Added 1 product (6 units) from "Weekly cola" to your cart. Changed to pack sizes: Cola Cans (asked 8, added 6).');
    } finally {
      db().update(products).set({ orderMultiple: null, packLabel: null }).where(eq(products.id, cola.id)).run();
    }
  });
});

describe("orders", () => {
  it("POST /api/orders refuses a line that breaks the rule, naming the product; nothing is written", async () => {
    const cookie = await freshBuyer();
    const before = db().select({ n: sql<number>`count(*)` }).from(orders).get()!.n;
    const response = await api(apiOrders.action, "/api/orders", cookie, { items: [{ productId: water.id, quantity: 10 }], ...SHIPPING });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: `${WATER_RULE}: 12?`, field: "quantity" });
    expect(db().select({ n: sql<number>`count(*)` }).from(orders).get()!.n).toBe(before);
  });

  it("checkout refuses a cart line the rule changed under, naming the product", async () => {
    const cookie = await freshBuyer();
    expect((await api(apiCartItems.action, "/api/cart/items", cookie, { productId: cola.id, quantity: 4 })).status).toBeLessThan(300);
    db().update(products).set({ orderMultiple: 6, packLabel: "case of 6" }).where(eq(products.id, cola.id)).run();
    try {
      const page = await readJson(await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie })));
      // the summary says so before Place Order is pressed
      expect(page.lines.map((line: { productName: string; packIssue: string | null }) => [line.productName, line.packIssue])).toEqual([
        ["Cola Cans", "Cola Cans is sold in multiples of 6 (case of 6): 6?"],
      ]);
      const response = await callRoute(checkoutPage.action, buildRequest("/checkout", { form: { ...SHIPPING, idempotencyKey: page.idempotencyKey }, cookie }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(await readJson(response))).toContain("Cola Cans is sold in multiples of 6 (case of 6): 6?");
      expect(cartOf()).toEqual([{ productId: cola.id, quantity: 4 }]);
    } finally {
      db().update(products).set({ orderMultiple: null, packLabel: null }).where(eq(products.id, cola.id)).run();
    }
  });
});

describe("a guest's cart joining the account at sign-in", () => {
  /** A guest (no account) with `quantity` cola in their cart, then cola sold in sixes, at least 12. */
  async function guestWithCola(quantity: number) {
    db().delete(cartItems).where(eq(cartItems.userId, buyerId)).run();
    const added = await api(apiCartItems.action, "/api/cart/items", "", { productId: cola.id, quantity });
    expect(added.status).toBeLessThan(300);
    db().update(products).set({ minOrderQuantity: 12, orderMultiple: 6, packLabel: "case of 6" }).where(eq(products.id, cola.id)).run();
    return cookieFrom(added, "");
  }
  const noRule = () => db().update(products).set({ minOrderQuantity: null, orderMultiple: null, packLabel: null }).where(eq(products.id, cola.id)).run();

  it("API: a line that breaks the rule now is moved to the nearest valid quantity and reported in cartAdjusted", async () => {
    try {
      const guest = await guestWithCola(5);
      const response = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email: buyerEmail, password: TEST_PASSWORD }, cookie: guest }));
      expect(response.status).toBe(200);
      expect((await readJson(response)).cartAdjusted).toEqual([{ name: "Cola Cans", asked: 5, added: 12 }]);
      expect(cartOf()).toEqual([{ productId: cola.id, quantity: 12 }]);
    } finally {
      noRule();
    }
  });

  it("page: the welcome notice says which lines were changed; a line that keeps to the rule is not mentioned", async () => {
    try {
      const guest = await guestWithCola(13);
      const response = await callRoute(loginPage.action, buildRequest("/login", { form: { intent: "login", email: buyerEmail, password: TEST_PASSWORD }, cookie: guest }));
      const toast = await toastAt(redirectLocation(response), cookieFrom(response, guest));
      expect(toast.description).toBe(`Logged in as ${buyerEmail}. Your cart was changed to pack sizes: Cola Cans (had 13, now 12).`);
      expect(cartOf()).toEqual([{ productId: cola.id, quantity: 12 }]);

      const valid = await guestWithCola(18);
      const plain = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email: buyerEmail, password: TEST_PASSWORD }, cookie: valid }));
      expect((await readJson(plain)).cartAdjusted).toBeUndefined();
      expect(cartOf()).toEqual([{ productId: cola.id, quantity: 18 }]);
    } finally {
      noRule();
    }
  });
});

describe("the public product API", () => {
  it("GET /api/products, /api/products/{slug} and /id/{id} carry the rule in force; a product without one says 1, 1, null, null", async () => {
    const list = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products?q=water")));
    const listed = list.find((item: { id: number }) => item.id === water.id);
    const rule = { minOrderQuantity: 12, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: null };
    expect(listed).toMatchObject(rule);
    expect(await readJson(await callRoute(apiProduct.loader, buildRequest(`/api/products/${water.slug}`), { slug: water.slug }))).toMatchObject(rule);
    expect(await readJson(await callRoute(apiProductById.loader, buildRequest(`/api/products/id/${water.id}`), { id: String(water.id) }))).toMatchObject(rule);
    expect(await readJson(await callRoute(apiProduct.loader, buildRequest(`/api/products/${towels.slug}`), { slug: towels.slug }))).toMatchObject({
      minOrderQuantity: 1,
      orderMultiple: 1,
      packLabel: null,
      unitsPerPack: null,
    });
    // a minimum the multiple does not divide is the smallest quantity the cart takes
    db().update(products).set({ minOrderQuantity: 10, orderMultiple: 6 }).where(eq(products.id, cola.id)).run();
    try {
      expect(await readJson(await callRoute(apiProduct.loader, buildRequest(`/api/products/${cola.slug}`), { slug: cola.slug }))).toMatchObject({
        minOrderQuantity: 12,
        orderMultiple: 6,
      });
    } finally {
      db().update(products).set({ minOrderQuantity: null, orderMultiple: null }).where(eq(products.id, cola.id)).run();
    }
  });
});

describe("the POS", () => {
  const overrides = () =>
    db().select().from(auditLogs).where(eq(auditLogs.action, "pos.pack_rule_overridden")).orderBy(asc(auditLogs.id)).all();

  it("API: refuses a quantity off the rule, refuses the override without a reason, and sells with one, logged", async () => {
    const admin = await signIn("admin@example.com", { via: "api" });
    const sale = { items: [{ productId: water.id, quantity: 3 }], customerId: null, customerName: null, paymentMethod: "cash" };
    const refused = await api(apiPosCheckout.action, "/api/admin/pos/checkout", admin, sale);
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: `${WATER_RULE}: 12?`, field: "quantity" });

    const noReason = await api(apiPosCheckout.action, "/api/admin/pos/checkout", admin, { ...sale, overridePackRules: true, packOverrideReason: "  " });
    expect(noReason.status).toBe(400);
    expect(await readJson(noReason)).toEqual({ message: "Give a reason to sell outside the pack rules", field: "packOverrideReason" });
    expect(overrides()).toHaveLength(0);

    const sold = await api(apiPosCheckout.action, "/api/admin/pos/checkout", admin, {
      ...sale,
      overridePackRules: true,
      packOverrideReason: "Replacing three broken bottles",
    });
    expect(sold.status).toBe(201);
    const order = await readJson(sold);
    const [logged] = overrides();
    expect(logged.entityId).toBe(String(order.id));
    expect(JSON.parse(String(logged.details))).toMatchObject({
      reason: "Replacing three broken bottles",
      lines: [{ productId: water.id, productName: "Mineral Water", quantity: 3, rule: `${WATER_RULE}: 12?` }],
    });
  });

  it("screen: the sale shows the rule broken, is refused without the override and completes with a reason", async () => {
    let cookie = await signIn("admin@example.com", { via: "api" });
    const post = async (form: Record<string, string | number>) => {
      const response = await callRoute(posPage.action, buildRequest("/admin/pos", { form, cookie }));
      if (response.headers.getSetCookie().length > 0) cookie = cookieFrom(response, cookie);
      return response;
    };
    const page = async () => readJson(await callRoute(posPage.loader, buildRequest("/admin/pos", { cookie })));
    await post({ intent: "quantity", productId: water.id, quantity: 4 });
    const before = await page();
    expect(before.sale.lines[0].packIssue).toBe(`${WATER_RULE}: 12?`);

    const refused = await post({ intent: "complete", paymentMethod: "cash", idempotencyKey: before.idempotencyKey });
    const toast = await toastAt(redirectLocation(refused), cookie);
    expect(toast).toMatchObject({ title: "Sale not completed", description: `${WATER_RULE}: 12?` });

    const count = overrides().length;
    const done = await post({
      intent: "complete",
      paymentMethod: "cash",
      overridePackRules: "on",
      packOverrideReason: "Customer's own case short",
      idempotencyKey: (await page()).idempotencyKey,
    });
    expect((await toastAt(redirectLocation(done), cookie)).title).toBe("Sale completed");
    const logged = overrides();
    expect(logged).toHaveLength(count + 1);
    expect(JSON.parse(String(logged[count].details)).reason).toBe("Customer's own case short");
    const sold = db().select().from(orders).where(and(eq(orders.channel, "pos"), eq(orders.id, Number(logged[count].entityId)))).get();
    expect(sold).toBeTruthy();
  });
});

describe("the back office's products", () => {
  it("API: creates, reads and patches the four fields, validated; a variant carries its own", async () => {
    const admin = await signIn("admin@example.com", { via: "api" });
    const bad = await api(apiAdminProducts.action, "/api/admin/products", admin, { name: "Tonic Water", salesPrice: "4.80", orderMultiple: 0 });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "Order multiple must be a whole number of 1 or more", field: "orderMultiple" });
    const long = await api(apiAdminProducts.action, "/api/admin/products", admin, { name: "Tonic Water", salesPrice: "4.80", packLabel: "x".repeat(61) });
    expect(await readJson(long)).toEqual({ message: "Pack label must be at most 60 characters", field: "packLabel" });

    const created = await api(apiAdminProducts.action, "/api/admin/products", admin, {
      name: "Tonic Water 200ml",
      salesPrice: "4.80",
      minOrderQuantity: 2,
      orderMultiple: "2",
      packLabel: "  case of   24 bottles ",
      unitsPerPack: 24,
    });
    expect(created.status).toBe(201);
    const body = await readJson(created);
    expect(body).toMatchObject({ minOrderQuantity: 2, orderMultiple: 2, packLabel: "case of 24 bottles", unitsPerPack: 24 });

    const patched = await api(apiAdminProduct.action, `/api/admin/products/${body.id}`, admin, { minOrderQuantity: 4, packLabel: "" }, "PATCH", {
      id: String(body.id),
    });
    expect(patched.status).toBe(200);
    const read = await readJson(await api(apiAdminProduct.loader, `/api/admin/products/${body.id}`, admin, undefined, "GET", { id: String(body.id) }));
    expect(read).toMatchObject({ minOrderQuantity: 4, orderMultiple: 2, packLabel: null, unitsPerPack: 24 });

    const variant = await api(apiVariants.action, `/api/admin/products/${body.id}/variants`, admin, { name: "Pack", options: ["Case"], orderMultiple: 12 }, "POST", {
      productId: String(body.id),
    });
    expect(variant.status).toBe(201);
    expect(await readJson(variant)).toMatchObject({ name: "Pack", orderMultiple: 12, minOrderQuantity: null });
    const withVariant = await readJson(await api(apiAdminProduct.loader, `/api/admin/products/${body.id}`, admin, undefined, "GET", { id: String(body.id) }));
    expect(withVariant.variants).toEqual([
      expect.objectContaining({ name: "Pack", options: ["Case"], orderMultiple: 12, minOrderQuantity: null, packLabel: null, unitsPerPack: null }),
    ]);
  });

  it("page: the product form saves the fields and refuses a bad one with its message", async () => {
    const cookie = await signIn("admin@example.com", { via: "api" });
    const form = {
      intent: "create-product",
      idempotencyKey: crypto.randomUUID(),
      name: "Ginger Beer 275ml",
      salesPrice: "9.60",
      vatRateChoice: "20",
      minOrderQuantity: "",
      orderMultiple: "12",
      packLabel: "case of 12",
      unitsPerPack: "",
    };
    const refused = await callRoute(productsPage.action, buildRequest("/admin/products?dialog=new", { form: { ...form, orderMultiple: "1.5", idempotencyKey: crypto.randomUUID() }, cookie }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await readJson(refused))).toContain("Order multiple must be a whole number of 1 or more");
    expect(db().select().from(products).where(eq(products.name, "Ginger Beer 275ml")).get()).toBeUndefined();

    const saved = await callRoute(productsPage.action, buildRequest("/admin/products?dialog=new", { form, cookie }));
    expect(saved.status).toBe(302);
    const row = db().select().from(products).where(eq(products.name, "Ginger Beer 275ml")).get()!;
    expect(row).toMatchObject({ minOrderQuantity: null, orderMultiple: 12, packLabel: "case of 12", unitsPerPack: null });

    // the edit form changes them, and blank clears one
    const edited = await callRoute(
      productsPage.action,
      buildRequest(`/admin/products?edit=${row.id}`, {
        form: { ...form, intent: "update-product", productId: String(row.id), slug: row.slug, minOrderQuantity: "24", orderMultiple: "", idempotencyKey: crypto.randomUUID() },
        cookie,
      }),
    );
    expect(edited.status).toBe(302);
    expect(db().select().from(products).where(eq(products.id, row.id)).get()).toMatchObject({
      minOrderQuantity: 24,
      orderMultiple: null,
      packLabel: "case of 12",
    });
  });
});
