/**
 * Clear cart asks first (/cart?confirm=clear) and the clear itself is repeat-safe through both doors: the
 * cart page's confirmed form (with the page's key) and DELETE /api/cart (with an Idempotency-Key).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products } from "~db/schema";
import * as root from "~/root";
import * as apiCart from "~/routes/api.cart";
import * as cartAdd from "~/routes/cart.add";
import * as cartPage from "~/routes/cart/route";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let crate: typeof products.$inferSelect;
let lid: typeof products.$inferSelect;
let cookie: string;
let userId: string;

beforeAll(async () => {
  const category = createCategory("Storage");
  crate = createProduct({ name: "Stacking Crate", salesPrice: 1200, categoryId: category.id });
  lid = createProduct({ name: "Crate Lid", salesPrice: 300, categoryId: category.id });
  const user = await createUser({ email: "clear-buyer@example.com" });
  userId = user.id;
  cookie = await signIn(user.email);
});

async function add(product: typeof crate, quantity = 1) {
  const response = await callRoute(
    cartAdd.action,
    buildRequest("/cart/add", { form: { productId: product.id, quantity, redirectTo: "/cart" }, cookie }),
  );
  expect(redirectLocation(response)).toBe("/cart");
}

const lineCount = () => getDb().select().from(cartItems).where(eq(cartItems.userId, userId)).all().length;

async function cartPageData(query = "") {
  return readJson(await callRoute(cartPage.loader, buildRequest(`/cart${query}`, { cookie })));
}

describe("Clear cart on /cart", () => {
  it("asks first at ?confirm=clear, only when there is something to clear", async () => {
    getDb().delete(cartItems).where(eq(cartItems.userId, userId)).run();
    expect((await cartPageData("?confirm=clear")).confirmClear).toBe(false);
    await add(crate);
    await add(lid);
    expect((await cartPageData()).confirmClear).toBe(false);
    const asking = await cartPageData("?confirm=clear");
    expect(asking.confirmClear).toBe(true);
    expect(asking.lines).toHaveLength(2);
    expect(typeof asking.clearCartKey).toBe("string");
  });

  it("clears once per key: a repeat of the same post leaves a new cart alone", async () => {
    const { clearCartKey } = await cartPageData("?confirm=clear");
    const post = () =>
      callRoute(cartPage.action, buildRequest("/cart", { form: { intent: "clear", idempotencyKey: clearCartKey }, cookie }));

    const first = await post();
    expect(redirectLocation(first)).toBe("/cart");
    const next = await readJson(await callRoute(root.loader, buildRequest("/cart", { cookie: cookieFrom(first, cookie) })));
    expect(next.toast).toMatchObject({ title: "Cart cleared" });
    expect(lineCount()).toBe(0);

    await add(crate, 2);
    await post();
    expect(lineCount()).toBe(1);
  });
});

describe("DELETE /api/cart", () => {
  it("empties the cart, and a repeat with the same Idempotency-Key empties nothing more", async () => {
    await add(lid);
    expect(lineCount()).toBeGreaterThan(0);
    const call = () =>
      callRoute(
        apiCart.action,
        buildRequest("/api/cart", { method: "DELETE", cookie, headers: { "Idempotency-Key": "clear-key-0001" } }),
      );
    const first = await call();
    expect(first.status).toBe(200);
    expect((await readJson(first)).itemCount).toBe(0);
    await add(crate);
    const again = await call();
    expect(again.status).toBe(200);
    expect((await readJson(again)).itemCount).toBe(1);
  });
});
