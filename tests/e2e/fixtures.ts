import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

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

export const test = base.extend<{ login: (account: Account) => Promise<void> }>({
  login: async ({ page }, use) => {
    await use((account) => loginAs(page, account.email, account.password));
  },
});

export { expect };
