import type { Page } from "@playwright/test";
import { ADMIN, BUYER, expect, JS_ONLY, signIn, test } from "./fixtures";

/** Holds the app's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * On a slow connection a person types before the page's scripts arrive. A back-office dialog is a section of
 * the page until then and a modal after: what was typed must survive the swap.
 */
test.describe("typing before the page hydrates", () => {
  test("what was typed into a dialog is still in its fields once it becomes a modal", JS_ONLY, async ({ page }) => {
    await signIn(page, ADMIN);
    // the app's scripts held back until the fields have been filled in
    const release = await holdScripts(page);
    await page.goto("/admin/accounts?tab=financial-accounts&dialog=new", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await page.getByLabel("Account Name").fill("Float typed early");
    await page.getByLabel("Account Type").selectOption("cash");
    await page.getByLabel("Balance (£)").fill("12.34");
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Account Name")).toHaveValue("Float typed early");
    await expect(dialog.getByLabel("Account Type")).toHaveValue("cash");
    await expect(dialog.getByLabel("Balance (£)")).toHaveValue("12.34");
  });

  test("a menu opened before the scripts arrive stays open once they have, and closes when the page changes", JS_ONLY, async ({ page }) => {
    await signIn(page, BUYER);
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const header = page.getByRole("banner");
    await header.locator("summary", { hasText: "Collections" }).click();
    const collections = header.getByRole("list", { name: "Collections" });
    await expect(collections).toBeVisible();
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(collections).toBeVisible();
    // the router's own navigation still closes it
    await collections.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/category\//);
    await expect(collections).toBeHidden();
  });
});
