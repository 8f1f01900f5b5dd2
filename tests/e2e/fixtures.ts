import { randomUUID } from "node:crypto";
import { test as base, expect, request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";

export type Account = { email: string; password: string };

/** The seeded demo accounts (see README). */
export const ADMIN = { email: "admin@example.com", password: "admin-demo" } as const;
export const BUYER = { email: "buyer@example.com", password: "buyer-demo" } as const;
export const BUYER2 = { email: "buyer2@example.com", password: "buyer-demo" } as const;
export const APPROVAL_BUYER = { email: "approval@example.com", password: "buyer-demo" } as const;
export const PENDING_BUYER = { email: "pending@example.com", password: "buyer-demo" } as const;
export const SUPPLIER = { email: "supplier@example.com", password: "supplier-demo" } as const;

export const DEMO_ACCOUNTS = {
  admin: ADMIN,
  buyer: BUYER,
  buyer2: BUYER2,
  approval: APPROVAL_BUYER,
  pending: PENDING_BUYER,
  supplier: SUPPLIER,
} as const;

/**
 * Marks a check whose outcome cannot depend on JavaScript in the browser (a plain redirect, a 404 page, an
 * ownership check, an API answer): playwright.config.ts runs it in the no-js project only, not twice.
 */
export const JS_INDEPENDENT_TAG = "@js-independent";
export const JS_INDEPENDENT = { tag: JS_INDEPENDENT_TAG };

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
/** One signed-in admin API session per worker: signing in hashes at full cost, so it is done once. */
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
    await use((account) => loginAs(page, account.email, account.password));
  },
  customer: async ({ baseURL }, use) => {
    await use(await createCustomer(baseURL!));
  },
});

export { expect };
