/**
 * The cart page's actions (plain form posts, as a browser without JavaScript sends them) and the cart API,
 * for a guest (cart in the session) and a signed-in customer (cart_items): both doors, one cart.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { priceTiers, products, productVariants } from "~db/schema";
import * as root from "~/root";
import * as apiCart from "~/routes/api.cart";
import * as apiCartItems from "~/routes/api.cart.items";
import * as cartAdd from "~/routes/cart.add";
import * as cartPage from "~/routes/cart/route";
import { getDb } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
let towels: Product; // £2.50, VAT 20%, 5 in stock
let vest: Product; // £10.00, VAT 20%, Size S/M/L, 50 in stock
let milk: Product; // £3.33, VAT 5%, 200 in stock
let buyerEmail: string;

/** The summary's delivery while the install charges nothing and has no minimum (the default). */
const FREE_DELIVERY = { deliveryCharge: { net: 0, vat: 0, basis: "free", text: "Free" }, freeDeliveryShortfall: null, minimumOrder: null };

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Catering");
  // an approved customer on a 10% tier: the page must show their prices, not list prices
  const silver = db.insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  buyerEmail = (await createUser({ email: "cart-buyer@example.com", priceTierId: silver.id })).email;
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, stockLevel: 5, categoryId: category.id });
  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 1000, stockLevel: 50, categoryId: category.id });
  db.insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 }).run();
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500, stockLevel: 200 });
});

type Fields = Record<string, string | number | undefined>;

/** A browser session: its cookie follows every response, as a browser's would. */
class Visitor {
  constructor(public cookie = "") {}

  async add(fields: Fields) {
    const response = await callRoute(cartAdd.action, buildRequest("/cart/add", { form: { redirectTo: "/cart", ...fields }, cookie: this.cookie }));
    this.cookie = cookieFrom(response, this.cookie);
    const { toast } = await this.root();
    expect(toast?.title).toBe("Added to Cart!");
  }

  /** Posts a cart page form; answers where it redirected and the notice the next page shows. */
  async post(fields: Fields) {
    const response = await callRoute(cartPage.action, buildRequest("/cart", { form: fields, cookie: this.cookie }));
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    const location = redirectLocation(response);
    const { toast, cartCount } = await this.root();
    return { location, toast, cartCount };
  }

  async root() {
    const response = await callRoute(root.loader, buildRequest("/cart", { cookie: this.cookie }));
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return readJson(response);
  }

  async page(path = "/cart") {
    const response = await callRoute(cartPage.loader, buildRequest(path, { cookie: this.cookie }));
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return readJson(response);
  }

  async api(handler: typeof apiCart.loader, method: string, path: string, json?: unknown) {
    const response = await callRoute(handler, buildRequest(path, { method, json, cookie: this.cookie }));
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return { status: response.status, body: await readJson(response) };
  }
}

type PageLine = { productId: number; productName: string; quantity: number; selectedVariants: Record<string, string> };
const quantities = (page: { lines: PageLine[] }) =>
  Object.fromEntries(page.lines.map((line) => [`${line.productName}${JSON.stringify(line.selectedVariants)}`, line.quantity]));

/** A signed-in customer keeps one cart across these tests: each test starts by emptying it. */
async function signedInVisitor() {
  const visitor = new Visitor(await signIn(buyerEmail));
  await visitor.post({ intent: "clear" });
  return visitor;
}

const who = [
  { label: "a guest", start: async () => new Visitor(), towelsEach: 250 },
  // Silver tier: 10% off the list price
  { label: "a signed-in customer", start: signedInVisitor, towelsEach: 225 },
];

describe.each(who)("the cart page for $label", ({ start, towelsEach }) => {
  it("steps a quantity up and down with + and −, and − at 1 removes the line", async () => {
    const visitor = await start();
    await visitor.add({ productId: towels.id, quantity: 2 });

    const up = await visitor.post({ intent: "increment", productId: towels.id, quantity: 3 });
    expect(up.location).toBe("/cart");
    expect(up.toast).toBeNull();
    let page = await visitor.page();
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatchObject({ productName: "Paper Towels", quantity: 3 });
    // subtotal ex VAT, VAT per line, total
    expect(page.summary).toEqual({
      itemCount: 3,
      subtotal: 3 * towelsEach,
      vatAmount: (3 * towelsEach) / 5,
      total: 3 * towelsEach * 1.2,
      // no delivery charge or minimum until an admin sets them
      ...FREE_DELIVERY,
    });
    expect(page.lines[0].unitPriceIncVat).toBe(towelsEach * 1.2);
    expect(up.cartCount).toBe(3);

    // a repeated + (the same form posted twice) lands on the same quantity
    await visitor.post({ intent: "increment", productId: towels.id, quantity: 3 });
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 3 });

    // without a target quantity, + and − step from the cart's quantity
    await visitor.post({ intent: "increment", productId: towels.id });
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 4 });
    await visitor.post({ intent: "decrement", productId: towels.id });
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 3 });

    await visitor.post({ intent: "set-quantity", productId: towels.id, quantity: 1 });
    const removed = await visitor.post({ intent: "decrement", productId: towels.id, quantity: 0 });
    expect(removed.toast).toBeNull();
    page = await visitor.page();
    expect(page.lines).toEqual([]);
    expect(page.summary).toEqual({ itemCount: 0, subtotal: 0, vatAmount: 0, total: 0, ...FREE_DELIVERY });
    expect(removed.cartCount).toBe(0);
  });

  it("refuses a quantity above the stock, says how many are left and changes nothing", async () => {
    const visitor = await start();
    await visitor.add({ productId: towels.id, quantity: 2 });
    const refused = await visitor.post({ intent: "set-quantity", productId: towels.id, quantity: 9 });
    expect(refused.location).toBe("/cart");
    expect(refused.toast).toMatchObject({ title: "Only 5 left in stock", variant: "destructive" });
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 2 });

    const notANumber = await visitor.post({ intent: "set-quantity", productId: towels.id, quantity: "lots" });
    expect(notANumber.toast).toMatchObject({ title: "Quantity must be a whole number", variant: "destructive" });
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 2 });

    const plus = await visitor.post({ intent: "increment", productId: towels.id, quantity: 6 });
    expect(plus.toast?.title).toBe("Only 5 left in stock");
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 2 });

    // lowering is always allowed; 0 removes
    await visitor.post({ intent: "set-quantity", productId: towels.id, quantity: 0 });
    expect((await visitor.page()).lines).toEqual([]);
  });

  it("removes one line by product plus variants, and clears the cart", async () => {
    const visitor = await start();
    await visitor.add({ productId: vest.id, quantity: 1, "variant:Size": "M" });
    await visitor.add({ productId: vest.id, quantity: 2, "variant:Size": "L" });
    await visitor.add({ productId: milk.id, quantity: 3 });

    await visitor.post({ intent: "remove", productId: vest.id, "variant:Size": "M" });
    expect(quantities(await visitor.page())).toEqual({ 'Hi-Vis Vest{"Size":"L"}': 2, "Semi-Skimmed Milk{}": 3 });

    // removing a line that is already gone is not an error
    const again = await visitor.post({ intent: "remove", productId: vest.id, "variant:Size": "M" });
    expect(again.toast).toBeNull();

    const cleared = await visitor.post({ intent: "clear" });
    expect(cleared.location).toBe("/cart");
    expect(cleared.cartCount).toBe(0);
    expect((await visitor.page()).lines).toEqual([]);
  });

  it("puts remembered lines back into an empty cart, skipping what the server refuses", async () => {
    const visitor = await start();
    const lines = [
      { productId: towels.id, selectedVariants: {}, quantity: 2 },
      { productId: vest.id, selectedVariants: { Size: "S" }, quantity: 1 },
      { productId: 999_999, selectedVariants: {}, quantity: 1 },
      { productId: milk.id, selectedVariants: {}, quantity: 500 }, // more than the 200 in stock
    ];
    const restored = await visitor.post({ intent: "restore-mirror", lines: JSON.stringify(lines) });
    expect(restored.location).toBe("/cart");
    expect(restored.toast).toMatchObject({ title: "Restored 2 of 4 lines", variant: "destructive" });
    expect(restored.toast.description).toBe(
      "2 lines (3 items) were restored to your cart. Not available: A product (no longer available), " +
        "Semi-Skimmed Milk (only 200 left in stock).",
    );
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 2, 'Hi-Vis Vest{"Size":"S"}': 1 });

    // posted again (a double click): the cart is no longer empty, so nothing is added twice
    const repeat = await visitor.post({ intent: "restore-mirror", lines: JSON.stringify(lines) });
    expect(repeat.toast.title).toBe("Your cart already has items, so nothing was restored");
    expect(quantities(await visitor.page())).toEqual({ "Paper Towels{}": 2, 'Hi-Vis Vest{"Size":"S"}': 1 });

    const unreadable = await visitor.post({ intent: "restore-mirror", lines: "{oops" });
    expect(unreadable.toast).toMatchObject({ title: "The saved items could not be read", variant: "destructive" });
  });

  it("gives the page the lines to mirror and says whose they are", async () => {
    const visitor = await start();
    await visitor.add({ productId: vest.id, quantity: 2, "variant:Size": "L" });
    const page = await visitor.page();
    expect(page.mirror.lines).toEqual([{ productId: vest.id, selectedVariants: { Size: "L" }, quantity: 2 }]);
    expect(page.mirror.owner).toMatch(/^(guest|user:.+)$/);
    expect(page.mirror.lastOrderAt).toBeNull();
  });

  it("the cart API and the page show the same cart", async () => {
    const visitor = await start();

    const added = await visitor.api(apiCartItems.action, "POST", "/api/cart/items", {
      productId: vest.id,
      quantity: 3,
      selectedVariants: { Size: "M" },
    });
    expect(added.status).toBe(200);
    await visitor.add({ productId: milk.id, quantity: 2 });

    const page = await visitor.page();
    const api = await visitor.api(apiCart.loader, "GET", "/api/cart");
    expect(api.status).toBe(200);
    expect(api.body.items.map((item: PageLine) => [item.productId, item.quantity, item.selectedVariants])).toEqual(
      page.lines.map((line: PageLine) => [line.productId, line.quantity, line.selectedVariants]),
    );
    expect(api.body.subtotal).toBe(toDecimalString(page.summary.subtotal));
    expect(api.body.vatAmount).toBe(toDecimalString(page.summary.vatAmount));
    expect(api.body.total).toBe(toDecimalString(page.summary.total));
    expect(api.body.itemCount).toBe(5);
    expect(api.body.items[1]).toMatchObject({ productName: "Semi-Skimmed Milk", vatRate: "5.00" });

    // PATCH past the stock: 409, nothing changes
    const tooMany = await visitor.api(apiCartItems.action, "PATCH", "/api/cart/items", {
      productId: vest.id,
      selectedVariants: { Size: "M" },
      quantity: 51,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ message: "Only 50 left in stock", field: "quantity" });
    const patched = await visitor.api(apiCartItems.action, "PATCH", "/api/cart/items", {
      productId: vest.id,
      selectedVariants: { Size: "M" },
      quantity: 4,
    });
    expect(patched.body.items[0].quantity).toBe(4);
    expect(quantities(await visitor.page())).toEqual({ 'Hi-Vis Vest{"Size":"M"}': 4, "Semi-Skimmed Milk{}": 2 });

    const unknown = await visitor.api(apiCartItems.action, "POST", "/api/cart/items", { productId: 999_999, quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe("productId");

    const removed = await visitor.api(apiCartItems.action, "DELETE", "/api/cart/items", {
      productId: vest.id,
      selectedVariants: { Size: "M" },
    });
    expect(removed.body.items.map((item: PageLine) => item.productName)).toEqual(["Semi-Skimmed Milk"]);

    const cleared = await visitor.api(apiCart.action, "DELETE", "/api/cart");
    expect(cleared.body).toMatchObject({ items: [], itemCount: 0, total: "0.00" });
    expect((await visitor.page()).lines).toEqual([]);
  });
});

describe("the cart page", () => {
  it("says when a price changed since the line was added", async () => {
    const visitor = new Visitor();
    const product = createProduct({ name: "Price Mover", salesPrice: 1000, stockLevel: 10 });
    await visitor.add({ productId: product.id, quantity: 1 });
    let line = (await visitor.page()).lines[0];
    expect(line).toMatchObject({ priceChanged: false, unitPriceIncVat: 1200 });

    getDb().update(products).set({ salesPrice: 1100 }).where(eq(products.id, product.id)).run();
    line = (await visitor.page()).lines[0];
    // the server's current price, and what it was
    expect(line).toMatchObject({ priceChanged: true, unitPriceIncVat: 1320, previousUnitPriceIncVat: 1200 });
  });

  it("reports lines of deleted products once and leaves them out", async () => {
    const visitor = new Visitor();
    const doomed = createProduct({ name: "Discontinued Mop", salesPrice: 500, stockLevel: 10 });
    await visitor.add({ productId: doomed.id, quantity: 2 });
    await visitor.add({ productId: milk.id, quantity: 1 });
    getDb().delete(products).where(eq(products.id, doomed.id)).run();

    const first = await visitor.page();
    expect(first.droppedCount).toBe(2);
    expect(first.droppedLines).toBe(1);
    expect(first.lines.map((line: PageLine) => line.productName)).toEqual(["Semi-Skimmed Milk"]);
    const second = await visitor.page();
    expect(second.droppedCount).toBe(0);
    expect(second.lines).toHaveLength(1);
  });

  it("opens the save-template form on its own URL", async () => {
    const visitor = new Visitor();
    expect((await visitor.page("/cart?dialog=save-template")).dialog).toBe("save-template");
    expect((await visitor.page("/cart")).dialog).toBeNull();
    expect((await visitor.page("/cart?dialog=other")).dialog).toBeNull();
  });

  it("answers an unknown intent with a notice, not an error page", async () => {
    const visitor = new Visitor();
    const result = await visitor.post({ intent: "explode" });
    expect(result.location).toBe("/cart");
    expect(result.toast).toMatchObject({ title: "Unknown cart action", variant: "destructive" });
  });

  it("the cart API refuses other methods", async () => {
    const response = await callRoute(apiCart.action, buildRequest("/api/cart", { method: "PUT", json: {} }));
    expect(response.status).toBe(405);
  });
});

describe("the cart API for a first-time visitor", () => {
  it("answers an empty cart without starting a session, and starts one when something is added", async () => {
    const empty = await callRoute(apiCart.loader, buildRequest("/api/cart"));
    expect(empty.status).toBe(200);
    expect(await readJson(empty)).toMatchObject({ items: [], itemCount: 0, subtotal: "0.00", vatAmount: "0.00", total: "0.00" });
    expect(empty.headers.getSetCookie()).toEqual([]);

    const added = await callRoute(
      apiCartItems.action,
      buildRequest("/api/cart/items", { json: { productId: towels.id, quantity: 2 } }),
    );
    expect(added.status).toBe(200);
    const cookie = cookieFrom(added);
    const cart = await readJson(await callRoute(apiCart.loader, buildRequest("/api/cart", { cookie })));
    // a guest pays list prices: 2 × £2.50 + 20% VAT
    expect(cart).toMatchObject({ itemCount: 2, subtotal: "5.00", vatAmount: "1.00", total: "6.00" });
    expect(cart.items[0]).toMatchObject({ productName: "Paper Towels", unitPrice: "2.50", unitPriceIncVat: "3.00", quantity: 2 });
  });
});
