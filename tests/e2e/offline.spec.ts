import type { Page } from "@playwright/test";
import { ADMIN, BUYER, BUYER2, expect, JS_ONLY, loginAs, signIn, test } from "./fixtures";

/**
 * Offline (issue #28, docs/decisions/0077): a signed-in buyer's visited pages open with no connection, with the
 * "You are offline: prices as of 14:05" bar; an unvisited page gets a real offline page; the quick-order pad
 * checks SKUs against the price list kept on the device. Nothing of one buyer is ever shown to another, or to a
 * signed-out visitor, and nothing of the back office is kept. There is no service worker without JavaScript.
 */

const FLOUR = { name: "Plain Flour 16kg Sack", path: "/products/plain-flour-16kg-sack", sku: "FLOUR-PLAIN-16KG" };
const RICE = { name: "Long Grain Rice 10kg", path: "/products/long-grain-rice-10kg" };

/** Opens `path` and waits until the service worker controls the tab (it never claims a page it did not load). */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The names of the page caches on this device (one per account whose pages are kept). */
function pageCaches(page: Page) {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("pages-")));
}

/** The URLs kept in the page caches. */
function keptUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return urls;
  });
}

function accountDatabases(page: Page) {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? "").filter((name) => name.startsWith("offline-")));
}

/** The price list has reached IndexedDB (the worker fetches it in the background after a kept page). */
async function priceListKept(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = (await indexedDB.databases()).map((db) => db.name ?? "").filter((name) => name.startsWith("offline-"));
          if (names.length !== 1) return 0;
          return new Promise<number>((resolve) => {
            const open = indexedDB.open(names[0]!);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("price-list")) return resolve(0);
              const get = db.transaction("price-list").objectStore("price-list").get("current");
              get.onsuccess = () => resolve((get.result as { body?: string } | undefined)?.body?.length ?? 0);
              get.onerror = () => resolve(0);
            };
            open.onerror = () => resolve(0);
          });
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(1000);
}

test.describe("offline", () => {
  test("visited pages open offline with the bar, an unvisited one gets the offline page, the pad checks SKUs", JS_ONLY, async ({ page, context }) => {
    await signIn(page, BUYER);
    await openControlled(page, "/");
    await page.goto(FLOUR.path);
    await expect(page.getByRole("heading", { level: 1, name: FLOUR.name })).toBeVisible();
    await page.goto("/quick-order");
    await expect(page.getByRole("heading", { level: 1, name: "Quick Order" })).toBeVisible();
    await expect.poll(() => keptUrls(page)).toEqual(expect.arrayContaining(["/", FLOUR.path, "/quick-order"]));
    await priceListKept(page);
    // online, no bar
    await expect(page.getByTestId("offline-bar")).toHaveCount(0);

    await context.setOffline(true);
    await page.goto(FLOUR.path);
    await expect(page.getByRole("heading", { level: 1, name: FLOUR.name })).toBeVisible();
    await expect(page.getByTestId("offline-bar")).toHaveText(/^You are offline: prices as of \d\d:\d\d$/);

    // a product never opened on this device: a real page saying so, with links to the kept ones
    await page.goto(RICE.path);
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: FLOUR.name })).toHaveAttribute("href", FLOUR.path);
    await expect(page.getByRole("link", { name: "Quick Order" })).toBeVisible();

    // the quick-order pad checks each line against the price list on the device, and searches it
    await page.goto("/quick-order");
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    await page.getByLabel("Items: one per line, SKU then quantity").fill(`${FLOUR.sku}, 2\nNOPE-404 1`);
    const checked = page.getByRole("list", { name: "Lines checked offline" });
    await expect(checked.getByText(new RegExp(`^Line 1: ${FLOUR.sku} — ${FLOUR.name}, 2 × £\\d+\\.\\d\\d inc VAT$`))).toBeVisible();
    await expect(checked.getByText('Line 2: "NOPE-404" is not in your price list')).toBeVisible();
    await page.getByLabel("Search your price list").fill("rice");
    await expect(page.getByRole("cell", { name: RICE.name, exact: true })).toBeVisible();
    await page.getByLabel("Search your price list").fill("zzzz-nothing");
    await expect(page.getByText("No product in your price list matches “zzzz-nothing”.")).toBeVisible();

    // the catalogue's search box answers from the price list too, linking to the products
    await page.goto("/");
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    await page.getByLabel("Search products").fill("rice");
    const results = page.getByRole("region", { name: "Search results offline" });
    await expect(results.getByRole("link", { name: RICE.name })).toHaveAttribute("href", RICE.path);
    await page.getByLabel("Search products").press("Enter");
    await expect(results.getByRole("link", { name: RICE.name })).toBeVisible();
    await context.setOffline(false);
  });

  test("a second buyer signing in on the same browser never gets the first buyer's pages or prices, nor does a signed-out visitor", JS_ONLY, async ({ page, context }) => {
    // a session of its own (the form), since this test signs it out: the shared demo sessions stay signed in
    await loginAs(page, BUYER.email, BUYER.password);
    await openControlled(page, "/");
    await page.goto("/account/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    await expect.poll(() => keptUrls(page)).toContain("/account/orders");
    await priceListKept(page);
    const firstBuyer = await pageCaches(page);
    expect(firstBuyer).toHaveLength(1);

    // sign out: the device is cleared
    await page.goto("/logout");
    // the confirm page's own button (the header has one too)
    await page.getByRole("button", { name: "Log Out" }).last().click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => pageCaches(page)).toEqual([]);
    await expect.poll(() => accountDatabases(page)).toEqual([]);

    // signed out and offline: the offline page, listing nothing
    await context.setOffline(true);
    await page.goto("/account/orders");
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await expect(page.getByText("Sign in while online")).toBeVisible();
    await expect(page.getByRole("link")).toHaveCount(0);
    await context.setOffline(false);

    // another buyer signs in on the same browser and goes offline
    await loginAs(page, BUYER2.email, BUYER2.password);
    await expect.poll(() => pageCaches(page)).toHaveLength(1);
    expect(await pageCaches(page)).not.toEqual(firstBuyer);
    await context.setOffline(true);
    await page.goto("/account/orders");
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Orders" })).toHaveCount(0);
    await page.goto("/quick-order");
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await context.setOffline(false);
  });

  test("nothing of the back office is kept, and signing in as staff clears a buyer's pages", JS_ONLY, async ({ page }) => {
    await signIn(page, BUYER);
    await openControlled(page, "/");
    await expect.poll(() => pageCaches(page)).toHaveLength(1);
    await page.context().clearCookies();
    await signIn(page, ADMIN);
    await page.goto("/admin");
    await page.goto("/admin/orders");
    await page.goto("/");
    await expect.poll(() => pageCaches(page)).toEqual([]);
    expect(await keptUrls(page)).toEqual([]);
    // nor the personal APIs
    await page.evaluate(() => fetch("/api/orders/my-orders").then((r) => r.text()));
    expect(await keptUrls(page)).toEqual([]);
  });
});
