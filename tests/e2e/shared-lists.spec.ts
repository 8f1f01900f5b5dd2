import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { BUYER, expect, pageOfItsOwn, signIn, test, type Account } from "./fixtures";
import { ORDERABLE } from "./orders";

/** buyer@example.com's colleagues in Hartley's Café & Deli Ltd (db/seed/people-data.ts). */
const COLLEAGUE: Account = { email: "buyer.colleague@example.com", password: "buyer-demo" };
const VIEWER: Account = { email: "buyer.viewer@example.com", password: "buyer-demo" };
const COMPANY = "Hartley's Café & Deli Ltd";

/** A colleague's own browser, signed in. */
async function signedInElsewhere(browser: Browser, account: Account) {
  const page = await pageOfItsOwn(browser);
  await signIn(page, account);
  return page;
}

/** A template of the signed-in person's own, made through the API, so the test depends on no demo list. */
async function makeTemplate(page: Page, name: string, slug: string, quantity: number, shared = false) {
  const product = await page.request.get(`/api/products/${slug}`);
  expect(product.status()).toBe(200);
  const created = await page.request.post("/api/order-templates", {
    data: { name, description: "Drinks for the counter fridge", items: [{ productId: (await product.json()).id, quantity, selectedVariants: {} }] },
  });
  expect(created.status()).toBe(201);
  if (!shared) return;
  const { id } = await created.json();
  expect((await page.request.patch(`/api/order-templates/${id}`, { data: { shared: true } })).status()).toBe(200);
}

test.describe("shared lists", () => {
  test("a company admin shares a list; a colleague loads it into the cart; a viewer is kept off the lists", async ({ page, browser, javaScriptEnabled }) => {
    test.slow(); // three people in three browsers
    const name = `Counter fridge ${javaScriptEnabled ? "js" : "no-js"} ${randomUUID().slice(0, 8)}`;
    // each project loads a product of its own, so the two runs side by side never count each other's units
    const product = javaScriptEnabled ? ORDERABLE.stillWater : ORDERABLE.cola;
    await signIn(page, BUYER);
    await makeTemplate(page, name, product.slug, 3);

    await page.goto("/account/templates");
    const own = page.getByRole("list", { name: "Your order templates" }).getByTestId("template-card").filter({ hasText: name });
    await expect(own).toContainText("1 item");
    await own.getByRole("button", { name: "Share with company" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template shared");
    await expect(own).toContainText("Shared with company");
    await expect(own.getByRole("button", { name: "Stop sharing" })).toBeVisible();

    const colleague = await signedInElsewhere(browser, COLLEAGUE);
    await colleague.goto("/account/templates");
    await expect(colleague.getByRole("heading", { level: 2, name: `Shared with ${COMPANY}` })).toBeVisible();
    const shared = colleague.getByRole("list", { name: `Lists shared with ${COMPANY}` }).getByTestId("template-card").filter({ hasText: name });
    await expect(shared).toContainText("Made by Sarah Hartley");
    await expect(shared).toContainText(/Last changed \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(shared.getByRole("list", { name: `Items in ${name}` })).toContainText(`${product.name}× 3`);
    // theirs to load or copy, not to change
    await expect(shared.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(shared.getByRole("link", { name: "Delete" })).toHaveCount(0);
    await expect(shared.getByRole("button", { name: "Stop sharing" })).toHaveCount(0);

    await shared.getByRole("button", { name: "Load into Cart" }).click();
    await expect(colleague).toHaveURL(/\/cart$/);
    await expect(colleague.getByTestId("toast")).toContainText(`Added 1 product (3 units) from "${name}" to your cart.`);
    await expect(colleague.getByTestId("cart-line").filter({ hasText: product.name })).toBeVisible();

    // a viewer sees the catalogue and prices only: the lists are not for them
    const viewer = await signedInElsewhere(browser, VIEWER);
    await viewer.goto("/account/templates");
    await expect(viewer).toHaveURL(/\/account$/);
    await expect(viewer.getByText("Not for your role").first()).toBeVisible();

    // the maker stops sharing it: gone for the colleague
    await page.goto("/account/templates");
    await own.getByRole("button", { name: "Stop sharing" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template no longer shared");
    await colleague.goto("/account/templates");
    await expect(colleague.getByRole("heading", { level: 2, name: `Shared with ${COMPANY}` })).toBeVisible();
    await expect(colleague.getByTestId("template-card").filter({ hasText: name })).toHaveCount(0);

    // and deletes it, so the demo account's list stays as seeded
    await own.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template deleted");
    await expect(own).toHaveCount(0);
  });

  test("a company admin keeps a colleague's shared list up to date: renamed in the Edit dialog, the colleague sees the new name", async ({ page, browser, javaScriptEnabled }) => {
    test.slow(); // two people in two browsers
    const tag = `${javaScriptEnabled ? "js" : "no-js"} ${randomUUID().slice(0, 8)}`;
    const colleague = await signedInElsewhere(browser, COLLEAGUE);
    await makeTemplate(colleague, `Bar mixers ${tag}`, ORDERABLE.cola.slug, 2, true);

    await signIn(page, BUYER);
    await page.goto("/account/templates");
    const shared = page.getByRole("list", { name: `Lists shared with ${COMPANY}` }).getByTestId("template-card");
    await shared.filter({ hasText: `Bar mixers ${tag}` }).getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/account\/templates\?edit=\d+$/);
    if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: `Edit Bar mixers ${tag}` })).toBeVisible();
    await page.getByLabel("Template name").fill("   ");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Name required", { exact: true }).first()).toBeVisible();
    await page.getByLabel("Template name").fill(`Bar mixers (summer) ${tag}`);
    await page.getByLabel("Description (optional)").fill("Cola and tonic for the terrace");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template updated");
    await expect(page).toHaveURL(/\/account\/templates$/);

    await colleague.goto("/account/templates");
    const own = colleague.getByRole("list", { name: "Your order templates" }).getByTestId("template-card").filter({ hasText: tag });
    await expect(own.getByRole("heading", { name: `Bar mixers (summer) ${tag}` })).toBeVisible();
    await expect(own).toContainText("Cola and tonic for the terrace");
    await expect(own).toContainText("Shared with company");
    // tidy: the maker deletes it
    await own.getByRole("link", { name: "Delete" }).click();
    await colleague.getByRole("button", { name: "Confirm" }).click();
    await expect(colleague.getByTestId("toast")).toContainText("Template deleted");
  });
});
