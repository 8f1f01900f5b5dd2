/**
 * Every screen, and a dialog of each screen that has them (each has its own address), checked with axe
 * against WCAG 2.0, 2.1 and 2.2 at levels A and AA, signed in as whoever uses it: no serious or critical
 * violation, at 1280 px and at 375 px, with JavaScript on (the js project: the server's markup plus what
 * JavaScript adds) and off (the no-js project: the server's markup alone). See
 * docs/decisions/0025-accessibility-and-robustness-checks.md.
 */
import { createRequire } from "node:module";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, BUYER, createCustomer, expect, signIn, SUPPLIER, test as base, type Account } from "./fixtures";
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

/** The axe-core that @axe-core/playwright runs, as the source text to put in a page. */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core").source;

const AXE_OPTIONS = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  // only violations are read: computing what passes too doubles axe's work
  resultTypes: ["violations"],
  // no rule of these tags needs the style sheets fetched again (only an experimental one reads them)
  preload: false,
};

/** Each screen is read at both widths: the desktop layout, then a phone's (the stacked, collapsed one). */
const WIDTHS = [
  { width: 1280, height: 720 },
  { width: 375, height: 800 },
] as const;

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };
type AxeRun = { violations: Violation[] } | { error: string };
type AxeWindow = { axe?: { run(context: Document, options: object): Promise<{ violations: Violation[] }> }; axeRun?: AxeRun };

/**
 * Runs in the page: starts axe on it as it is now and leaves what axe found in `window.axeRun`. A page without
 * JavaScript runs no timers and cannot hand a promise back, though promise callbacks still run after each
 * evaluation: so there axe's zero-delay steps run as promise callbacks (its long time-outs never fire, as in
 * any page without scripts), and its results are read by a later evaluation.
 */
function startAxe({ options, withoutTimers }: { options: object; withoutTimers: boolean }) {
  const win = window as unknown as Window & AxeWindow;
  if (withoutTimers) {
    const cancelled = new Set<number>();
    let last = 0;
    const setTimeoutWithoutTimers = (callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
      const id = ++last;
      if (delay <= 1) void Promise.resolve().then(() => cancelled.delete(id) || callback(...args));
      return id;
    };
    win.setTimeout = setTimeoutWithoutTimers as unknown as typeof window.setTimeout;
    win.clearTimeout = ((id: number) => void cancelled.add(id)) as typeof window.clearTimeout;
  }
  win.axeRun = undefined;
  win.axe!.run(document, options).then(
    ({ violations }) => (win.axeRun = { violations }),
    (error: unknown) => (win.axeRun = { error: String(error) }),
  );
}

/** axe's serious and critical violations on the page as it is now, a few nodes of each. */
async function seriousViolations(page: Page, javaScriptEnabled: boolean) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  await page.evaluate(startAxe, { options: AXE_OPTIONS, withoutTimers: !javaScriptEnabled });
  const readAxeRun = () => page.evaluate(() => (window as unknown as AxeWindow).axeRun);
  await expect.poll(readAxeRun, { message: `axe finished on ${page.url()}`, timeout: 20_000, intervals: [50, 100, 250] }).toBeTruthy();
  const run = (await readAxeRun())!;
  if ("error" in run) throw new Error(`axe failed on ${page.url()}: ${run.error}`);
  return run.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1, 2).join("")}`),
    }));
}

/**
 * No serious or critical violation on the page, at 1280 px and at 375 px (the page is not reloaded: the media
 * queries apply as the viewport changes), any modal a dialog address opens included. Leaves the viewport as it
 * was, for the worker's next check.
 */
async function expectNoSeriousViolations(page: Page) {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  // with JavaScript, read the page once it has hydrated (the app marks <html>); without, once it has loaded
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  else await page.waitForLoadState("load");
  const size = page.viewportSize();
  let current = size;
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  try {
    for (const viewport of WIDTHS) {
      if (current?.width !== viewport.width || current.height !== viewport.height) await page.setViewportSize((current = viewport));
      found[`${viewport.width} px`] = await seriousViolations(page, javaScriptEnabled);
    }
  } finally {
    if (size && (current?.width !== size.width || current.height !== size.height)) await page.setViewportSize(size);
  }
  const failing = Object.keys(found).filter((width) => found[width].length > 0);
  const none = Object.fromEntries(WIDTHS.map(({ width }) => [`${width} px`, []]));
  expect(found, `axe on ${page.url()} at ${failing.join(" and ") || "every width"}, JavaScript ${javaScriptEnabled ? "on" : "off"}`).toEqual(none);
}

/** Opens `path`, which must answer without a server error and land on `landsOn` (the path itself unless said). */
async function visit(page: Page, path: string, landsOn = new URL(path, "http://localhost").pathname) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  // a lost session or a wrong address would land elsewhere, on a screen that is not the one to check
  expect(new URL(page.url()).pathname, `where ${path} lands`).toBe(landsOn);
}

/** A screen's address, or how to find it (the id of a record) through the signed-in session's API. */
type Address = string | ((request: APIRequestContext) => Promise<string>);

/** One check per screen, each signed in as `account` (or signed out); `landsOn` when the address redirects. */
function checkScreens(screens: [name: string, address: Address, landsOn?: string][], account?: Account) {
  for (const [name, address, landsOn] of screens) {
    test(name, async ({ page }) => {
      if (account) await signIn(page, account);
      await visit(page, typeof address === "string" ? address : await address(page.request), landsOn);
      await expectNoSeriousViolations(page);
    });
  }
}

/** A field (the id unless said) of the first record of a JSON list, through the signed-in session's API. */
async function firstId(request: APIRequestContext, path: string, pick: (row: Record<string, unknown>) => boolean = () => true, field = "id") {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as Record<string, unknown>[] | { items?: Record<string, unknown>[] };
  const rows = Array.isArray(body) ? body : (body.items ?? []);
  const row = rows.find(pick);
  expect(row, `a record from ${path}`).toBeTruthy();
  return String(row![field]);
}

/** The first link of a screen to a record under `prefix` (`/supplier/invoices/`), read from its markup. */
async function firstLink(request: APIRequestContext, screen: string, prefix: string) {
  const response = await request.get(screen);
  expect(response.status(), screen).toBe(200);
  const href = new RegExp(`href="(${prefix}\\d+)"`).exec(await response.text())?.[1];
  expect(href, `a link to ${prefix}{id} on ${screen}`).toBeTruthy();
  return href!;
}

const FOOD = "/category/catering-food-ingredients";

test.describe("accessibility", () => {
  // a sign-in, a page and two axe runs (1280 and 375 px): seconds alone, past 30 s on a box busy with other work
  test.describe.configure({ timeout: 90_000 });
  test.describe("signed out", () => {
    checkScreens([
      ["home", "/"],
      ["search", "/?q=water"],
      ["category", FOOD],
      // /listing-view remembers the Grid / List choice and goes back to the listing
      ["category as a list", `/listing-view?view=list&back=${encodeURIComponent(FOOD)}`, FOOD],
      ["product", `/products/${ORDERABLE.stillWater.slug}`],
      ["log in", "/login"],
      ["sign up", "/login?tab=signup"],
      ["forgot password", "/forgot-password"],
      ["reset link that cannot be used", "/reset-password/no-such-token"],
      ["not found", "/no-such-page"],
      ["guest cart", "/cart"],
    ]);

    test("a password-reset mail in the outbox and the page its link opens", async ({ page, baseURL }) => {
      const customer = await createCustomer(baseURL!);
      const asked = await page.request.post("/api/auth/forgot-password", { data: { email: customer.email } });
      expect(asked.status(), await asked.text()).toBe(202);
      await signIn(page, ADMIN);
      // the link is mailed just after the reply
      let mail = "";
      await expect
        .poll(async () => (mail = await firstId(page.request, "/api/admin/outbox", (row) => row.to === customer.email).catch(() => "")), {
          message: `a mail to ${customer.email} in the outbox`,
          timeout: 15_000,
        })
        .not.toBe("");
      await visit(page, `/admin/outbox/${mail}`);
      await expectNoSeriousViolations(page);
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec((await page.getByTestId("mail-text").textContent()) ?? "");
      expect(link, "a reset link in the mail").not.toBeNull();
      await page.context().clearCookies();
      await visit(page, new URL(link![0]).pathname);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });

  test.describe("customer", () => {
    checkScreens(
      [
        ["account", "/account"],
        ["change password dialog", "/account?dialog=change-password"],
        ["orders", "/account/orders"],
        ["orders: an order", async (request) => `/account/orders?order=${await firstId(request, "/api/orders")}`],
        ["invoices", "/account/invoices"],
        ["account balance", "/account/balance"],
        ["returns", "/account/returns"],
        ["loyalty rewards", "/account/loyalty"],
        ["loyalty history", "/account/loyalty?tab=history"],
        ["templates", "/account/templates"],
        ["delivery addresses", "/account/addresses"],
        ["company people", "/account/company"],
        ["quick order", "/quick-order"],
        ["quick order CSV", "/quick-order?tab=csv"],
        ["quick order reorder", "/quick-order?tab=reorder"],
        ["request a product", "/request-product"],
        ["product with the customer's prices", `/products/${ORDERABLE.stillWater.slug}`],
        ["category as a list with the customer's prices", `/listing-view?view=list&back=${encodeURIComponent(FOOD)}`, FOOD],
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

    test("cart, its save-template dialog, checkout and the order-placed page", async ({ page, customer }) => {
      await signIn(page, customer);
      await addToCart(page.request);
      // an order of something else: the cart keeps its water for the checkout
      const placed = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);
      await visit(page, "/cart");
      await expectNoSeriousViolations(page);
      await visit(page, "/cart?dialog=save-template");
      await expectNoSeriousViolations(page);
      await visit(page, "/checkout");
      await expectNoSeriousViolations(page);
      await visit(page, `/account/orders/${placed.id}/placed`);
      await expect(page.getByRole("heading", { name: /^Order placed/ }).first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });

  test.describe("supplier", () => {
    checkScreens(
      [
        ["orders and invoices", "/supplier"],
        ["a purchase order", (request) => firstLink(request, "/supplier", "/supplier/purchase-orders/")],
        ["an invoice", (request) => firstLink(request, "/supplier", "/supplier/invoices/")],
      ],
      SUPPLIER,
    );
  });

  test.describe("admin", () => {
    checkScreens(
      [
        // /admin/dashboard is the same screen; /admin/low-stock-alerts redirects to the inventory alerts; the
        // dashboard holds the Getting started list (/admin/getting-started only takes its "Hide this list")
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
        // a shelf label two demo products carry (db/seed/barcodes.ts): the scan box asks which
        ["point of sale: which one?", "/admin/pos?scan=BAY-CUPS-12"],
        ["price tiers", "/admin/price-tiers"],
        ["price tiers: new", "/admin/price-tiers?dialog=new"],
        ["product requests", "/admin/product-requests"],
        ["products", "/admin/products"],
        ["products: new", "/admin/products?dialog=new"],
        ["products: categories", "/admin/products?dialog=categories"],
        ["purchase orders", "/admin/purchase-orders"],
        ["purchase orders: new", "/admin/purchase-orders?dialog=new"],
        ["purchase invoices", "/admin/purchase-invoices"],
        ["purchase invoices: new", "/admin/purchase-invoices?dialog=new"],
        ["returns", "/admin/returns"],
        ["sales invoices", "/admin/sales-invoices"],
        ["sales invoices: new", "/admin/sales-invoices?dialog=new"],
        ["accounts: profit and loss", "/admin/accounts"],
        ["accounts: balance sheet", "/admin/accounts?tab=balance-sheet"],
        ["accounts: transactions", "/admin/accounts?tab=transactions"],
        ["accounts: financial accounts", "/admin/accounts?tab=financial-accounts"],
        ["accounts: new financial account", "/admin/accounts?tab=financial-accounts&dialog=new"],
        ["ledger", "/admin/ledger"],
        ["ledger: chart of accounts", "/admin/ledger/chart"],
        ["ledger: new account", "/admin/ledger/chart?dialog=new"],
        ["ledger: journals", "/admin/ledger/journals"],
        ["ledger: new journal", "/admin/ledger/journals/new"],
        ["ledger: exports", "/admin/ledger/exports"],
        ["aged debtors", "/admin/aged-debtors"],
        ["aged debtors: a company", async (request) => `/admin/aged-debtors/${await firstId(request, "/api/admin/companies")}`],
        ["payment reminders", "/admin/credit-reminders"],
        ["VAT returns", "/admin/vat-returns"],
        ["VAT returns: generate", "/admin/vat-returns?dialog=generate"],
        ["VAT returns: assistant", "/admin/vat-returns?dialog=assistant"],
        ["outbox", "/admin/outbox"],
        ["users", "/admin/users"],
        ["users: new", "/admin/users?dialog=new"],
        ["users: held-back sign-ups", "/admin/users?pending=held"],
        ["sign-in holds", "/admin/sign-in-holds"],
        ["companies", "/admin/companies"],
        ["companies: a company", async (request) => `/admin/companies/${await firstId(request, "/api/admin/companies")}`],
        ["settings: company", "/admin/settings/company"],
        ["settings: ordering", "/admin/settings/ordering"],
        ["volume discounts", "/admin/volume-discounts"],
        ["volume discounts: new", "/admin/volume-discounts?dialog=new"],
        ["not found", "/admin/no-such-page"],
        ["orders: an order", async (request) => `/admin/orders?view=${await firstId(request, "/api/admin/orders")}`],
        ["products: edit", async (request) => `/admin/products?edit=${await firstId(request, "/api/admin/products")}`],
        ["purchase orders: an order", async (request) => `/admin/purchase-orders?view=${await firstId(request, "/api/admin/purchase-orders")}`],
        ["purchase invoices: an invoice", async (request) => `/admin/purchase-invoices?view=${await firstId(request, "/api/admin/invoices/purchase")}`],
        [
          "purchase invoices: record a payment",
          async (request) => `/admin/purchase-invoices?pay=${await firstId(request, "/api/admin/invoices/purchase", (invoice) => invoice.status !== "paid")}`,
        ],
        ["returns: update", async (request) => `/admin/returns?update=${await firstId(request, "/api/admin/returns")}`],
        ["sales invoices: an invoice", async (request) => `/admin/sales-invoices?view=${await firstId(request, "/api/admin/invoices/sales")}`],
        ["sales invoices: record a payment", async (request) => `/admin/sales-invoices?pay=${await firstId(request, "/api/admin/invoices/sales")}`],
        ["ledger: an account", async (request) => `/admin/ledger/accounts/${await firstId(request, "/api/admin/ledger/accounts", (account) => Number(account.balance) !== 0, "code")}`],
        ["ledger: a journal", async (request) => `/admin/ledger/journals/${await firstId(request, "/api/admin/ledger/journals")}`],
        ["ledger: rename an account", async (request) => `/admin/ledger/chart?edit=${await firstId(request, "/api/admin/ledger/accounts", () => true, "code")}`],
        ["VAT returns: a return", async (request) => `/admin/vat-returns?view=${await firstId(request, "/api/admin/vat-returns")}`],
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
