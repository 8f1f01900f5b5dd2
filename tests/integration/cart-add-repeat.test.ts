/**
 * Adding to the cart is repeat-safe through both doors: the product page's form (POST /cart/add, with the
 * page's server-issued key) and the JSON API (POST /api/cart/items, with an Idempotency-Key header). The
 * same key posted again adds nothing more; a fresh key adds again.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products } from "~db/schema";
import * as root from "~/root";
import * as apiCartItems from "~/routes/api.cart.items";
import * as cartAdd from "~/routes/cart.add";
import * as productPage from "~/routes/products.$slug";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let crate: typeof products.$inferSelect;
let buyerCookie: string;
let buyerId: string;

beforeAll(async () => {
  const category = createCategory("Storage");
  crate = createProduct({ name: "Stacking Crate", salesPrice: 1200, stockLevel: 40, categoryId: category.id });
  const buyer = await createUser({ email: "repeat-buyer@example.com" });
  buyerId = buyer.id;
  buyerCookie = await signIn(buyer.email);
});

/** The key the product page issues to its add-to-cart form. */
async function pageKey(cookie = "") {
  const response = await callRoute(productPage.loader, buildRequest(`/products/${crate.slug}`, { cookie }), {
    slug: crate.slug,
  });
  const data = await readJson(response);
  expect(typeof data.addToCartKey).toBe("string");
  return data.addToCartKey as string;
}

async function postForm(fields: Record<string, string | number>, cookie: string) {
  const response = await callRoute(cartAdd.action, buildRequest("/cart/add", { form: fields, cookie }));
  return { location: redirectLocation(response), cookie: cookieFrom(response, cookie) };
}

async function nextPage(location: string, cookie: string) {
  const data = await readJson(await callRoute(root.loader, buildRequest(location, { cookie })));
  return { toast: data.toast, cartCount: data.cartCount as number };
}

describe("POST /cart/add with the page's key", () => {
  it("a signed-in buyer's repeated post adds once and says the same; a new page view adds again", async () => {
    getDb().delete(cartItems).where(eq(cartItems.userId, buyerId)).run();
    const key = await pageKey(buyerCookie);
    const fields = { productId: crate.id, quantity: 3, redirectTo: `/products/${crate.slug}`, idempotencyKey: key };

    const first = await postForm(fields, buyerCookie);
    expect(first.location).toBe(`/products/${crate.slug}`);
    expect(await nextPage(first.location, first.cookie)).toEqual({
      toast: { title: "Added to Cart!", description: "3 × Stacking Crate" },
      cartCount: 3,
    });

    const again = await postForm(fields, first.cookie);
    expect(again.location).toBe(`/products/${crate.slug}`);
    expect(await nextPage(again.location, again.cookie)).toEqual({
      toast: { title: "Added to Cart!", description: "3 × Stacking Crate" },
      cartCount: 3,
    });
    expect(getDb().select().from(cartItems).where(eq(cartItems.userId, buyerId)).all().map((row) => row.quantity)).toEqual([3]);

    const next = await postForm({ ...fields, idempotencyKey: await pageKey(again.cookie) }, again.cookie);
    expect((await nextPage(next.location, next.cookie)).cartCount).toBe(6);
  });

  it("a guest with a cart adds once per key too", async () => {
    const started = await postForm({ productId: crate.id, quantity: 1 }, "");
    const key = await pageKey(started.cookie);
    const fields = { productId: crate.id, quantity: 2, idempotencyKey: key };
    const first = await postForm(fields, started.cookie);
    const again = await postForm(fields, first.cookie);
    expect((await nextPage("/", again.cookie)).cartCount).toBe(3);
  });
});

describe("POST /api/cart/items with an Idempotency-Key", () => {
  it("a repeat adds nothing more and answers the same cart; another key adds again", async () => {
    getDb().delete(cartItems).where(eq(cartItems.userId, buyerId)).run();
    const post = (key: string) =>
      callRoute(
        apiCartItems.action,
        buildRequest("/api/cart/items", {
          json: { productId: crate.id, quantity: 2 },
          cookie: buyerCookie,
          headers: { "Idempotency-Key": key },
        }),
      );
    const first = await readJson(await post("api-add-key-0001"));
    const again = await readJson(await post("api-add-key-0001"));
    expect(first.itemCount).toBe(2);
    expect(again).toEqual(first);
    expect((await readJson(await post("api-add-key-0002"))).itemCount).toBe(4);
  });
});
