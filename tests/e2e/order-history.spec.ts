import type { Page } from "@playwright/test";
import { BUYER, BUYER2, expect, JS_INDEPENDENT, PENDING_BUYER, signIn, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * The order history against the demo data: buyer@example.com has about 35 orders (most delivered, many
 * with DPD / Royal Mail / Parcelforce tracking), buyer2@example.com has their own, pending@example.com none.
 */

type ApiOrder = {
  id: number;
  orderNumber: string;
  createdAt: string;
  status: string;
  subtotal: string;
  vatAmount: string;
  total: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  estimatedDelivery: string | null;
  shippingPostcode: string;
  items: { productName: string; quantity: number; unitPrice: string; total: string }[];
};

const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const pounds = (decimal: string) => money.format(Number(decimal));
const ukDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "Europe/London" }).format(
    new Date(iso),
  );

/** The signed-in customer's newest orders, through their own API (the page's cookies). */
async function myOrders(page: Page, limit = 20): Promise<ApiOrder[]> {
  const response = await page.request.get(`/api/orders/my-orders?limit=${limit}`);
  expect(response.status()).toBe(200);
  return response.json();
}

function orderDetails(page: Page, orderNumber: string) {
  return page.locator("details").filter({ has: page.locator("summary", { hasText: orderNumber }) });
}

async function cartBadgeCount(page: Page) {
  const badge = page.getByTestId("cart-badge");
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

test.describe("order history", () => {
  test("opens a shipped order: tracking, address, items and totals", async ({ page }) => {
    await signIn(page, BUYER);
    const orders = await myOrders(page);
    // among the newest ten, so an order placed meanwhile cannot push it to page 2
    const tracked = orders
      .slice(0, 10)
      .find(
        (order) =>
          (order.status === "delivered" || order.status === "shipped") &&
          order.carrier &&
          order.trackingNumber &&
          order.trackingUrl,
      );
    expect(tracked, "the demo buyer has a recent tracked order").toBeTruthy();
    const order = tracked!;

    await page.goto("/account/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    await expect(page.locator("main details")).toHaveCount(20);

    const details = orderDetails(page, order.orderNumber);
    const summary = details.locator("summary");
    await expect(summary).toContainText(ukDate(order.createdAt));
    await expect(summary).toContainText(order.status === "delivered" ? "Delivered" : "Shipped");
    await expect(summary).toContainText(`${order.items.length} item`);
    await expect(summary).toContainText(pounds(order.total));

    const items = details.getByRole("table", { name: `Items in ${order.orderNumber}` });
    await expect(items).toBeHidden();
    await summary.click();
    await expect(items).toBeVisible();

    await expect(details.getByText(order.carrier!, { exact: true })).toBeVisible();
    const trackingLink = details.getByRole("link", { name: order.trackingNumber! });
    await expect(trackingLink).toBeVisible();
    await expect(trackingLink).toHaveAttribute("href", order.trackingUrl!);

    await expect(items.locator("tbody tr")).toHaveCount(order.items.length);
    const first = items.locator("tbody tr").first();
    await expect(first).toContainText(order.items[0].productName);
    await expect(first).toContainText(String(order.items[0].quantity));
    await expect(first).toContainText(pounds(order.items[0].unitPrice));
    await expect(first).toContainText(pounds(order.items[0].total));

    const totals = details.getByLabel(`Summary of ${order.orderNumber}`);
    await expect(totals).toContainText(pounds(order.subtotal));
    await expect(totals).toContainText(pounds(order.vatAmount));
    await expect(totals).toContainText(pounds(order.total));
    await expect(details.locator("address")).toContainText(order.shippingPostcode);
  });

  test("Reorder puts the order's items in the cart and goes to /cart", async ({ page, customer }) => {
    // a customer of its own: the demo buyer's cart is changed by other tests running at the same time
    await signIn(page, customer);
    const order = await placeOrderThroughApi(page.request, customer, [
      { slug: ORDERABLE.stillWater.slug, quantity: 2 },
      { slug: ORDERABLE.cola.slug, quantity: 1 },
    ]);
    await page.goto("/account/orders");
    expect(await cartBadgeCount(page)).toBe(0);
    const details = orderDetails(page, order.orderNumber);
    await details.locator("summary").click();
    await details.getByRole("button", { name: "Reorder" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await expect(page.getByTestId("toast")).toContainText("Added 2 products (3 units) to your cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: ORDERABLE.stillWater.name }).getByRole("spinbutton")).toHaveValue("2");
    await expect(lines.filter({ hasText: ORDERABLE.cola.name }).getByRole("spinbutton")).toHaveValue("1");
  });

  test("?order= opens that order; pages are plain links", async ({ page }) => {
    await signIn(page, BUYER);
    const orders = await myOrders(page, 25);
    const onSecondPage = orders[21];
    expect(onSecondPage, "the demo buyer has more than 20 orders").toBeTruthy();

    await page.goto(`/account/orders?order=${onSecondPage.id}`);
    const open = page.locator("main details[open]");
    await expect(open).toHaveCount(1);
    await expect(open.locator("summary")).toContainText(onSecondPage.orderNumber);
    await expect(page.getByRole("navigation", { name: "Order pages" }).getByText("2", { exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.getByRole("navigation", { name: "Order pages" }).getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.locator("main details")).toHaveCount(20);
    await expect(page.locator("main details[open]")).toHaveCount(0);
  });

  test("a customer without orders is invited to start shopping", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, PENDING_BUYER);
    await page.goto("/account/orders");
    await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/");
  });

  test("another customer's order cannot be opened, by the API or the page", JS_INDEPENDENT, async ({ page, request }) => {
    // the buyer's newest order, seen from the buyer's own session
    const login = await request.post("/api/auth/login", { data: BUYER });
    expect(login.status()).toBe(200);
    const buyerOrders: ApiOrder[] = await (await request.get("/api/orders/my-orders?limit=1")).json();
    const theirs = buyerOrders[0];
    expect(theirs).toBeTruthy();

    await signIn(page, BUYER2);
    const denied = await page.request.get(`/api/orders/${theirs.id}/items`);
    expect(denied.status()).toBe(404);
    expect(await denied.json()).toEqual({ message: "Order not found" });

    const [own] = await myOrders(page, 1);
    const allowed = await page.request.get(`/api/orders/${own.id}/items`);
    expect(allowed.status()).toBe(200);
    const lines = await allowed.json();
    expect(lines.length).toBe(own.items.length);
    expect(lines[0]).toMatchObject({ productName: own.items[0].productName, quantity: own.items[0].quantity });

    await page.goto(`/account/orders?order=${theirs.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    await expect(page.getByText(theirs.orderNumber)).toHaveCount(0);
    await expect(page.locator("main details[open]")).toHaveCount(0);
  });

  test("signed out, the page asks to sign in and the API answers 401", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/account/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Forders/);
    const response = await page.request.get("/api/orders/my-orders");
    expect(response.status()).toBe(401);
  });
});
