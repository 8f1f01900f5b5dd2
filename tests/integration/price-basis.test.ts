/**
 * The price basis: the header's switch (POST /prices) remembers it in a cookie and goes back to a
 * same-site page; the root loader exposes it; the catalogue's price range, price order and facets read
 * the URL's numbers on that basis. And the grid cards' Add to Cart (POST /cart/add with the page's key
 * plus the product id).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products, productVariants } from "~db/schema";
import * as root from "~/root";
import * as cartAdd from "~/routes/cart.add";
import * as categoryPage from "~/routes/category.$slug";
import * as homePage from "~/routes/_index";
import * as prices from "~/routes/prices";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;

let slug: string;
let soap: Product; // £10.00 ex VAT at 20%: £12.00 inc
let pasta: Product; // £11.00 at 0%: £11.00 either way
let vest: Product; // has sizes
let gone: Product; // out of stock

beforeAll(() => {
  const category = createCategory("Basis Test");
  slug = category.slug;
  soap = createProduct({ name: "Hand Soap", salesPrice: 1000, vatRate: 2000, categoryId: category.id });
  pasta = createProduct({ name: "Penne", salesPrice: 1100, vatRate: 0, categoryId: category.id });
  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 500, vatRate: 2000, categoryId: category.id });
  getDb().insert(productVariants).values({ productId: vest.id, name: "Size", options: ["M", "L"] }).run();
  gone = createProduct({ name: "Sold Out Sponge", salesPrice: 100, vatRate: 2000, stockLevel: 0, categoryId: category.id });
});

async function switchBasis(fields: Record<string, string>, cookie = "") {
  return callRoute(prices.action, buildRequest("/prices", { form: fields, cookie }));
}

describe("POST /prices", () => {
  it("remembers ex VAT for a year and goes back to the page it came from", async () => {
    const response = await switchBasis({ basis: "ex", redirectTo: `/category/${slug}?sort=price-asc` });
    expect(redirectLocation(response)).toBe(`/category/${slug}?sort=price-asc`);
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^price_basis=/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const cookie = cookieFrom(response);
    const data = await readJson(await callRoute(root.loader, buildRequest("/", { cookie })));
    expect(data.priceBasis).toBe("ex");

    const back = await switchBasis({ basis: "inc", redirectTo: "/cart" }, cookie);
    expect(redirectLocation(back)).toBe("/cart");
    const incData = await readJson(await callRoute(root.loader, buildRequest("/", { cookie: cookieFrom(back, cookie) })));
    expect(incData.priceBasis).toBe("inc");
  });

  it("shows inc VAT to a visitor who never chose", async () => {
    expect((await readJson(await callRoute(root.loader, buildRequest("/")))).priceBasis).toBe("inc");
  });

  it("sends a redirect target that is not a same-site path home", async () => {
    for (const target of ["//evil.example/path", "https://evil.example", "/\\evil.example", "javascript:alert(1)", ""]) {
      const response = await switchBasis({ basis: "ex", redirectTo: target });
      expect(redirectLocation(response), target).toBe("/");
      expect(response.headers.get("Set-Cookie")).toMatch(/^price_basis=/);
    }
  });

  it("changes nothing for a basis it does not know, and says so", async () => {
    const response = await switchBasis({ basis: "gross", redirectTo: "/cart" });
    expect(redirectLocation(response)).toBe("/cart");
    expect(response.headers.getSetCookie().some((header) => header.startsWith("price_basis="))).toBe(false);
    const data = await readJson(await callRoute(root.loader, buildRequest("/cart", { cookie: cookieFrom(response) })));
    expect(data.toast).toMatchObject({ title: "Choose inc VAT or ex VAT", variant: "destructive" });
    expect(data.priceBasis).toBe("inc");
  });
});

describe("the price filter on each basis", () => {
  let exCookie: string;
  beforeAll(async () => {
    exCookie = cookieFrom(await switchBasis({ basis: "ex", redirectTo: "/" }));
  });

  async function category(query: string, cookie = "") {
    const response = await callRoute(categoryPage.loader, buildRequest(`/category/${slug}?${query}`, { cookie }), { slug });
    expect(response.status).toBe(200);
    const data = await readJson(response);
    return { names: data.items.map((item: { product: { name: string } }) => item.product.name), data };
  }

  it("reads the range inc VAT by default: £11.50 keeps the £11.00 pasta, not the £12.00 soap", async () => {
    expect((await category("min=11&max=11.5")).names).toEqual(["Penne"]);
    expect((await category("min=12&max=12")).names).toEqual(["Hand Soap"]);
    // the soap is £12.00 inc VAT, so a range ending at £11.99 leaves it out
    expect((await category("min=9&max=11.99")).names).toEqual(["Penne"]);
  });

  it("reads the same numbers ex VAT once the buyer chose ex VAT", async () => {
    expect((await category("min=9&max=10.5", exCookie)).names).toEqual(["Hand Soap"]);
    expect((await category("min=11&max=11.5", exCookie)).names).toEqual(["Penne"]);
    expect((await category("min=12&max=12", exCookie)).names).toEqual([]);
  });

  it("gives the slider's bounds and the price order on the buyer's basis", async () => {
    expect((await category("")).data.facets).toMatchObject({ priceMin: 1, priceMax: 12 });
    expect((await category("", exCookie)).data.facets).toMatchObject({ priceMin: 1, priceMax: 11 });
    expect((await category("sort=price-desc&min=10")).names).toEqual(["Hand Soap", "Penne"]);
    expect((await category("sort=price-desc&min=10", exCookie)).names).toEqual(["Penne", "Hand Soap"]);
  });

  it("applies on the home page's sections too", async () => {
    const response = await callRoute(homePage.loader, buildRequest("/?min=11&max=11.5"));
    const data = await readJson(response);
    const names = data.sections.flatMap((section: { items: { product: { name: string } }[] }) =>
      section.items.map((item) => item.product.name),
    );
    expect(names).toEqual(["Penne"]);
  });
});

describe("Add to Cart from a category grid", () => {
  it("tells cards with options and out-of-stock cards apart, and adds once per page key and product", async () => {
    const buyer = await createUser({ email: "grid-buyer@example.com" });
    const cookie = await signIn(buyer.email);
    const data = await readJson(
      await callRoute(categoryPage.loader, buildRequest(`/category/${slug}`, { cookie }), { slug }),
    );
    expect(typeof data.addToCartKey).toBe("string");
    const byName = new Map(
      data.items.map((item: { product: { name: string }; hasVariants: boolean }) => [item.product.name, item]),
    );
    expect(byName.get("Hi-Vis Vest")).toMatchObject({ hasVariants: true });
    expect(byName.get("Penne")).toMatchObject({ hasVariants: false });
    expect(byName.get(gone.name)).toMatchObject({ product: { stockLevel: 0 } });

    const post = async (product: Product, quantity: number) => {
      const response = await callRoute(
        cartAdd.action,
        buildRequest("/cart/add", {
          form: {
            productId: product.id,
            quantity,
            redirectTo: `/category/${slug}?sort=price-asc`,
            idempotencyKey: `${data.addToCartKey}:${product.id}`,
          },
          cookie,
        }),
      );
      expect(redirectLocation(response)).toBe(`/category/${slug}?sort=price-asc`);
      return readJson(await callRoute(root.loader, buildRequest(`/category/${slug}`, { cookie: cookieFrom(response, cookie) })));
    };

    expect(await post(pasta, 3)).toMatchObject({ toast: { title: "Added to Cart!", description: "3 × Penne" }, cartCount: 3 });
    // a double click posts the same key: nothing more is added
    expect((await post(pasta, 3)).cartCount).toBe(3);
    // another card on the same page has a key of its own
    expect((await post(soap, 2)).cartCount).toBe(5);
    const lines = getDb().select().from(cartItems).where(eq(cartItems.userId, buyer.id)).all();
    expect(lines.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [pasta.id, 3],
        [soap.id, 2],
      ].sort(),
    );
  });
});
