import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { test as base, expect, request as apiRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export type Account = { email: string; password: string };

/** The seeded demo accounts (see README). */
export const ADMIN = { email: "admin@example.com", password: "admin-demo" } as const;
export const BUYER = { email: "buyer@example.com", password: "buyer-demo" } as const;
export const BUYER2 = { email: "buyer2@example.com", password: "buyer-demo" } as const;
export const APPROVAL_BUYER = { email: "approval@example.com", password: "buyer-demo" } as const;
export const PENDING_BUYER = { email: "pending@example.com", password: "buyer-demo" } as const;
export const SUPPLIER = { email: "supplier@example.com", password: "supplier-demo" } as const;
/** Back-office staff with the warehouse staff role (docs/decisions/0065-staff-roles.md). */
export const WAREHOUSE = { email: "warehouse@example.com", password: "staff-demo" } as const;

export const DEMO_ACCOUNTS = {
  admin: ADMIN,
  buyer: BUYER,
  buyer2: BUYER2,
  approval: APPROVAL_BUYER,
  pending: PENDING_BUYER,
  supplier: SUPPLIER,
  warehouse: WAREHOUSE,
} as const;

/**
 * Marks a check whose outcome cannot depend on JavaScript in the browser (a plain redirect, a 404 page, an
 * ownership check, an API answer): playwright.config.ts runs it in the no-js project only, not twice.
 */
export const JS_INDEPENDENT_TAG = "@js-independent";
export const JS_INDEPENDENT = { tag: JS_INDEPENDENT_TAG };

/**
 * Marks a check of what JavaScript adds (a request lost in the background, a toast's hotkey): the no-js
 * project has no such request or toast, so playwright.config.ts runs it in the js project only.
 */
export const JS_ONLY_TAG = "@js-only";
export const JS_ONLY = { tag: JS_ONLY_TAG };

/**
 * Marks a check that changes what every page of the install shows (the company logo): playwright.config.ts
 * runs it after all other checks, in projects of its own, so it never changes a page another check is reading.
 */
export const INSTALL_WIDE_TAG = "@install-wide";
export const INSTALL_WIDE = { tag: INSTALL_WIDE_TAG };

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** Where tests/e2e/global-setup.ts keeps the signed-in demo accounts' storage state (gitignored). */
export const AUTH_STATE_DIR = fileURLToPath(new URL("../.tmp/auth/", import.meta.url));

/**
 * One session per demo account and per parallel worker slot: a worker runs its tests one at a time, so a
 * flash message one test leaves in the server-side session is never read by a test running beside it.
 */
export function authStatePath(name: DemoAccountName, parallelIndex: number) {
  return `${AUTH_STATE_DIR}${name}-${parallelIndex}.json`;
}

function demoAccountName(email: string): DemoAccountName | undefined {
  return (Object.keys(DEMO_ACCOUNTS) as DemoAccountName[]).find((name) => DEMO_ACCOUNTS[name].email === email);
}

/**
 * Signs `account` in for this page's browser context without the /login form, for tests that only need to
 * be signed in (the sign-in journeys themselves use `loginAs`). A demo account reuses the session that
 * global setup opened for it; any other account signs in through POST /api/auth/login, whose cookie the
 * context shares. The page is not navigated.
 */
export async function signIn(page: Page, account: Account) {
  const name = demoAccountName(account.email);
  if (name) {
    const file = authStatePath(name, base.info().parallelIndex);
    if (!fs.existsSync(file)) throw new Error(`no signed-in state for ${account.email} at ${file}: did global setup run?`);
    const state = JSON.parse(fs.readFileSync(file, "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
    await page.context().addCookies(state.cookies);
    return;
  }
  const response = await page.request.post("/api/auth/login", { data: account });
  if (!response.ok()) throw new Error(`sign-in of ${account.email} failed: ${response.status()} ${await response.text()}`);
}

/** Signs the page out of any account (by dropping its cookies) and into `account`, as `signIn` does. */
export async function switchAccount(page: Page, account: Account) {
  await page.context().clearCookies();
  await signIn(page, account);
}

/**
 * Signs in through the /login form, as a person would, and waits until the app lands on
 * `expectPath` (the storefront home by default). Works with and without JavaScript.
 */
export async function loginAs(
  page: Page,
  email: string,
  password: string,
  { expectPath = "/" }: { expectPath?: string } = {},
) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL((url) => url.pathname === expectPath);
}

/** An address no other test (or earlier run against a reused server) has used. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.com`;
}

let adminApi: Promise<APIRequestContext> | undefined;
/** One signed-in admin API session per worker for creating customers. */
function adminSession(baseURL: string) {
  adminApi ??= (async () => {
    const context = await apiRequest.newContext({ baseURL });
    const response = await context.post("/api/auth/login", { data: ADMIN });
    if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()}`);
    return context;
  })();
  return adminApi;
}

/**
 * A brand-new approved customer, created through the admin API. A signed-in cart is shared by every
 * session of its account and the two projects run side by side, so a test that empties a cart or places
 * orders uses a customer of its own rather than a demo account.
 */
export async function createCustomer(baseURL: string, overrides: Record<string, unknown> = {}): Promise<Account> {
  const admin = await adminSession(baseURL);
  const account = { email: uniqueEmail("customer"), password: "customer-pass" };
  const response = await admin.post("/api/admin/users", {
    data: {
      ...account,
      firstName: "Casey",
      lastName: "Trader",
      businessName: "Casey Trading Ltd",
      role: "customer",
      phone: "0113 496 0001",
      address: "4 Canal Wharf, Leeds, LS11 5PS",
      isActive: true,
      ...overrides,
    },
  });
  if (response.status() !== 201) throw new Error(`creating a customer failed: ${response.status()} ${await response.text()}`);
  return account;
}

export const test = base.extend<{ login: (account: Account) => Promise<void>; customer: Account }>({
  login: async ({ page }, use) => {
    await use((account) => signIn(page, account));
  },
  customer: async ({ baseURL }, use) => {
    await use(await createCustomer(baseURL!));
  },
});

export { expect };

/** A page in a browser of its own (a colleague's own computer), with this project's settings (JavaScript on or off). */
export async function pageOfItsOwn(browser: Browser) {
  const { baseURL, javaScriptEnabled, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale, timezoneId });
  return context.newPage();
}

/** The newest outbox mail to `email` with `subject`, opened on the back office's Outbox screen (by a signed-in admin), as text. */
export async function readOutboxMail(admin: Page, email: string, subject: string) {
  const row = admin.getByTestId("outbox-mail").filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await admin.goto("/admin/outbox");
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await row.first().getByRole("link", { name: subject }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toContainText(subject);
  return (await admin.getByTestId("mail-text").textContent()) ?? "";
}
