import { request as apiRequest } from "@playwright/test";
import { createCustomer, expect, JS_INDEPENDENT, signIn, test } from "./fixtures";

/**
 * Signing out is a POST from the app's own pages. GET /api/logout (the spec's navigation target) only leads to
 * the confirm page, so a link or image on another site cannot sign anyone out, even on a plain-http address
 * where the browser sends no Sec-Fetch-Site. Every Log Out is a button that signs out in one click.
 */
test.describe("signing out", () => {
  test("GET /api/logout leaves the session signed in; a post from another site is refused; a post from here signs out", JS_INDEPENDENT, async ({ baseURL }) => {
    const account = await createCustomer(baseURL!);
    // an API context sends no fetch metadata at all, as a browser does on a plain-http LAN address
    const client = await apiRequest.newContext({ baseURL });
    try {
      expect((await client.post("/api/auth/login", { data: account })).status()).toBe(200);
      const me = async () => (await client.get("/api/auth/user")).status();

      const variants: Record<string, string>[] = [{}, { "Sec-Fetch-Site": "same-origin" }, { "Sec-Fetch-Site": "cross-site" }];
      for (const headers of variants) {
        const response = await client.get("/api/logout", { headers, maxRedirects: 0 });
        expect(response.status(), JSON.stringify(headers)).toBe(302);
        expect(response.headers()["location"]).toBe("/logout");
        expect(await me(), JSON.stringify(headers)).toBe(200);
      }
      const confirm = await client.get("/api/logout");
      expect(confirm.url()).toMatch(/\/logout$/);
      expect(await confirm.text()).toContain("Log out?");
      expect(await me()).toBe(200);

      const foreign = await client.post("/api/logout", { headers: { Origin: "https://evil.example.com" }, maxRedirects: 0 });
      expect(foreign.status()).toBe(403);
      expect(await me()).toBe(200);

      const own = await client.post("/api/logout", { headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
      expect(own.status()).toBe(302);
      expect(own.headers()["location"]).toBe("/");
      expect(await me()).toBe(401);
    } finally {
      await client.dispose();
    }
  });

  test("opening /api/logout in the browser shows the confirm page; its Log Out signs out", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/api/logout");
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole("heading", { name: "Log out?" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("the admin sidebar's Log Out signs out in one click", async ({ page, baseURL }) => {
    // an admin of its own: signing the shared demo admin out would end other tests' session
    const admin = await createCustomer(baseURL!, { role: "admin" });
    await signIn(page, admin);
    await page.goto("/admin");
    const account = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Account" });
    await account.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
