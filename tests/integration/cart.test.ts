import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, customerPricing, priceTiers, products, productVariants, users, volumeDiscounts } from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { addToCart, clearCart, getCart, removeLine, setLineQuantity } from "~/domain/cart/cart.server";
import { countCartItems, type CartOwner } from "~/domain/cart/cart-lines.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import * as root from "~/root";
import * as cartAdd from "~/routes/cart.add";
import { getDb } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";
import { createCategory, createProduct, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
let vest: Product; // variants Size × Colour, £10.00, volume 5% from 10 units, 50 in stock
let towels: Product; // no variants, £2.50, 5 in stock
let gloves: Product; // out of stock
let milk: Product; // VAT 5%

let buyerEmail: string;
let pendingEmail: string;

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Workwear");
  const silver = db.insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  buyerEmail = (await createUser({ email: "buyer@example.com", priceTierId: silver.id })).email;
  pendingEmail = (await createUser({ email: "pending@example.com", approvedAt: null, priceTierId: silver.id })).email;

  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 1000, stockLevel: 50, categoryId: category.id });
  db.insert(productVariants)
    .values([
      { productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 },
      { productId: vest.id, name: "Colour", options: ["Yellow", "Orange"], position: 1 },
    ])
    .run();
  db.insert(volumeDiscounts).values({ productId: vest.id, minQuantity: 10, discountPercentage: 500 }).run();
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, stockLevel: 5, categoryId: category.id });
  gloves = createProduct({ name: "Nitrile Gloves", salesPrice: 899, stockLevel: 0, categoryId: category.id });
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500, stockLevel: 200 });
});

type Fields = Record<string, string | number | undefined>;

/** Posts the product page's form to /cart/add, the way a browser without JavaScript does. */
async function postAdd(fields: Fields, cookie = "") {
  const response = await callRoute(cartAdd.action, buildRequest("/cart/add", { form: fields, cookie }));
  return { response, location: redirectLocation(response), cookie: cookieFrom(response, cookie) };
}

/** What the next page shows: the flashed toast and the header's cart badge (the root loader). */
async function nextPage(location: string, cookie: string) {
  const response = await callRoute(root.loader, buildRequest(location, { cookie }));
  const data = await readJson(response);
  return { toast: data.toast, cartCount: data.cartCount as number };
}

async function guestOwner(cookie: string): Promise<CartOwner> {
  return { kind: "guest", session: await getSession(buildRequest("/", { cookie })) };
}

async function guestCart(cookie: string) {
  return getCart(getDb(), await guestOwner(cookie), null);
}

const vestForm = (size: string | undefined, colour: string | undefined, quantity: string | number = 1): Fields => ({
  productId: vest.id,
  quantity,
  "variant:Size": size,
  "variant:Colour": colour,
  redirectTo: "/products/hi-vis-vest",
});

function userOwner(email: string) {
  const user = getDb().select().from(users).where(eq(users.email, email)).get()!;
  const sessionUser = findSessionUser(getDb(), user.id)!;
  return {
    owner: { kind: "user", userId: user.id } as CartOwner,
    buyer: buyerFor(getDb(), sessionUser),
    userId: user.id,
  };
}

describe("POST /cart/add as a guest", () => {
  it("adds the line, goes back to the product with 'Added to Cart!', and the badge counts it", async () => {
    const added = await postAdd(vestForm("M", "Yellow", 2));
    expect(added.location).toBe("/products/hi-vis-vest");
    const page = await nextPage(added.location, added.cookie);
    expect(page.toast).toEqual({ title: "Added to Cart!", description: "2 × Hi-Vis Vest" });
    expect(page.cartCount).toBe(2);
    const cart = await guestCart(added.cookie);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      productId: vest.id,
      productName: "Hi-Vis Vest",
      productSlug: "hi-vis-vest",
      selectedVariants: { Size: "M", Colour: "Yellow" },
      quantity: 2,
      unitPrice: 1000,
      priceWhenAdded: 1000,
      priceChanged: false,
    });
  });

  it("the same product and variants add to the line; other variants make a new line at the end", async () => {
    let { cookie } = await postAdd(vestForm("M", "Yellow", 2));
    ({ cookie } = await postAdd(vestForm("M", "Yellow", 3), cookie));
    ({ cookie } = await postAdd(vestForm("L", "Yellow", 1), cookie));
    ({ cookie } = await postAdd({ productId: towels.id, quantity: 1, redirectTo: "/" }, cookie));
    const cart = await guestCart(cookie);
    expect(cart.lines.map((line) => [line.productName, line.selectedVariants, line.quantity])).toEqual([
      ["Hi-Vis Vest", { Size: "M", Colour: "Yellow" }, 5],
      ["Hi-Vis Vest", { Size: "L", Colour: "Yellow" }, 1],
      ["Paper Towels", {}, 1],
    ]);
    expect((await nextPage("/", cookie)).cartCount).toBe(7);
  });

  it("a missing variant: 'Please select all options', back to the product, nothing added", async () => {
    const first = await postAdd(vestForm("M", "Yellow", 1));
    await nextPage("/", first.cookie); // the first toast has been seen
    const missing = await postAdd(vestForm("M", undefined, 4), first.cookie);
    expect(missing.location).toBe("/products/hi-vis-vest");
    const page = await nextPage(missing.location, missing.cookie);
    expect(page.toast).toEqual({
      title: "Please select all options",
      description: "You must select all product variants before adding to cart.",
      variant: "destructive",
    });
    expect(page.cartCount).toBe(1);
    expect((await guestCart(missing.cookie)).lines).toHaveLength(1);
  });

  it("an option the variant does not have is named in the message", async () => {
    const added = await postAdd(vestForm("XXL", "Yellow"));
    const page = await nextPage(added.location, added.cookie);
    expect(page.toast).toEqual({
      title: "Please select all options",
      description: '"XXL" is not an option for Size. Choose one of: S, M, L.',
      variant: "destructive",
    });
    expect(page.cartCount).toBe(0);
  });

  it("out of stock and above stock: the message, and the cart is unchanged", async () => {
    const out = await postAdd({ productId: gloves.id, quantity: 1, redirectTo: "/products/nitrile-gloves" });
    expect((await nextPage(out.location, out.cookie)).toast).toMatchObject({
      title: "Nitrile Gloves is out of stock",
      variant: "destructive",
    });
    expect((await guestCart(out.cookie)).lines).toEqual([]);

    const some = await postAdd({ productId: towels.id, quantity: 3 });
    await nextPage("/", some.cookie);
    const tooMany = await postAdd({ productId: towels.id, quantity: 3 }, some.cookie);
    const page = await nextPage(tooMany.location, tooMany.cookie);
    expect(page.toast).toEqual({
      title: "Only 5 left in stock",
      description: "You already have 3 of Paper Towels in your cart.",
      variant: "destructive",
    });
    expect(page.cartCount).toBe(3);
    const exact = await postAdd({ productId: towels.id, quantity: 2 }, tooMany.cookie);
    expect((await nextPage("/", exact.cookie)).cartCount).toBe(5);
  });

  it("stock counts the product across all its variants", async () => {
    const first = await postAdd(vestForm("S", "Orange", 45));
    const second = await postAdd(vestForm("L", "Orange", 6), first.cookie);
    const page = await nextPage("/", second.cookie);
    expect(page.toast).toMatchObject({ title: "Only 50 left in stock" });
    expect(page.cartCount).toBe(45);
  });

  it("an unknown or missing product: 'Product not found', never an error page", async () => {
    const unknown = await postAdd({ productId: 987654, quantity: 1, redirectTo: "/category/workwear" });
    expect(unknown.location).toBe("/category/workwear");
    expect((await nextPage(unknown.location, unknown.cookie)).toast).toEqual({
      title: "Product not found",
      variant: "destructive",
    });
    for (const fields of [{ quantity: 2, redirectTo: "/products/x" }, { productId: "abc" }, { productId: "-1" }]) {
      const added = await postAdd(fields);
      expect(added.response.status).toBe(302);
      expect((await nextPage("/", added.cookie)).toast).toMatchObject({ title: "Product not found" });
    }
    const jsonBody = await callRoute(cartAdd.action, buildRequest("/cart/add", { json: { productId: towels.id } }));
    expect(redirectLocation(jsonBody)).toBe("/");
    expect((await nextPage("/", cookieFrom(jsonBody))).toast).toMatchObject({ title: "Product not found" });
  });

  it("an invalid quantity becomes 1", async () => {
    let cookie = "";
    for (const quantity of ["", "lots", "0", "-4", "0.5"]) {
      ({ cookie } = await postAdd({ productId: milk.id, quantity }, cookie));
    }
    const cart = await guestCart(cookie);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(5);
    expect((await nextPage("/", cookie)).toast).toEqual({ title: "Added to Cart!", description: "1 × Semi-Skimmed Milk" });
  });

  it("never redirects off the site, and a GET goes to the cart", async () => {
    const added = await postAdd({ productId: milk.id, redirectTo: "//evil.example/phish" });
    expect(added.location).toBe("/");
    const get = await callRoute(cartAdd.loader, buildRequest("/cart/add"));
    expect(redirectLocation(get)).toBe("/cart");
  });

  it("lines of a product deleted since are dropped from the cart and reported", async () => {
    const doomed = createProduct({ name: "Discontinued Mop", salesPrice: 500 });
    let { cookie } = await postAdd({ productId: doomed.id, quantity: 2 });
    ({ cookie } = await postAdd({ productId: milk.id, quantity: 1 }, cookie));
    getDb().delete(products).where(eq(products.id, doomed.id)).run();
    const cart = await guestCart(cookie);
    expect(cart.lines.map((line) => line.productName)).toEqual(["Semi-Skimmed Milk"]);
    expect(cart.droppedLines).toEqual([{ productId: doomed.id, selectedVariants: {}, quantity: 2 }]);
    expect(cart.total).toBe(333 + 17);
  });
});

describe("the signed-in cart", () => {
  let cookie: string;
  let owner: CartOwner;
  let buyer: ReturnType<typeof buyerFor>;
  let userId: string;

  beforeAll(async () => {
    cookie = await signIn(buyerEmail);
    ({ owner, buyer, userId } = userOwner(buyerEmail));
  });
  beforeEach(() => {
    getDb().delete(cartItems).where(eq(cartItems.userId, userId)).run();
    getDb().update(products).set({ salesPrice: 1000 }).where(eq(products.id, vest.id)).run();
  });

  it("POST /cart/add stores the line in cart_items with the buyer's price, and the badge counts it", async () => {
    const added = await postAdd(vestForm("S", "Yellow", 4), cookie);
    const page = await nextPage(added.location, added.cookie);
    expect(page.toast).toEqual({ title: "Added to Cart!", description: "4 × Hi-Vis Vest" });
    expect(page.cartCount).toBe(4);
    const rows = getDb().select().from(cartItems).where(eq(cartItems.userId, userId)).all();
    expect(rows).toEqual([
      expect.objectContaining({
        productId: vest.id,
        selectedVariants: { Size: "S", Colour: "Yellow" },
        variantKey: '{"Colour":"Yellow","Size":"S"}',
        quantity: 4,
        priceWhenAdded: 900, // Silver: 10% off £10.00
      }),
    ]);
    // the session carries no cart for a signed-in user
    expect((await getSession(buildRequest("/", { cookie: added.cookie }))).get("guestCart")).toBeUndefined();
  });

  it("merges the same product and variants, keeps other variants as their own lines", async () => {
    await postAdd(vestForm("S", "Yellow", 2), cookie);
    await postAdd(vestForm("S", "Yellow", 1), cookie);
    await postAdd(vestForm("M", "Orange", 1), cookie);
    const cart = getCart(getDb(), owner, buyer);
    expect(cart.lines.map((line) => [line.selectedVariants, line.quantity])).toEqual([
      [{ Size: "S", Colour: "Yellow" }, 3],
      [{ Size: "M", Colour: "Orange" }, 1],
    ]);
    expect(countCartItems(getDb(), owner)).toBe(4);
  });

  it("a missing variant or too many changes nothing in cart_items", async () => {
    await postAdd(vestForm("S", "Yellow", 2), cookie);
    const missing = await postAdd(vestForm(undefined, "Yellow", 2), cookie);
    expect((await nextPage("/", missing.cookie)).toast).toMatchObject({ title: "Please select all options" });
    const tooMany = await postAdd(vestForm("L", "Yellow", 49), cookie);
    expect((await nextPage("/", tooMany.cookie)).toast).toMatchObject({ title: "Only 50 left in stock" });
    const rows = getDb().select().from(cartItems).where(eq(cartItems.userId, userId)).all();
    expect(rows.map((row) => row.quantity)).toEqual([2]);
  });

  it("prices lines now: the volume step counts the product across its variants", async () => {
    await postAdd(vestForm("S", "Yellow", 6), cookie);
    await postAdd(vestForm("M", "Yellow", 3), cookie);
    let cart = getCart(getDb(), owner, buyer);
    // 9 vests: Silver 10% only
    expect(cart.lines.map((line) => line.unitPrice)).toEqual([900, 900]);
    expect(cart.lines[0].price).toEqual({ finalPrice: 900, customPrice: null, tierDiscount: 1000, volumeDiscount: 0 });

    await postAdd(vestForm("M", "Yellow", 1), cookie);
    cart = getCart(getDb(), owner, buyer);
    // 10 vests in two lines reach the 5% step: £10.00 × 0.9 × 0.95 = £8.55
    expect(cart.lines.map((line) => [line.quantity, line.unitPrice, line.lineTotal, line.vatAmount])).toEqual([
      [6, 855, 5130, 1026],
      [4, 855, 3420, 684],
    ]);
    expect(cart.lines.every((line) => !line.priceChanged)).toBe(true);
    expect(cart.lines[0].price.volumeDiscount).toBe(500);
    expect({ subtotal: cart.subtotal, vatAmount: cart.vatAmount, total: cart.total, itemCount: cart.itemCount }).toEqual({
      subtotal: 8550,
      vatAmount: 1710,
      total: 10260,
      itemCount: 10,
    });

    // going back below the step loses the discount on both lines
    expect(setLineQuantity(getDb(), owner, buyer, { productId: vest.id, selectedVariants: { Size: "M", Colour: "Yellow" }, quantity: 3 }).ok).toBe(true);
    cart = getCart(getDb(), owner, buyer);
    expect(cart.lines.map((line) => line.unitPrice)).toEqual([900, 900]);
    expect(cart.lines.every((line) => !line.priceChanged)).toBe(true);
  });

  it("VAT per line at each product's rate; a customer price wins outright", async () => {
    getDb().insert(customerPricing).values({ companyId: companyIdOf(userId), productId: milk.id, customPrice: 300 }).run();
    await postAdd({ productId: milk.id, quantity: 3 }, cookie);
    await postAdd({ productId: towels.id, quantity: 1 }, cookie);
    const cart = getCart(getDb(), owner, buyer);
    expect(cart.lines.map((line) => [line.productName, line.unitPrice, line.vatRate, line.lineTotal, line.vatAmount])).toEqual([
      ["Semi-Skimmed Milk", 300, 500, 900, 45],
      ["Paper Towels", 225, 2000, 225, 45],
    ]);
    expect(cart.lines[0].price.customPrice).toBe(300);
    expect([cart.subtotal, cart.vatAmount, cart.total]).toEqual([1125, 90, 1215]);
    getDb().delete(customerPricing).where(and(eq(customerPricing.companyId, companyIdOf(userId)), eq(customerPricing.productId, milk.id))).run();
  });

  it("says when a price changed after the line was added", async () => {
    await postAdd(vestForm("S", "Yellow", 2), cookie);
    getDb().update(products).set({ salesPrice: 1200 }).where(eq(products.id, vest.id)).run();
    const [line] = getCart(getDb(), owner, buyer).lines;
    expect(line).toMatchObject({ priceWhenAdded: 900, unitPrice: 1080, priceChanged: true, lineTotal: 2160 });
  });

  it("setLineQuantity: 0 removes; more than in stock is refused", async () => {
    await postAdd(vestForm("S", "Yellow", 2), cookie);
    await postAdd({ productId: towels.id, quantity: 2 }, cookie);
    const towelLine = { productId: towels.id, selectedVariants: {} };
    const refused = setLineQuantity(getDb(), owner, buyer, { ...towelLine, quantity: 6 });
    expect(refused).toMatchObject({ ok: false, status: 409, message: "Only 5 left in stock" });
    expect(setLineQuantity(getDb(), owner, buyer, { ...towelLine, quantity: 5 }).ok).toBe(true);
    expect(countCartItems(getDb(), owner)).toBe(7);
    expect(setLineQuantity(getDb(), owner, buyer, { ...towelLine, quantity: 0 })).toMatchObject({ ok: true, value: { removed: true } });
    expect(getCart(getDb(), owner, buyer).lines.map((line) => line.productName)).toEqual(["Hi-Vis Vest"]);
    expect(setLineQuantity(getDb(), owner, buyer, { ...towelLine, quantity: 3 })).toMatchObject({
      ok: false,
      status: 404,
      message: "This item is no longer in your cart",
    });
  });

  it("removeLine removes by product plus variants (in any key order); clearCart empties", async () => {
    await postAdd(vestForm("S", "Yellow", 2), cookie);
    await postAdd(vestForm("M", "Yellow", 1), cookie);
    await postAdd({ productId: milk.id, quantity: 1 }, cookie);
    const removed = removeLine(getDb(), owner, buyer, { productId: vest.id, selectedVariants: { Colour: "Yellow", Size: "S" } });
    expect(removed).toEqual({ ok: true, value: { removed: true } });
    expect(getCart(getDb(), owner, buyer).lines.map((line) => [line.productName, line.selectedVariants])).toEqual([
      ["Hi-Vis Vest", { Size: "M", Colour: "Yellow" }],
      ["Semi-Skimmed Milk", {}],
    ]);
    clearCart(getDb(), owner);
    expect(getCart(getDb(), owner, buyer)).toMatchObject({ lines: [], subtotal: 0, vatAmount: 0, total: 0, itemCount: 0 });
    expect((await nextPage("/", cookie)).cartCount).toBe(0);
  });

  it("a customer awaiting approval may fill a cart at list prices", async () => {
    const pendingCookie = await signIn(pendingEmail);
    const added = await postAdd(vestForm("S", "Yellow", 10), pendingCookie);
    expect((await nextPage("/", added.cookie)).toast).toEqual({ title: "Added to Cart!", description: "10 × Hi-Vis Vest" });
    const pending = userOwner(pendingEmail);
    expect(pending.buyer).toBeNull();
    const [line] = getCart(getDb(), pending.owner, pending.buyer).lines;
    expect(line).toMatchObject({ unitPrice: 1000, priceWhenAdded: 1000, priceChanged: false, lineTotal: 10000 });
  });
});

describe("the guest cart at sign-in", () => {
  it("merges into the user's cart through the login form and leaves the session", async () => {
    const email = "merge@example.com";
    await createUser({ email, priceTierId: getDb().select().from(priceTiers).get()!.id });
    const { owner, buyer, userId } = userOwner(email);
    // already saved on another device
    expect(addToCart(getDb(), owner, buyer, { productId: vest.id, quantity: 3, selectedVariants: { Size: "S", Colour: "Yellow" } }).ok).toBe(true);

    let guest = "";
    ({ cookie: guest } = await postAdd(vestForm("S", "Yellow", 2), guest));
    ({ cookie: guest } = await postAdd({ productId: towels.id, quantity: 1 }, guest));
    expect((await nextPage("/", guest)).cartCount).toBe(3);

    const signedIn = await signIn(email, { cookie: guest });
    const page = await nextPage("/", signedIn);
    // this account's first sign-in
    expect(page.toast).toMatchObject({ title: "Welcome!" });
    expect(page.cartCount).toBe(6);

    const cart = getCart(getDb(), owner, buyer);
    expect(cart.lines.map((line) => [line.productName, line.selectedVariants, line.quantity, line.unitPrice, line.priceChanged])).toEqual([
      ["Hi-Vis Vest", { Size: "S", Colour: "Yellow" }, 5, 900, false],
      ["Paper Towels", {}, 1, 225, false],
    ]);
    expect(getDb().select().from(cartItems).where(eq(cartItems.userId, userId)).all()).toHaveLength(2);
    // the guest lines are no longer session data, neither in the new session nor in the old one
    expect((await getSession(buildRequest("/", { cookie: signedIn }))).get("guestCart")).toBeUndefined();
    expect((await getSession(buildRequest("/", { cookie: guest }))).get("guestCart")).toBeUndefined();
  });
});
