import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser } from "./factories";
import { renderPage } from "./rendered-page";
import { signIn } from "./sign-in";

/**
 * A new install's storefront before its first product: buyers are told the catalogue is being set up (not
 * shown empty shelves), and a signed-in admin gets the way into the back office to fill it.
 */
let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  await createUser({ email: "owner@acme.test", role: "admin" });
  await createUser({ email: "chef@bistro.test" });
  adminCookie = await signIn("owner@acme.test", { via: "api" });
  buyerCookie = await signIn("chef@bistro.test", { via: "api" });
  createCategory("Catering Disposables");
  // the first page loads every route module
  await renderPage("/login");
}, 120_000);

const SETTING_UP = "The catalogue is being set up";

describe("a storefront with no products", () => {
  it.each(["/", "/category/catering-disposables"])("%s tells a buyer the catalogue is being set up, with no back-office link", async (page) => {
    const { status, html } = await renderPage(page, { cookie: buyerCookie });
    expect(status).toBe(200);
    expect(html).toContain(SETTING_UP);
    expect(html).not.toContain('href="/admin/products?dialog=import"');
  });

  it("links a signed-in admin to the back office to add or import products", async () => {
    const { html } = await renderPage("/", { cookie: adminCookie });
    expect(html).toContain(SETTING_UP);
    expect(html).toContain('href="/admin/products?dialog=new"');
    expect(html).toContain('href="/admin/products?dialog=import"');
  });

  it("says nothing of it once there is a product", async () => {
    createProduct({ name: "Blue Roll", salesPrice: 1_250 });
    const { html } = await renderPage("/", { cookie: buyerCookie });
    expect(html).not.toContain(SETTING_UP);
  });
});
