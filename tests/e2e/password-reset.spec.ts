import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { ADMIN, createCustomer, expect, loginAs, signIn, test, uniqueEmail } from "./fixtures";

const CHECK_YOUR_EMAIL =
  "If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.";

/** A page in a browser of its own (another device), with this project's settings (JavaScript on or off). */
async function pageOfItsOwn(browser: Browser) {
  const { baseURL, javaScriptEnabled, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale, timezoneId });
  return context.newPage();
}

/** A page of its own, signed in as the admin, for reading the outbox beside the buyer's page. */
async function adminPage(browser: Browser) {
  const page = await pageOfItsOwn(browser);
  await signIn(page, ADMIN);
  return page;
}

/**
 * Opens the newest outbox mail to `email` with `subject`, as the back office's Outbox screen shows it (a
 * requested link is mailed just after the reply, so the list is reloaded until it is there), and returns its text.
 */
async function readMail(admin: Page, email: string, subject: string) {
  const row = admin.getByTestId("outbox-mail").filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await admin.goto("/admin/outbox");
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await row.first().getByRole("link", { name: subject }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(subject);
  return (await admin.getByTestId("mail-text").textContent()) ?? "";
}

/** The path of the reset link in a mail's text (the link names this server). */
function resetPath(text: string) {
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(text);
  expect(link, "a reset link in the mail").not.toBeNull();
  return new URL(link![0]).pathname;
}

test.describe("forgotten password", () => {
  test("a buyer asks for a link, sets a new password from the mail, and every other session ends", async ({ page, browser, baseURL }) => {
    test.slow(); // a long journey: two requests, two mails read in the back office, two devices
    const buyer = await createCustomer(baseURL!);
    // the buyer is still signed in on another device
    const otherDevice = await pageOfItsOwn(browser);
    await signIn(otherDevice, buyer);
    await otherDevice.goto("/account");
    await expect(otherDevice).toHaveURL(/\/account/);

    // an unknown email gets the same answer as the buyer's
    for (const email of [uniqueEmail("nobody"), buyer.email]) {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await expect(page.getByText("Check your email", { exact: true }).first()).toBeVisible();
      await expect(page.getByText(CHECK_YOUR_EMAIL).first()).toBeVisible();
    }

    const admin = await adminPage(browser);
    const mail = await readMail(admin, buyer.email, "Reset your password");
    expect(mail).toContain("We received a request to reset the password of your trade account");
    const link = resetPath(mail);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(buyer.email).first()).toBeVisible();
    if (test.info().project.name === "js") {
      // axe, as tests/e2e/accessibility.spec.ts checks every screen (this one needs a live link)
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    }
    await page.getByLabel("New password", { exact: true }).fill("a-new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("a-new-secrets");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a-new-secret");
    await page.getByLabel("Confirm new password", { exact: true }).fill("a-new-secret");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByText("Password changed", { exact: true }).first()).toBeVisible();

    // the other device is signed out; the old password no longer works, the new one does
    await otherDevice.goto("/account");
    await expect(otherDevice).toHaveURL(/\/login\?redirectTo=/);
    expect((await page.request.post("/api/auth/login", { data: buyer })).status()).toBe(401);
    await page.context().clearCookies();
    await loginAs(page, buyer.email, "a-new-secret");
    await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();

    // the owner is told, and the link works only once
    expect(await readMail(admin, buyer.email, "Your password was changed")).toContain("signed out on every device");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await otherDevice.context().close();
    await admin.context().close();
  });

  test("an admin sends a reset link from the Users screen", async ({ page, browser, baseURL, login }) => {
    const buyer = await createCustomer(baseURL!);
    await login(ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(buyer.email)}`);
    await page.getByRole("link", { name: `Edit ${buyer.email}` }).click();
    await page.getByRole("button", { name: "Send password reset link" }).click();
    await expect(page.getByText(`A password reset link has been sent to ${buyer.email}.`).first()).toBeVisible();

    const mail = await readMail(page, buyer.email, "Reset your password");
    expect(mail).toContain("Our team has sent you a link to set a new password");
    // the buyer's own browser sets the password
    const own = await pageOfItsOwn(browser);
    await own.goto(resetPath(mail));
    await own.getByLabel("New password", { exact: true }).fill("chosen-by-buyer");
    await own.getByLabel("Confirm new password", { exact: true }).fill("chosen-by-buyer");
    await own.getByRole("button", { name: "Set new password" }).click();
    await own.waitForURL((url) => url.pathname === "/login");
    await expect(own.getByText("Password changed", { exact: true }).first()).toBeVisible();
    await loginAs(own, buyer.email, "chosen-by-buyer");
    await own.context().close();
  });
});
