/**
 * Every screen, and a dialog of each screen that has them (each has its own address), checked with axe
 * against WCAG 2.0, 2.1 and 2.2 at levels A and AA, signed in as whoever uses it: no serious or critical
 * violation. Runs in the js project only (see docs/decisions/0025-accessibility-and-robustness-checks.md):
 * the hydrated page is the server's markup plus what JavaScript adds.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, BUYER, createCustomer, expect, JS_ONLY, signIn, test as base, type Account } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * One browser page per worker, kept from screen to screen with only its cookies changed: a fresh context per
 * screen downloaded and compiled the app's scripts again every time, a third of each check.
 */
const test = base.extend<{ page: Page }, { reusedPage: Page }>({
  reusedPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId, javaScriptEnabled } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, timezoneId, javaScriptEnabled });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  page: async ({ reusedPage }, use) => {
    await reusedPage.context().clearCookies();
    await use(reusedPage);
  },
});

const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoSeriousViolations(page: Page) {
  // read the page once it has hydrated (the app marks <html>), with any modal a dialog address opens
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // only violations are read: computing what passes too doubles axe's work. Legacy mode runs axe in the page
  // itself; the default opens a second, blank page to merge frames' results, which doubled each check's time
  // (the app has no frames to merge).
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1, 2).join("")}`),
    }));
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

async function visit(page: Page, path: string, heading?: string | RegExp) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  if (heading) await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
}

/** A screen's address, or how to find it (the id of a record) through the signed-in session's API. */
type Address = string | ((request: APIRequestContext) => Promise<string>);

/** One check per screen, each signed in as `account` (or signed out). */
function checkScreens(screens: [name: string, address: Address][], account?: Account) {
  for (const [name, address] of screens) {
    test(name, async ({ page }) => {
      if (account) await signIn(page, account);
      await visit(page, typeof address === "string" ? address : await address(page.request));
      await expectNoSeriousViolations(page);
    });
  }
}

/** The first record of a back-office list, through the JSON API from the admin's session. */
async function firstId(request: APIRequestContext, path: string, pick: (row: Record<string, unknown>) => boolean = () => true) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as Record<string, unknown>[] | { items?: Record<string, unknown>[] };
  const rows = Array.isArray(body) ? body : (body.items ?? []);
  const row = rows.find(pick);
  expect(row, `a record from ${path}`).toBeTruthy();
  return String(row!.id);
}

test.describe("accessibility", JS_ONLY, () => {
  test.describe("signed out", () => {
    checkScreens([
      ["home", "/"],
      ["search", "/?q=water"],
      ["category", "/category/catering-food-ingredients"],
      ["product", `/products/${ORDERABLE.stillWater.slug}`],
      ["log in", "/login"],
      ["sign up", "/login?tab=signup"],
      ["forgot password", "/forgot-password"],
      ["reset link that cannot be used", "/reset-password/no-such-token"],
      ["not found", "/no-such-page"],
      ["guest cart", "/cart"],
    ]);
  });

  test.describe("customer", () => {
    checkScreens(
      [
        ["account", "/account"],
        ["change password dialog", "/account?dialog=change-password"],
        ["orders", "/account/orders"],
        ["invoices", "/account/invoices"],
        ["returns", "/account/returns"],
        ["loyalty rewards", "/account/loyalty"],
        ["loyalty history", "/account/loyalty?tab=history"],
        ["templates", "/account/templates"],
        ["delivery addresses", "/account/addresses"],
        ["quick order", "/quick-order"],
        ["quick order CSV", "/quick-order?tab=csv"],
        ["quick order reorder", "/quick-order?tab=reorder"],
        ["request a product", "/request-product"],
        ["product with the customer's prices", `/products/${ORDERABLE.stillWater.slug}`],
        ["template: delete", async (request) => `/account/templates?delete=${await firstId(request, "/api/order-templates")}`],
      ],
      BUYER,
    );

    test("return request", async ({ page }) => {
      await signIn(page, BUYER);
      const orders = (await (await page.request.get("/api/orders")).json()) as { id: number; status: string }[];
      const delivered = orders.find((order) => order.status === "delivered");
      expect(delivered, "a delivered order of the demo buyer").toBeTruthy();
      await visit(page, `/account/returns/new?order=${delivered!.id}`);
      await expectNoSeriousViolations(page);
    });

    test("delivery address: edit", async ({ page, customer }) => {
      await signIn(page, customer);
      const created = await page.request.post("/api/addresses", {
        data: { label: "Yard", name: "Goods In", address: "Unit 4, Canal Wharf", city: "Leeds", postcode: "LS11 5PS" },
      });
      expect(created.status(), await created.text()).toBe(201);
      await visit(page, `/account/addresses?edit=${(await created.json()).id}`);
      await expectNoSeriousViolations(page);
    });

    test("checkout and the order-placed page, at 1280 and 375 px", async ({ page, customer }) => {
      await signIn(page, customer);
      await addToCart(page.request);
      // an order of something else: the cart keeps its water for the checkout
      const placed = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);
      const size = page.viewportSize();
      try {
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 800 });
          await visit(page, "/checkout");
          await expectNoSeriousViolations(page);
          await visit(page, `/account/orders/${placed.id}/placed`, /^Order placed/);
          await expectNoSeriousViolations(page);
        }
      } finally {
        // the page is kept for the worker's next check
        if (size) await page.setViewportSize(size);
      }
    });

    test("cart, its save-template dialog and checkout", async ({ page, customer }) => {
      await signIn(page, customer);
      await addToCart(page.request);
      await visit(page, "/cart");
      await expectNoSeriousViolations(page);
      await visit(page, "/cart?dialog=save-template");
      await expectNoSeriousViolations(page);
      await visit(page, "/checkout");
      await expectNoSeriousViolations(page);
    });
  });

  test.describe("admin", () => {
    checkScreens(
      [
        // /admin/dashboard is the same screen; /admin/low-stock-alerts redirects to the inventory alerts
        ["dashboard", "/admin"],
        ["analytics", "/admin/analytics"],
        ["customer insights", "/admin/customer-insights"],
        ["customer pricing", "/admin/customer-pricing"],
        ["customer pricing: new", "/admin/customer-pricing?dialog=new"],
        ["inventory alerts", "/admin/inventory-alerts"],
        ["inventory forecast", "/admin/inventory-forecast"],
        ["loyalty rewards", "/admin/loyalty-rewards"],
        ["loyalty rewards: new", "/admin/loyalty-rewards?dialog=new"],
        ["order approvals", "/admin/order-approvals"],
        ["orders", "/admin/orders"],
        ["point of sale", "/admin/pos"],
        ["price tiers", "/admin/price-tiers"],
        ["price tiers: new", "/admin/price-tiers?dialog=new"],
        ["product requests", "/admin/product-requests"],
        ["products", "/admin/products"],
        ["products: new", "/admin/products?dialog=new"],
        ["products: categories", "/admin/products?dialog=categories"],
        ["purchase orders", "/admin/purchase-orders"],
        ["purchase orders: new", "/admin/purchase-orders?dialog=new"],
        ["returns", "/admin/returns"],
        ["sales invoices", "/admin/sales-invoices"],
        ["sales invoices: new", "/admin/sales-invoices?dialog=new"],
        ["users", "/admin/users"],
        ["users: new", "/admin/users?dialog=new"],
        ["users: held-back sign-ups", "/admin/users?pending=held"],
        ["volume discounts", "/admin/volume-discounts"],
        ["volume discounts: new", "/admin/volume-discounts?dialog=new"],
        ["not found", "/admin/no-such-page"],
        ["orders: an order", async (request) => `/admin/orders?view=${await firstId(request, "/api/admin/orders")}`],
        ["products: edit", async (request) => `/admin/products?edit=${await firstId(request, "/api/admin/products")}`],
        ["purchase orders: an order", async (request) => `/admin/purchase-orders?view=${await firstId(request, "/api/admin/purchase-orders")}`],
        ["returns: update", async (request) => `/admin/returns?update=${await firstId(request, "/api/admin/returns")}`],
        ["sales invoices: record a payment", async (request) => `/admin/sales-invoices?pay=${await firstId(request, "/api/admin/invoices/sales")}`],
        ["users: edit", async (request) => `/admin/users?edit=${await firstId(request, "/api/admin/users", (user) => user.role === "customer")}`],
        ["products: adjust stock", async (request) => `/admin/products?stockOf=${await firstId(request, "/api/admin/products")}`],
        ["inventory alerts: adjust stock", async (request) => `/admin/inventory-alerts?adjust=${await firstId(request, "/api/admin/products")}`],
      ],
      ADMIN,
    );

    test("order approvals: reject", async ({ page, request, baseURL }) => {
      const customer = await createCustomer(baseURL!, { requiresApproval: true });
      expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
      const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);
      await signIn(page, ADMIN);
      await visit(page, `/admin/order-approvals?reject=${order.id}`);
      await expectNoSeriousViolations(page);
    });
  });
});

/** Puts a plain, well-stocked product in the signed-in cart of `request`'s session. */
async function addToCart(request: APIRequestContext) {
  const product = await request.get(`/api/products/${ORDERABLE.stillWater.slug}`);
  expect(product.status()).toBe(200);
  const added = await request.post("/api/cart/items", { data: { productId: (await product.json()).id, quantity: 1 } });
  expect(added.status(), await added.text()).toBeLessThan(300);
}
