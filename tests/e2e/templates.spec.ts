import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, JS_INDEPENDENT, loginAs, signIn, test, uniqueEmail } from "./fixtures";

const PENNE = { slug: "penne-pasta-3kg", name: "Penne Pasta 3kg" };
const CLOTHS = { slug: "microfibre-cloths-10-pack", name: "Microfibre Cloths (10 pack)" }; // Colour variant

async function addFromProductPage(
  page: Page,
  javaScriptEnabled: boolean,
  slug: string,
  quantity: number,
  badge: number,
  options: Record<string, string> = {},
) {
  await page.goto(`/products/${slug}`);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  for (const [variant, option] of Object.entries(options)) {
    await page.getByRole("group", { name: variant }).getByRole("radio", { name: option, exact: true }).check();
  }
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // the header's badge is the sure sign (the button's "Added to Cart!" lasts only 2 seconds)
  await expect(page.getByTestId("cart-badge")).toHaveText(String(badge));
  if (!javaScriptEnabled) await expect(page.getByTestId("toast")).toContainText("Added to Cart!");
}

async function emptyCart(page: Page) {
  await page.goto("/cart");
  const clear = page.getByRole("link", { name: "Clear cart" });
  if (await clear.isVisible()) {
    await clear.click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
  }
}

test.describe("order templates", () => {
  test("save the cart as a template, load it back into the cart, and delete it with confirmation", async ({
    page,
    javaScriptEnabled,
    customer: account,
  }) => {
    test.slow(); // a whole journey: two adds, save, load, delete
    const name = `Weekly bar order ${randomUUID().slice(0, 8)}`;
    await signIn(page, account);
    await emptyCart(page);
    await addFromProductPage(page, javaScriptEnabled, PENNE.slug, 3, 3);
    await addFromProductPage(page, javaScriptEnabled, CLOTHS.slug, 2, 5, { Colour: "Blue" });

    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await page.getByRole("link", { name: "Save as Template" }).click();
    await expect(page).toHaveURL(/\/cart\?dialog=save-template$/);
    if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Save as Template" })).toBeVisible();

    // a name of spaces only is no name
    await page.getByLabel("Template name").fill("   ");
    await page.getByRole("button", { name: "Save Template" }).click();
    await expect(page.getByText("Please enter a name for your template.")).toBeVisible();
    await expect(page.locator("#save-template-form").getByText("Name required", { exact: true }).first()).toBeVisible();

    await page.getByLabel("Template name").fill(name);
    await page.getByLabel("Description (optional)").fill("Pasta and cloths for the bar");
    await page.getByRole("button", { name: "Save Template" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template saved");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByLabel("Template name")).toHaveCount(0);

    await emptyCart(page);
    await page.goto("/account/templates");
    await expect(page.getByRole("heading", { level: 1, name: "Order Templates" })).toBeVisible();
    const card = page.getByTestId("template-card").filter({ hasText: name });
    await expect(card.getByRole("heading", { name })).toBeVisible();
    await expect(card).toContainText("Pasta and cloths for the bar");
    await expect(card).toContainText("2 items");
    const items = card.getByRole("list", { name: `Items in ${name}` }).getByRole("listitem");
    await expect(items).toHaveText([`${PENNE.name}× 3`, `${CLOTHS.name} (Colour: Blue)× 2`]);

    await card.getByRole("button", { name: "Load into Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("toast")).toContainText("Template loaded");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: PENNE.name }).getByRole("spinbutton")).toHaveValue("3");
    await expect(lines.filter({ hasText: CLOTHS.name })).toContainText("Colour: Blue");
    await expect(lines.filter({ hasText: CLOTHS.name }).getByRole("spinbutton")).toHaveValue("2");

    await page.goto("/account/templates");
    // Delete asks first; Cancel keeps the template
    await card.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByText(`Delete template ${name}?`)).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText(`Delete template ${name}?`)).toHaveCount(0);
    await expect(card).toHaveCount(1);

    await card.getByRole("link", { name: "Delete" }).click();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/account\/templates\?delete=\d+$/);
    await expect(page.getByText(`Delete template ${name}?`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("toast")).toContainText("Template deleted");
    await expect(card).toHaveCount(0);

    await emptyCart(page);
  });

  test("a customer without templates is told how to save one", async ({ page }) => {
    const email = uniqueEmail("templates");
    await page.goto("/login?tab=signup");
    await page.getByLabel("First name").fill("Tom");
    await page.getByLabel("Last name").fill("Baker");
    await page.getByLabel("Business name").fill("Baker's Deli Ltd");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret-pass");
    await page.getByLabel("Address").fill("3 High Street, York, YO1 7HH");
    await page.getByLabel("Phone number").fill("01904 000000");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("/");
    // a sign-up signs no one in: the new customer signs in with the password they chose
    await loginAs(page, email, "secret-pass");

    await page.goto("/account/templates");
    await expect(page.getByText("No saved templates yet.")).toBeVisible();
    await expect(page.getByText("choose Save as Template")).toBeVisible();
  });

  test("the templates page asks a signed-out visitor to log in", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/account/templates");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Ftemplates$/);
  });
});
