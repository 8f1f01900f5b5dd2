/**
 * The back office fits the screen: the whole sidebar on a 1280×768 screen with groups that fold (without
 * JavaScript too), the storefront's way in for an admin, codes that never break mid-word, and lists that
 * keep price, stock and actions on a phone's screen as cards instead of a sideways scroll.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, BUYER, expect, test } from "./fixtures";

/** The spec's sidebar items; the back office lists more (every link of the list is checked). */
const SPEC_ITEMS = [
  "Dashboard",
  "Analytics",
  "Products",
  "Inventory Alerts",
  "Orders",
  "Sales Invoices",
  "POS",
  "Purchase Invoices",
  "Product Requests",
  "Accounts",
  "VAT Returns",
  "Users",
  "Price Tiers",
  "Volume Discounts",
  "Customer Pricing",
  "Loyalty Rewards",
];

async function expectInViewport(locator: Locator, page: Page, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends within the screen's width`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height, `${what} ends within the screen's height`).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, "the page's width").toBeLessThanOrEqual(width);
}

test.describe("the admin sidebar at 1280×768", () => {
  test.beforeEach(async ({ login, page }) => {
    await login(ADMIN);
    await page.setViewportSize({ width: 1280, height: 768 });
  });

  for (const path of ["/admin", "/admin/outbox"]) {
    test(`shows every item without scrolling, on ${path}`, async ({ page }) => {
      await page.goto(path);
      const sidebar = page.getByTestId("admin-sidebar");
      const nav = sidebar.getByRole("navigation", { name: "Admin" });
      const names = await nav.getByRole("link").allTextContents();
      expect(names).toEqual(expect.arrayContaining(SPEC_ITEMS));
      expect(names).toEqual(expect.arrayContaining(["Customer Insights", "Inventory Forecast", "Returns", "Purchase Orders", "Ledger", "System"]));
      for (const link of await nav.getByRole("link").all()) {
        await expect(link).toBeVisible();
        await expectInViewport(link, page, `the sidebar's ${await link.textContent()}`);
      }
      const account = sidebar.getByRole("navigation", { name: "Account" });
      await expectInViewport(account.getByRole("link", { name: "Storefront", exact: true }), page, "Storefront");
      await expectInViewport(account.getByRole("button", { name: "Log Out", exact: true }), page, "Log Out");
      // nothing hides below the list's own fold either
      expect(await nav.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
    });
  }

  test("the bottom block leads to the storefront and signs out, and offers no customer pages", async ({ page }) => {
    await page.goto("/admin");
    const account = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link")).toHaveCount(1);
    await expect(account.getByRole("link", { name: "Storefront", exact: true })).toHaveAttribute("href", "/");
    await expect(account.getByRole("link", { name: "Loyalty Rewards" })).toHaveCount(0);
    await expect(account.getByRole("link", { name: "Home" })).toHaveCount(0);
    await expect(page.locator('a[href="/account/loyalty"], a[href="/account/dashboard"]')).toHaveCount(0);
    const logOut = account.locator("form", { has: page.getByRole("button", { name: "Log Out", exact: true }) });
    await expect(logOut).toHaveAttribute("method", "post");
    await expect(logOut).toHaveAttribute("action", "/api/logout");
  });

  test("a screen reached from another's header keeps that one current: Order Approvals under Orders", async ({ page }) => {
    await page.goto("/admin/orders");
    await page.locator("#main").getByRole("link", { name: /^Order Approvals/ }).click();
    await expect(page).toHaveURL(/\/admin\/order-approvals$/);
    const orders = page.getByTestId("admin-sidebar").getByRole("link", { name: "Orders", exact: true });
    await expect(orders).toHaveAttribute("aria-current", "page");
  });

  test("a group folds and unfolds", async ({ page }) => {
    await page.goto("/admin");
    const sidebar = page.getByTestId("admin-sidebar");
    const procurement = sidebar.locator("summary", { hasText: "Procurement" });
    const purchaseOrders = sidebar.getByRole("link", { name: "Purchase Orders", exact: true });
    await expect(purchaseOrders).toBeVisible();

    await procurement.click();
    await expect(purchaseOrders).toBeHidden();
    await expect(sidebar.getByRole("link", { name: "Purchase Invoices", exact: true })).toBeHidden();
    // the other groups stay as they were
    await expect(sidebar.getByRole("link", { name: "Orders", exact: true })).toBeVisible();

    await procurement.click();
    await expect(purchaseOrders).toBeVisible();
  });

  test("the folded groups are remembered, and the current page's group shows open all the same", async ({ page, javaScriptEnabled, baseURL }) => {
    const sidebar = page.getByTestId("admin-sidebar");
    if (javaScriptEnabled) {
      await page.goto("/admin");
      await sidebar.locator("summary", { hasText: "Finance" }).click();
      await sidebar.locator("summary", { hasText: "Sales" }).click();
      await expect(sidebar.getByRole("link", { name: "Ledger", exact: true })).toBeHidden();
      await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "sidebar_folded")?.value).toBe("finance.sales");
      const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_folded")!;
      // kept as long as the sidebar's own state
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
    } else {
      // without JavaScript nothing writes the cookie: the server still honours one
      await page.context().addCookies([{ name: "sidebar_folded", value: "finance.sales", url: baseURL! }]);
    }

    await page.goto("/admin/users");
    await expect(sidebar.getByRole("link", { name: "Ledger", exact: true })).toBeHidden();
    await expect(sidebar.getByRole("link", { name: "Products", exact: true })).toBeHidden();
    await expect(sidebar.getByRole("link", { name: "Users", exact: true })).toBeVisible();

    // Products is in the folded Sales group, which opens because it holds the page
    await page.goto("/admin/products");
    await expect(sidebar.getByRole("link", { name: "Products", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Products", exact: true })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Ledger", exact: true })).toBeHidden();
  });
});

test.describe("the storefront's way into the back office", () => {
  for (const width of [1280, 375]) {
    test(`an admin sees "Back office" in the header at ${width} px, a buyer does not`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 800 });
      const openMenu = async () => {
        if (width < 768) await page.getByTestId("mobile-menu").locator("summary").click();
      };
      await login(ADMIN);
      await page.goto("/");
      await openMenu();
      const backOffice = page.getByRole("banner").getByRole("link", { name: "Back office", exact: true });
      await expect(backOffice).toBeVisible();
      await expect(backOffice).toHaveAttribute("href", "/admin");
      await backOffice.click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

      await page.context().clearCookies();
      await login(BUYER);
      await page.goto("/");
      await openMenu();
      await expect(page.getByRole("banner").getByRole("link", { name: "Account", exact: true })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Back office" })).toHaveCount(0);
    });
  }
});

test.describe("admin tables", () => {
  test.beforeEach(async ({ login }) => {
    await login(ADMIN);
  });

  test("a long SKU stays on one line, cut with an ellipsis, whole on hover and in the product's form", async ({ page }, testInfo) => {
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const name = `Long Code Tray ${testInfo.project.name} ${suffix}`;
    const sku = `CATERING-TRAY-GN1-1-STAINLESS-65MM-DEEP-${testInfo.project.name.toUpperCase()}-${suffix}`;
    const created = await page.request.post("/api/admin/products", { data: { name, sku, salesPrice: "12.00", stockLevel: 40 } });
    expect(created.status()).toBe(201);

    await page.setViewportSize({ width: 1280, height: 768 });
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId("product-row").filter({ hasText: name });
    const code = row.getByTitle(`SKU ${sku}`, { exact: true });
    await expect(code).toBeVisible();
    const shape = await code.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        cut: element.scrollWidth > element.clientWidth,
        ellipsis: style.textOverflow,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    });
    expect(shape).toEqual({ cut: true, ellipsis: "ellipsis", lines: 1 });

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("SKU (optional)")).toHaveValue(sku);
  });

  test("an email in the orders list stays on one line with the whole address on hover", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 768 });
    await page.goto("/admin/orders");
    const email = page.getByTestId("order-row").first().locator("[data-identifier]");
    const address = await email.getAttribute("title");
    expect(address).toMatch(/^[^@\s]+@[^@\s]+$/);
    await expect(email).toHaveText(address!);
    expect(await email.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe("nowrap");
  });

  test("at 390 px the products list shows each product's price, stock and actions on screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/products");
    await expectNoSidewaysScroll(page);
    const rows = page.getByTestId("product-row");
    await expect(rows.first()).toBeVisible();
    for (const row of [rows.first(), rows.nth(1)]) {
      const name = (await row.getByRole("link", { name: /^Edit / }).getAttribute("aria-label"))!.replace(/^Edit /, "");
      // the whole card fits the screen's height: bring it into view, then everything in it is on screen
      await row.scrollIntoViewIfNeeded();
      await expectInViewport(row.getByText(/^£\d[\d,]*\.\d{2}$/).first(), page, `the price of ${name}`);
      await expectInViewport(row.getByTestId("stock-level"), page, `the stock of ${name}`);
      for (const action of ["Edit", "Stock of", "Delete"]) {
        await expectInViewport(row.getByRole("link", { name: `${action} ${name}`, exact: true }), page, `${action} ${name}`);
      }
    }
    // each row is a card of label: value lines, the labels from the column headings
    const price = await rows.first().locator("td").nth(3).evaluate((cell) => getComputedStyle(cell, "::before").content);
    // shown, not read out: a screen reader hears the column's heading already
    expect(price).toBe('"Price" / ""');
    // the table itself does not scroll sideways inside its card either
    const table = page.getByRole("table", { name: "Products" });
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  });

  test("at 390 px the orders list shows each order's total and its View link on screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/orders");
    await expectNoSidewaysScroll(page);
    const rows = page.getByTestId("order-row");
    for (const row of [rows.first(), rows.nth(1)]) {
      await row.scrollIntoViewIfNeeded();
      await expectInViewport(row.getByRole("link", { name: /^View order ORD-\d{6}$/ }), page, "the View link");
      await expectInViewport(row.getByText(/^£\d[\d,]*\.\d{2}$/), page, "the order's total");
      await expectInViewport(row.locator("[data-identifier]"), page, "the customer's email");
    }
    const table = page.getByRole("table", { name: "Orders" });
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  });

  for (const width of [1280, 390]) {
    test(`the purchase orders' status control sits inside its card at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/admin/purchase-orders");
      const table = page.getByRole("table", { name: "Purchase orders" });
      // the innermost card holding the table
      const card = page.locator("section", { has: table }).last();
      const cardBox = (await card.boundingBox())!;
      const selects = table.getByRole("combobox", { name: /^Status of PO-\d+$/ });
      expect(await selects.count()).toBeGreaterThan(0);
      for (const select of await selects.all()) {
        await select.scrollIntoViewIfNeeded();
        const box = (await select.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        const update = select.locator("xpath=ancestor::form").getByRole("button", { name: "Update" });
        const button = (await update.boundingBox())!;
        expect(button.x + button.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(page);
    });
  }

  test("a page header's buttons line up, a post button with the links", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 768 });
    await page.goto("/admin/purchase-orders");
    const actions = page.getByTestId("page-header-actions");
    const boxes = await Promise.all(
      [actions.getByRole("button", { name: "Auto-Generate POs" }), actions.getByRole("link", { name: "Create purchase order" })].map(
        async (control) => (await control.boundingBox())!,
      ),
    );
    expect(Math.abs(boxes[0].y - boxes[1].y)).toBeLessThanOrEqual(1);
    expect(Math.abs(boxes[0].height - boxes[1].height)).toBeLessThanOrEqual(1);
    // level with the title, not pushed under it
    const title = (await page.getByRole("heading", { name: "Purchase Orders", level: 1 }).boundingBox())!;
    expect(boxes[0].y).toBeLessThan(title.y + title.height);
  });
});
