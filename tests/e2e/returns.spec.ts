import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { BUYER, expect, signIn, test, JS_INDEPENDENT } from "./fixtures";

/**
 * Returns against the demo data. Orders cannot be marked delivered from the storefront, so these tests use
 * buyer@example.com, whose seeded history has many delivered orders; a return changes no other screen.
 */

type ApiOrder = { id: number; orderNumber: string; status: string };

async function deliveredOrders(page: Page): Promise<ApiOrder[]> {
  const response = await page.request.get("/api/orders/my-orders?limit=100");
  expect(response.status()).toBe(200);
  const orders: ApiOrder[] = await response.json();
  const delivered = orders.filter((order) => order.status === "delivered");
  expect(delivered.length).toBeGreaterThan(2);
  return delivered;
}

/**
 * Opens the request form of a delivered order that still has something to return. The two projects run side
 * by side on the same account, so each starts from its own order and steps over the other's.
 */
async function openReturnForm(page: Page, javaScriptEnabled: boolean) {
  const orders = await deliveredOrders(page);
  for (let i = javaScriptEnabled ? 0 : 1; i < orders.length; i += 2) {
    await page.goto(`/account/returns/new?order=${orders[i].id}`);
    await expect(page.getByRole("heading", { name: "Request a return" })).toBeVisible();
    const input = page.locator('input[type="number"]:not([disabled])').first();
    if ((await input.count()) === 0) continue;
    const id = await input.getAttribute("id");
    const productName = (await page.locator(`label[for="${id}"]`).innerText()).trim();
    return { order: orders[i], input, productName };
  }
  throw new Error("no delivered order with anything left to return");
}

test.describe("customer returns", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, BUYER);
  });

  test("requesting a return of one unit shows it as Requested", async ({ page, javaScriptEnabled }) => {
    const { order, input, productName } = await openReturnForm(page, javaScriptEnabled);
    await expect(page.getByText(order.orderNumber)).toBeVisible();
    await expect(page.getByRole("radio", { name: "Refund" })).toBeChecked();

    // nothing chosen: the form says so and nothing is written
    await page.getByLabel("Reason").selectOption("Faulty");
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText("Select at least one item to return")).toBeVisible();

    const note = `Seal broken on arrival ${randomUUID().slice(0, 8)}`;
    await input.fill("1");
    await page.getByLabel("Reason").selectOption("Faulty");
    await page.getByLabel("Notes (optional)").fill(note);
    await page.getByRole("button", { name: "Request return" }).click();

    await page.waitForURL((url) => url.pathname === "/account/returns");
    await expect(page.getByText("Return requested")).toBeVisible();
    await expect(page.getByText("We will review your return request shortly.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Returns & Refunds" })).toBeVisible();

    const card = page.locator("article").filter({ hasText: note });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Requested", { exact: true })).toBeVisible();
    await expect(card.getByText("Refund", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: order.orderNumber })).toHaveAttribute(
      "href",
      `/account/orders?order=${order.id}`,
    );
    await expect(card.getByRole("row").filter({ hasText: productName })).toContainText("1");
    await expect(card.getByText("Faulty")).toBeVisible();

    const api = await page.request.get("/api/returns?limit=100");
    expect(api.status()).toBe(200);
    const mine = (await api.json()) as { orderId: number; status: string; customerNotes: string | null }[];
    expect(mine.filter((r) => r.customerNotes === note)).toEqual([
      expect.objectContaining({ orderId: order.id, status: "requested" }),
    ]);
  });

  test("a quantity above what can be returned is refused on the line", async ({ page, javaScriptEnabled }) => {
    const { input } = await openReturnForm(page, javaScriptEnabled);
    const max = Number(await input.getAttribute("max"));
    // the browser's own range check would stop the post first: lift it to reach the server's rule
    await input.evaluate((element) => element.removeAttribute("max"));
    await input.fill(String(max + 1));
    await page.getByLabel("Reason").selectOption("Wrong item sent");
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText(new RegExp(`You can return at most ${max} of `))).toBeVisible();
  });
});

test("a customer with no returns is told where returns start", JS_INDEPENDENT, async ({ page, customer }) => {
  await signIn(page, customer);
  await page.goto("/account/returns");
  await expect(page.getByRole("heading", { name: "My Returns & Refunds" })).toBeVisible();
  await expect(page.getByText("You have not requested any returns.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Your Orders" }).last()).toHaveAttribute("href", "/account/orders");
});
