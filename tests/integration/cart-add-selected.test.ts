/**
 * "Add selected to cart" through both doors: the list view's form (POST /cart/add-selected, one post for
 * every row with a quantity) and the JSON API (POST /api/cart/items with `items`). Lines that can go in go
 * in; the others are refused with their reason and, on the page, keep their quantities. The Grid / List
 * toggle is remembered per browser in a cookie.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, productVariants, products } from "~db/schema";
import * as root from "~/root";
import * as apiCartItems from "~/routes/api.cart.items";
import * as addSelected from "~/routes/cart.add-selected";
import * as categoryPage from "~/routes/category.$slug";
import * as home from "~/routes/_index";
import * as listingView from "~/routes/listing-view";
import { selectedField } from "~/domain/cart/add-selected";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
let penne: Product;
let bleach: Product;
let eggs: Product;
let gone: Product;
let vest: Product;
let buyerId: string;
let buyerCookie: string;
const CATEGORY = "/category/trade-counter";

beforeAll(async () => {
  const category = createCategory("Trade Counter");
  penne = createProduct({ name: "Penne Pasta 3kg", sku: "PASTA-3KG", salesPrice: 749, vatRate: 0, stockLevel: 120, categoryId: category.id });
  bleach = createProduct({ name: "Thick Bleach 5L", sku: "BLEACH-5L", salesPrice: 299, stockLevel: 150, categoryId: category.id });
  eggs = createProduct({ name: "Free-Range Eggs (Tray of 30)", sku: "EGGS-30", salesPrice: 575, vatRate: 0, stockLevel: 6, categoryId: category.id });
  gone = createProduct({ name: "Floor Cleaner 5L", sku: "FLOOR-5L", salesPrice: 999, stockLevel: 0, categoryId: category.id });
  vest = createProduct({ name: "Hi-Vis Vest", sku: "HIVIS", salesPrice: 249, stockLevel: 50, categoryId: category.id });
  getDb().insert(productVariants).values({ productId: vest.id, name: "Size", options: ["M", "L"], position: 0 }).run();
  const buyer = await createUser({ email: "list-buyer@example.com" });
  buyerId = buyer.id;
  buyerCookie = await signIn(buyer.email);
});

function cartOf(userId: string) {
  return getDb()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .all()
    .sort((a, b) => a.productId - b.productId);
}

function emptyCart(userId: string) {
  getDb().delete(cartItems).where(eq(cartItems.userId, userId)).run();
}

/** The category page as the list view's form is on it: rows numbered in page order. */
async function pageOf(cookie: string, path = CATEGORY) {
  const response = await callRoute(categoryPage.loader, buildRequest(path, { cookie }), { slug: "trade-counter" });
  expect(response.status).toBe(200);
  return readJson(response);
}

function rowsForm(rows: [Product, string][], key: string, redirectTo = CATEGORY) {
  const form: Record<string, string | number> = { redirectTo, idempotencyKey: key };
  rows.forEach(([product, quantity], index) => {
    form[selectedField(index, "productId")] = product.id;
    form[selectedField(index, "quantity")] = quantity;
  });
  return form;
}

async function post(form: Record<string, string | number>, cookie: string) {
  const response = await callRoute(addSelected.action, buildRequest("/cart/add-selected", { form, cookie }));
  return { location: redirectLocation(response), cookie: cookieFrom(response, cookie) };
}

async function toastOn(location: string, cookie: string) {
  return (await readJson(await callRoute(root.loader, buildRequest(location, { cookie })))).toast;
}

describe("the Grid / List toggle", () => {
  it("remembers the list view in a cookie and goes back to the listing with its filters", async () => {
    const back = `${CATEGORY}?q=bleach&added=old`;
    const response = await callRoute(
      listingView.loader,
      buildRequest(`/listing-view?view=list&back=${encodeURIComponent(back)}`),
    );
    expect(redirectLocation(response)).toBe(back);
    const cookie = cookieFrom(response);
    expect(cookie).toMatch(/^listing_view=/);
    expect((await pageOf(cookie)).view).toBe("list");
    expect((await pageOf("")).view).toBe("grid");
    expect((await readJson(await callRoute(home.loader, buildRequest("/", { cookie })))).view).toBe("list");

    const grid = await callRoute(listingView.loader, buildRequest(`/listing-view?view=grid&back=${encodeURIComponent(CATEGORY)}`, { cookie }));
    expect((await pageOf(cookieFrom(grid, cookie))).view).toBe("grid");
  });

  it("changes nothing for an unknown view and never goes to another site", async () => {
    const response = await callRoute(listingView.loader, buildRequest("/listing-view?view=table&back=%2F%2Fevil.example"));
    expect(redirectLocation(response)).toBe("/");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("POST /cart/add-selected (the list view's form)", () => {
  it("adds every row with a quantity in one post, refuses what is short, and the page keeps its quantity", async () => {
    emptyCart(buyerId);
    const { addToCartKey } = await pageOf(buyerCookie);
    const form = rowsForm(
      [
        [penne, "5"],
        [bleach, "3"],
        [eggs, "10"],
        [gone, ""],
      ],
      addToCartKey,
    );
    const first = await post(form, buyerCookie);
    expect(first.location).toMatch(new RegExp(`^${CATEGORY}\\?added=[\\w-]+$`));
    expect(cartOf(buyerId)).toEqual([
      { productId: penne.id, quantity: 5 },
      { productId: bleach.id, quantity: 3 },
    ]);

    // the page the redirect lands on: what went in, what did not and why, the refused row's quantity back
    const page = await pageOf(first.cookie, first.location);
    expect(page.result).toMatchObject({
      kept: { [eggs.id]: "10" },
      reasons: { [eggs.id]: "only 6 left in stock" },
      added: ["5 × Penne Pasta 3kg", "3 × Thick Bleach 5L"],
      refused: ["10 × Free-Range Eggs (Tray of 30) (only 6 left in stock)"],
    });
    expect(await toastOn(first.location, first.cookie)).toEqual({
      title: "Added 2 products (8 units) to your cart",
      description: "5 × Penne Pasta 3kg; 3 × Thick Bleach 5L. Not added: 10 × Free-Range Eggs (Tray of 30) (only 6 left in stock).",
    });

    // the same post again (a double click, a resubmitted page) adds nothing more
    const again = await post(form, first.cookie);
    expect(cartOf(buyerId)).toEqual([
      { productId: penne.id, quantity: 5 },
      { productId: bleach.id, quantity: 3 },
    ]);
    expect((await pageOf(again.cookie, again.location)).result.kept).toEqual({ [eggs.id]: "10" });

    // another page view's post adds again, and the other rows go into the lines already there
    const next = await pageOf(again.cookie, CATEGORY);
    expect(next.result).toBeNull();
    await post(rowsForm([[penne, "2"], [eggs, "6"]], next.addToCartKey), again.cookie);
    expect(cartOf(buyerId)).toEqual([
      { productId: penne.id, quantity: 7 },
      { productId: bleach.id, quantity: 3 },
      { productId: eggs.id, quantity: 6 },
    ]);
  });

  it("refuses an out-of-stock or gone product on its own line", async () => {
    emptyCart(buyerId);
    const { addToCartKey } = await pageOf(buyerCookie);
    const form = rowsForm([[bleach, "1"], [gone, "4"]], addToCartKey);
    form[selectedField(2, "productId")] = 999_999;
    form[selectedField(2, "quantity")] = "2";
    const result = await post(form, buyerCookie);
    expect(cartOf(buyerId)).toEqual([{ productId: bleach.id, quantity: 1 }]);
    const page = await pageOf(result.cookie, result.location);
    expect(page.result.reasons).toEqual({ [gone.id]: "out of stock", "999999": "no longer available" });
    expect(page.result.kept).toEqual({ [gone.id]: "4", "999999": "2" });
  });

  it("adds nothing when a quantity is not a whole number, and keeps every quantity typed", async () => {
    emptyCart(buyerId);
    const { addToCartKey } = await pageOf(buyerCookie);
    const result = await post(rowsForm([[penne, "4"], [bleach, "2.5"]], addToCartKey), buyerCookie);
    expect(cartOf(buyerId)).toEqual([]);
    const page = await pageOf(result.cookie, result.location);
    expect(page.result.kept).toEqual({ [penne.id]: "4", [bleach.id]: "2.5" });
    expect(page.result.reasons[bleach.id]).toMatch(/whole numbers/);
    expect(await toastOn(result.location, result.cookie)).toMatchObject({ title: "Nothing was added to your cart", variant: "destructive" });
  });

  it("says so when no row has a quantity", async () => {
    const { addToCartKey } = await pageOf(buyerCookie);
    const result = await post(rowsForm([[penne, ""], [bleach, "0"]], addToCartKey), buyerCookie);
    expect(await toastOn(result.location, result.cookie)).toEqual({
      title: "Nothing was added to your cart",
      description: "Type a quantity for at least one product",
      variant: "destructive",
    });
  });

  it("works for a guest, whose cart lives in the session", async () => {
    const { addToCartKey } = await pageOf("");
    const response = await callRoute(
      addSelected.action,
      buildRequest("/cart/add-selected", { form: rowsForm([[penne, "2"], [bleach, "1"]], addToCartKey) }),
    );
    const cookie = cookieFrom(response);
    const cart = await readJson(await callRoute(root.loader, buildRequest(redirectLocation(response), { cookie })));
    expect(cart.cartCount).toBe(3);
  });

  it("comes back only to a page of this site", async () => {
    const { addToCartKey } = await pageOf(buyerCookie);
    const result = await post(rowsForm([[penne, "1"]], addToCartKey, "https://evil.example/"), buyerCookie);
    expect(result.location).toMatch(/^\/\?added=/);
  });
});

describe("POST /api/cart/items with several lines", () => {
  const postJson = (body: unknown, key?: string) =>
    callRoute(
      apiCartItems.action,
      buildRequest("/api/cart/items", { json: body, cookie: buyerCookie, headers: key ? { "Idempotency-Key": key } : {} }),
    );

  it("adds the lines that can go in and lists the ones refused", async () => {
    emptyCart(buyerId);
    const response = await postJson(
      {
        items: [
          { productId: penne.id, quantity: 4 },
          { productId: eggs.id, quantity: 9 },
          { productId: vest.id, quantity: 2, selectedVariants: { Size: "L" } },
          { productId: bleach.id, quantity: 0 },
        ],
      },
      "api-add-selected-0001",
    );
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.added).toEqual([
      { productId: penne.id, productName: "Penne Pasta 3kg", selectedVariants: {}, quantity: 4 },
      { productId: vest.id, productName: "Hi-Vis Vest", selectedVariants: { Size: "L" }, quantity: 2 },
    ]);
    expect(body.refused).toEqual([
      { productId: eggs.id, productName: "Free-Range Eggs (Tray of 30)", selectedVariants: {}, quantity: 9, reason: "only 6 left in stock" },
    ]);
    expect(body.itemCount).toBe(6);
    expect(body.items.map((item: { productId: number; quantity: number }) => [item.productId, item.quantity])).toEqual([
      [penne.id, 4],
      [vest.id, 2],
    ]);

    // a repeat with the same key adds nothing more
    expect((await readJson(await postJson({ items: [{ productId: penne.id, quantity: 4 }, { productId: eggs.id, quantity: 9 }, { productId: vest.id, quantity: 2, selectedVariants: { Size: "L" } }, { productId: bleach.id, quantity: 0 }] }, "api-add-selected-0001"))).itemCount).toBe(6);
    expect(cartOf(buyerId)).toEqual(
      [
        { productId: penne.id, quantity: 4 },
        { productId: vest.id, quantity: 2 },
      ].sort((a, b) => a.productId - b.productId),
    );
  });

  it("answers the first refusal's status when nothing could go in, and changes nothing", async () => {
    emptyCart(buyerId);
    const stock = await postJson({ items: [{ productId: eggs.id, quantity: 7 }, { productId: gone.id, quantity: 1 }] });
    expect(stock.status).toBe(409);
    expect(await readJson(stock)).toEqual({
      message: "Nothing was added to your cart: 7 × Free-Range Eggs (Tray of 30) (only 6 left in stock); 1 × Floor Cleaner 5L (out of stock)",
    });
    const unknown = await postJson({ items: [{ productId: 999_999, quantity: 1 }] });
    expect(unknown.status).toBe(404);
    const options = await postJson({ items: [{ productId: vest.id, quantity: 1 }] });
    expect(options.status).toBe(400);
    expect((await readJson(options)).message).toMatch(/choose its options/);
    expect(cartOf(buyerId)).toEqual([]);
  });

  it("answers 400 with the field for a bad quantity or no line at all, and changes nothing", async () => {
    const bad = await postJson({ items: [{ productId: penne.id, quantity: 2 }, { productId: bleach.id, quantity: -1 }] });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "Quantities are whole numbers from 0 to 100,000", field: "items.1.quantity" });
    const none = await postJson({ items: [] });
    expect(none.status).toBe(400);
    expect((await readJson(none)).message).toBe("Type a quantity for at least one product");
    const notAList = await postJson({ items: "penne" });
    expect(notAList.status).toBe(400);
    expect(cartOf(buyerId)).toEqual([]);
  });

  it("still adds one line from the single-line body", async () => {
    emptyCart(buyerId);
    const response = await postJson({ productId: bleach.id, quantity: 2 });
    expect(response.status).toBe(200);
    expect((await readJson(response)).itemCount).toBe(2);
    expect(getDb().select().from(cartItems).where(and(eq(cartItems.userId, buyerId), eq(cartItems.productId, bleach.id))).get()?.quantity).toBe(2);
  });
});
