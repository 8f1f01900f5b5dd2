import type { Page } from "@playwright/test";
import { ADMIN_NAV } from "../../app/components/admin/nav";
import { ADMIN, BUYER, expect, JS_ONLY, test } from "./fixtures";

/**
 * Every screen must come alive in the browser: a server-only call left at a route module's top level, for
 * one, throws while the page hydrates, and then no button on it does more than a plain form post.
 */
async function scriptErrorsOn(page: Page, path: string) {
  const errors: string[] = [];
  let failed: () => void = () => {};
  const thrown = new Promise<void>((resolve) => (failed = resolve));
  const listener = (error: Error) => {
    errors.push(error.message);
    failed();
  };
  page.on("pageerror", listener);
  await page.goto(path);
  // alive once the document marks itself hydrated; a module that throws never gets that far
  await Promise.race([page.locator("html[data-hydrated]").waitFor({ state: "attached" }), thrown]);
  page.off("pageerror", listener);
  return errors;
}

test.describe("no screen throws while it comes alive", JS_ONLY, () => {
  // one test opens forty screens in turn: well under the usual 30 s alone, not on a box busy with other work
  test.describe.configure({ timeout: 120_000 });
  test("every back-office screen", async ({ page, login }) => {
    await login(ADMIN);
    const paths = ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const errors = await scriptErrorsOn(page, path);
      if (errors.length) found[path] = errors;
    }
    expect(found).toEqual({});
  });

  test("every storefront screen", async ({ page, login, request }) => {
    const categories = (await (await request.get("/api/categories")).json()) as { slug: string }[];
    const products = (await (await request.get("/api/products")).json()) as { slug: string }[] | { items: { slug: string }[] };
    const productSlug = (Array.isArray(products) ? products : products.items)[0].slug;
    await login(BUYER);
    const paths = [
      "/",
      `/category/${categories[0].slug}`,
      `/products/${productSlug}`,
      "/cart",
      "/checkout",
      "/quick-order",
      "/prices",
      "/request-product",
      "/account",
      "/account/dashboard",
      "/account/orders",
      "/account/invoices",
      "/account/balance",
      "/account/returns",
      "/account/loyalty",
      "/account/templates",
      "/account/addresses",
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const errors = await scriptErrorsOn(page, path);
      if (errors.length) found[path] = errors;
    }
    expect(found).toEqual({});
  });
});
