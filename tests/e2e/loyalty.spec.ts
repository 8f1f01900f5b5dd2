import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { expectOrderPlacedPage, ORDERABLE, placeOrderWorthPoints } from "./orders";

/**
 * The loyalty page against the demo rewards ("£5.00 off your next order" for 250 points, "10% off your next
 * order" for 500, "Free box of catering tea bags" for 1000). Each test has a fresh customer of its own and
 * earns its points by placing an order through the API with the browser's own session.
 */

const FIVER = "£5.00 off your next order";
const TEA = "Free box of catering tea bags";

function rewardCard(page: Page, name: string) {
  return page.getByTestId("reward-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("loyalty", () => {
  test("a new customer has no points and no history", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/account/loyalty");
    await expect(page).toHaveTitle("Loyalty Rewards · INFY Wholesale");
    await expect(page.getByRole("heading", { level: 1, name: "Loyalty Rewards" })).toBeVisible();
    await expect(page.getByTestId("points-balance")).toHaveText("0 points");
    for (const step of ["Shop & Earn", "Browse Rewards", "Redeem & Save"]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Your vouchers" })).toHaveCount(0);
    await expect(rewardCard(page, FIVER).getByRole("button", { name: "Need 250 more points" })).toBeDisabled();

    await page.getByRole("link", { name: "Points History" }).click();
    await expect(page).toHaveURL(/\/account\/loyalty\?tab=history$/);
    await expect(page.getByRole("link", { name: "Points History" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No transaction history", { exact: true })).toBeVisible();
    // only the open tab is rendered
    await expect(page.getByTestId("reward-card")).toHaveCount(0);
  });

  test("earn points with an order, redeem £5 off, see the voucher and the history", async ({ page, javaScriptEnabled, customer }) => {
    await signIn(page, customer);
    const { order, points } = await placeOrderWorthPoints(page, customer);

    await page.goto("/account/loyalty");
    await expect(page.getByTestId("points-balance")).toHaveText(`${points} points`);
    await expect(page.getByRole("link", { name: "Available Rewards" })).toHaveAttribute("aria-current", "page");

    const fiver = rewardCard(page, FIVER);
    await expect(fiver).toContainText("250 pts");
    await expect(fiver).toContainText("£5 off your order");
    const tea = rewardCard(page, TEA);
    await expect(tea).toContainText("Free product");
    await expect(tea).toContainText("Catering Tea Bags (1,100)");
    await expect(tea.getByRole("button", { name: `Need ${1000 - points} more points` })).toBeDisabled();
    await expect(rewardCard(page, "10% off your next order").getByRole("button", { name: `Need ${500 - points} more points` })).toBeDisabled();

    const redeem = fiver.getByRole("button", { name: "Redeem for 250 points" });
    await expect(redeem).toBeEnabled();
    if (javaScriptEnabled) {
      // hold the reply a moment to see the buttons disabled while the request is pending
      await page.route(
        (url) => url.pathname === "/account/loyalty",
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
          await route.fallback();
        },
      );
    }
    await redeem.click();
    if (javaScriptEnabled) await expect(fiver.getByRole("button", { name: "Redeeming..." })).toBeDisabled();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Success!");
    await expect(toast).toContainText(`Redeemed ${FIVER}. Your voucher`);
    const code = /voucher (TC-[A-Z0-9]{4}-[A-Z0-9]{4}) is ready/.exec(await toast.innerText())?.[1];
    expect(code, "the success message names the voucher").toBeTruthy();

    await expect(page).toHaveURL(/\/account\/loyalty$/);
    await expect(page.getByTestId("points-balance")).toHaveText(`${points - 250} points`);
    const voucher = page.getByTestId("voucher").filter({ hasText: code! });
    await expect(voucher).toContainText(FIVER);
    await expect(voucher).toContainText("£5 off your order");
    await expect(voucher.getByRole("link", { name: `Use voucher ${code} at checkout` })).toHaveAttribute(
      "href",
      `/checkout?voucher=${code}`,
    );
    // 250 is no longer covered
    await expect(fiver.getByRole("button", { name: `Need ${250 - (points - 250)} more points` })).toBeDisabled();

    await page.getByRole("link", { name: "Points History" }).click();
    await expect(page).toHaveURL(/tab=history/);
    const rows = page.getByTestId("history-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Redeemed: ${FIVER}`);
    await expect(rows.nth(0).getByTestId("history-points")).toHaveText(/^[−-]250$/);
    await expect(rows.nth(0).getByRole("img", { name: "Redeemed" })).toBeVisible();
    await expect(rows.nth(1)).toContainText(`Order ${order.orderNumber}`);
    await expect(rows.nth(1).getByTestId("history-points")).toHaveText(`+${points}`);
    await expect(rows.nth(1).getByRole("img", { name: "Earned" })).toBeVisible();
    // "Jan 5, 2025, 14:30"
    await expect(rows.nth(1)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);

    const api = await page.request.get("/api/loyalty/points");
    expect(await api.json()).toEqual({ points: points - 250 });
  });

  test("redeem a reward, use the voucher at checkout, and it cannot be used again", async ({ page, javaScriptEnabled, customer }) => {
    await signIn(page, customer);
    await placeOrderWorthPoints(page, customer);

    await page.goto("/account/loyalty");
    await rewardCard(page, FIVER).getByRole("button", { name: "Redeem for 250 points" }).click();
    await expect(page.getByTestId("toast")).toContainText("Success!");
    const code = /voucher (TC-[A-Z0-9]{4}-[A-Z0-9]{4}) is ready/.exec(await page.getByTestId("toast").innerText())?.[1];
    expect(code).toBeTruthy();

    // something to buy: 10 packs of still water at the customer's price
    await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("10");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("10");

    await page.goto("/account/loyalty");
    await page.getByRole("link", { name: `Use voucher ${code} at checkout` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?voucher=${code}$`));
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText(`Applied: ${code}`)).toBeVisible();
    // what the voucher does, said once
    await expect(summary.getByTestId("voucher-effect")).toHaveText("£5.00 off this order");
    await expect(summary).not.toContainText("off your next order");
    await expect(summary.getByTestId("checkout-discount")).toHaveText("−£5.00");
    const pounds = async (testId: string) => Number((await summary.getByTestId(testId).innerText()).replace(/[^\d.]/g, ""));
    const goods = await pounds("checkout-goods");
    const subtotal = await pounds("checkout-subtotal");
    const vat = await pounds("checkout-vat");
    expect(Math.round((goods - 5) * 100)).toBe(Math.round(subtotal * 100));
    expect(Math.round((subtotal + vat) * 100)).toBe(Math.round((await pounds("checkout-total")) * 100));

    await page.getByRole("button", { name: "Place Order" }).click();
    await expectOrderPlacedPage(page);

    // the order charged what the summary said
    const orders = (await (await page.request.get("/api/orders")).json()) as {
      subtotal: string;
      vatAmount: string;
      discountAmount: string;
    }[];
    expect(orders[0]).toMatchObject({
      discountAmount: "5.00",
      subtotal: subtotal.toFixed(2),
      vatAmount: vat.toFixed(2),
    });

    // used: gone from the loyalty page, and refused if named again
    await page.goto("/account/loyalty");
    await expect(page.getByTestId("voucher").filter({ hasText: code! })).toHaveCount(0);
    await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto(`/checkout?voucher=${code}`);
    await expect(page.getByRole("alert").filter({ hasText: `Voucher ${code} has already been used` })).toBeVisible();
    await expect(summary.getByTestId("checkout-discount")).toHaveCount(0);
  });
});
