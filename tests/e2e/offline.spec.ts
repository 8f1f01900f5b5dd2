import { request as apiRequest, type BrowserContext, type Page } from "@playwright/test";
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

  test("offline, a kept page's links still open in place: the worker tells the page where its other routes are", JS_ONLY, async ({ page, context }) => {
    await signIn(page, BUYER);
    await openControlled(page, "/");
    // online once by the link, so that the page's data is kept as well as its document
    await page.locator('header a[href="/quick-order"]:visible').first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Quick Order" })).toBeVisible();
    await expect.poll(() => keptUrls(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/quick-order\?_data=/)]));

    // the browser's own cache may keep the shop's answers to route discovery, as it may not: without them
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
    await context.setOffline(true);
    // a fresh copy of home carries only its own routes: Quick Order's is discovered with no connection
    await page.goto("/");
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('header a[href="/quick-order"]:visible').first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Quick Order" })).toBeVisible();
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    // opened by the router inside the page, not by loading the document again
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.setOffline(false);
  });

  test("a second buyer signing in on the same browser never gets the first buyer's pages or prices, nor does a signed-out visitor", JS_ONLY, async ({ page, context }) => {
    test.slow();
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

// ─── Orders placed offline (issue #28 point 3, docs/decisions/0078) ───────────────────────────────────────────────

type Made = { id: number; name: string; sku: string; slug: string };

/** Products of the test's own (through the admin API), so that no other test's stock or prices move. */
async function makeProducts(baseURL: string, prices: string[]): Promise<Made[]> {
  const admin = await apiRequest.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  const made: Made[] = [];
  for (const [index, salesPrice] of prices.entries()) {
    const tag = `${Date.now().toString(36)}${index}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const reply = await admin.post("/api/admin/products", { data: { name: `Queue Test Item ${tag}`, sku: `QT-${tag}`, salesPrice, stockLevel: 40 } });
    expect(reply.status(), await reply.text()).toBe(201);
    const product = (await reply.json()) as { id: number; name: string; sku: string; slug: string };
    made.push({ id: product.id, name: product.name, sku: product.sku, slug: product.slug });
  }
  await admin.dispose();
  return made;
}

async function setPrice(baseURL: string, id: number, salesPrice: string) {
  const admin = await apiRequest.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  const reply = await admin.patch(`/api/admin/products/${id}`, { data: { salesPrice } });
  expect(reply.status(), await reply.text()).toBe(200);
  await admin.dispose();
}

/** The buyer's orders as the API lists them: each with its lines' SKUs and quantities. */
async function ordersOf(page: Page) {
  const reply = await page.request.get("/api/orders");
  expect(reply.status()).toBe(200);
  return (await reply.json()) as { id: number; orderNumber: string; items: { sku: string | null; productName: string; quantity: number; unitPrice: string }[] }[];
}

/** Back online: the one order waiting on this device is sent, and exactly one order is placed with these lines. */
async function sentOnceWith(page: Page, context: BrowserContext, lines: [string, number][]) {
  await context.setOffline(false);
  await page.goto("/account/orders/waiting");
  await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
  const placed = await ordersOf(page);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.items.map((item) => [item.sku, item.quantity]).sort()).toEqual([...lines].sort());
}

/** Online, signed in: the pages an offline order needs are kept, with the price list and the waiting page. */
async function browseForOffline(page: Page) {
  await openControlled(page, "/");
  await page.goto(FLOUR.path);
  await page.goto("/quick-order");
  await expect(page.getByRole("heading", { level: 1, name: "Quick Order" })).toBeVisible();
  await expect.poll(() => keptUrls(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(["/", FLOUR.path, "/quick-order", "/account/orders/waiting", "/logout"]));
  await priceListKept(page);
}

/** Offline on the pad: the lines typed, checked against the price list, then Place order. */
async function placeOffline(page: Page, text: string) {
  await page.goto("/quick-order");
  await expect(page.getByTestId("offline-bar")).toBeVisible();
  await page.getByLabel("Items: one per line, SKU then quantity").fill(text);
  await expect(page.getByRole("button", { name: "Place order (sent when back online)" })).toBeEnabled();
  await page.getByRole("button", { name: "Place order (sent when back online)" }).click();
  await expect(page.getByTestId("order-queued")).toContainText("Order kept on this device: waiting to send.");
}

/** The queued orders' records on this device (key, body, status), read from IndexedDB. */
function queueRecords(page: Page) {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? "").filter((name) => name.startsWith("offline-"));
    const all: { key: string; body: string; status: string; account: string }[] = [];
    for (const name of names) {
      const rows = await new Promise<{ key: string; body: string; status: string }[]>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queue")) return resolve([]);
          const get = db.transaction("queue").objectStore("queue").getAll();
          get.onsuccess = () => resolve(get.result as { key: string; body: string; status: string }[]);
          get.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      });
      all.push(...rows.map((row) => ({ key: row.key, body: row.body, status: row.status, account: name.slice("offline-".length) })));
    }
    return all;
  });
}

test.describe("orders placed offline", () => {
  test("placed on the pad offline, waiting, sent exactly once when back online, whatever replays it", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const items = await makeProducts(baseURL!, ["12.00", "7.50", "3.20"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);

    await context.setOffline(true);
    await page.goto(FLOUR.path);
    await expect(page.getByRole("heading", { level: 1, name: FLOUR.name })).toBeVisible();
    await page.goto(RICE.path);
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await page.goto("/quick-order");
    await page.getByLabel("Search your price list").fill(items[0]!.sku);
    await expect(page.getByRole("cell", { name: items[0]!.name, exact: true })).toBeVisible();
    await placeOffline(page, `${items[0]!.sku}, 2\n${items[1]!.sku}, 3\n${items[2]!.sku}, 5`);

    await page.goto("/account/orders/waiting");
    const queued = page.getByTestId("queued-order");
    await expect(queued).toHaveCount(1);
    await expect(queued).toHaveAttribute("data-status", "waiting");
    await expect(queued).toContainText("Waiting to send");
    await expect(queued).toContainText("£12.00 ex VAT / £14.40 inc VAT");
    await expect(page.getByTestId("queue-count")).toHaveText("1 order waiting to send");
    const [record] = await queueRecords(page);
    expect(record).toMatchObject({ status: "waiting" });

    // a second tab, reloads, and a restart of the service worker while it comes back online
    const second = await context.newPage();
    await second.goto("/account/orders/waiting");
    await expect(second.getByTestId("queued-order")).toHaveCount(1);
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    await context.setOffline(false);
    await Promise.all([page.reload(), second.reload()]);
    await cdp.send("ServiceWorker.stopAllWorkers");
    await Promise.all([page.reload(), second.reload()]);
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
    await expect(page.getByTestId("queued-order")).toContainText(/Sent as order/);
    await expect(second.getByTestId("queued-order")).toHaveAttribute("data-status", "sent");
    await expect(page.getByTestId("queue-count")).toHaveCount(0);

    // the same queued order sent 100 times more, with its own key and body: the same one order each time
    const replies = await page.evaluate(
      async ({ key, body, account }) => {
        const ids: number[] = [];
        for (let round = 0; round < 10; round += 1) {
          const batch = await Promise.all(
            Array.from({ length: 10 }, () =>
              fetch("/api/orders", { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key, "X-Offline-Key": account }, body }).then(
                async (reply) => (reply.status === 200 || reply.status === 201 ? ((await reply.json()) as { id: number }).id : -reply.status),
              ),
            ),
          );
          ids.push(...batch);
        }
        return ids;
      },
      { key: record!.key, body: record!.body, account: record!.account },
    );
    expect(replies).toHaveLength(100);
    expect(new Set(replies).size).toBe(1);
    expect(replies[0]).toBeGreaterThan(0);

    const placed = await ordersOf(page);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.id).toBe(replies[0]);
    expect(placed[0]!.items.map((item) => [item.sku, item.quantity]).sort()).toEqual(
      [
        [items[0]!.sku, 2],
        [items[1]!.sku, 3],
        [items[2]!.sku, 5],
      ].sort(),
    );
    await second.close();
  });

  test("a price changed while offline comes back as a draft showing the difference, placed only once confirmed", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const [item] = await makeProducts(baseURL!, ["10.00"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);
    await context.setOffline(true);
    await placeOffline(page, `${item!.sku}, 4`);
    await setPrice(baseURL!, item!.id, "11.00");

    await context.setOffline(false);
    await page.goto("/account/orders/waiting");
    const draft = page.getByTestId("queued-order");
    await expect(draft).toHaveAttribute("data-status", "draft", { timeout: 20_000 });
    const changes = page.getByTestId("draft-changes");
    await expect(changes).toContainText("£10.00 ex VAT / £12.00 inc VAT");
    await expect(changes).toContainText("£11.00 ex VAT / £13.20 inc VAT");
    expect(await ordersOf(page)).toHaveLength(0);

    await page.getByRole("button", { name: "Place it with these changes" }).click();
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
    const placed = await ordersOf(page);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.items).toEqual([expect.objectContaining({ sku: item!.sku, quantity: 4, unitPrice: "11.00" })]);
  });

  test("a session that ended keeps the order waiting and says to sign in; signed in again, it is sent", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const [item] = await makeProducts(baseURL!, ["5.00"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);
    await context.setOffline(true);
    await placeOffline(page, `${item!.sku}, 2`);
    await page.goto("/account/orders/waiting");
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "waiting");

    // the session ends while offline (its cookie is gone); back online, the send is refused 401
    await context.clearCookies();
    await context.setOffline(false);
    await expect(page.getByTestId("queued-order")).toContainText("Your session has ended: sign in to send it", { timeout: 20_000 });
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "waiting");

    await loginAs(page, customer.email, customer.password);
    await page.goto("/account/orders/waiting");
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
    expect(await ordersOf(page)).toHaveLength(1);
  });

  test("signing out offline with an order waiting lists it first; the next buyer gets none of it", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const [item] = await makeProducts(baseURL!, ["6.00"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);
    await context.setOffline(true);
    await placeOffline(page, `${item!.sku}, 1`);

    // the header's Log Out goes to the confirm, which lists what would be lost
    await page.getByRole("banner").getByRole("button", { name: "Log Out" }).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/logout");
    const notice = page.getByTestId("logout-queue");
    await expect(notice).toContainText("1 order waiting to send on this device");
    await expect(notice).toContainText("Logging out deletes them from this device");
    await expect(notice.getByRole("button", { name: "Send them (needs a connection)" })).toBeDisabled();
    await page.getByRole("button", { name: "Log Out" }).last().click();
    await expect(page.getByRole("heading", { level: 1, name: "Signed out on this device" })).toBeVisible();
    await expect(page.getByText("The shop could not be reached to end your session there")).toBeVisible();
    await expect.poll(() => accountDatabases(page)).toEqual([]);
    await expect.poll(() => pageCaches(page)).toEqual([]);

    // back online, the first request ends the shop's session before anything else: nobody is signed in as that buyer
    await context.setOffline(false);
    await page.goto("/account/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");
    expect((await page.request.get("/api/orders")).status()).toBe(401);
    await loginAs(page, BUYER2.email, BUYER2.password);
    await page.goto("/account/orders/waiting");
    await expect(page.getByText("No orders are waiting on this device")).toBeVisible();
    await expect(page.getByTestId("queue-count")).toHaveCount(0);
    expect(await queueRecords(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto("/quick-order");
    await expect(page.getByRole("heading", { name: "This page is not available offline" })).toBeVisible();
    await context.setOffline(false);

    // the first buyer's order was never placed
    await context.clearCookies();
    await loginAs(page, customer.email, customer.password);
    expect(await ordersOf(page)).toHaveLength(0);
  });
});

test.describe("orders placed offline from the cart or a template, and a send the shop fails", () => {
  test("the cart placed offline is kept once, sent once when back online, and the cart is emptied", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const items = await makeProducts(baseURL!, ["9.00", "4.25"]);
    await loginAs(page, customer.email, customer.password);
    for (const [index, item] of items.entries()) {
      const added = await page.request.post("/api/cart/items", { data: { productId: item.id, quantity: index + 2 } });
      expect(added.status(), await added.text()).toBe(200);
    }
    await browseForOffline(page);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect.poll(() => keptUrls(page)).toEqual(expect.arrayContaining(["/cart"]));
    // online the cart goes to checkout only
    await expect(page.getByRole("region", { name: "Order offline", exact: true })).toHaveCount(0);

    await context.setOffline(true);
    await page.goto("/cart");
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    const offline = page.getByRole("region", { name: "Order offline", exact: true });
    await expect(offline).toContainText("£30.75 ex VAT");
    await offline.getByRole("button", { name: "Place order (sent when back online)" }).click();
    await expect(offline.getByTestId("lines-queued")).toContainText("This cart is kept on this device as an order, waiting to send.");
    // opened again offline, the same cart cannot be kept a second time
    await page.reload();
    await expect(page.getByTestId("lines-queued")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place order (sent when back online)" })).toHaveCount(0);
    expect(await queueRecords(page)).toHaveLength(1);

    await sentOnceWith(page, context, [
      [items[0]!.sku, 2],
      [items[1]!.sku, 3],
    ]);
    const cart = await page.request.get("/api/cart");
    expect(((await cart.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test("a template ordered offline is kept, listed as waiting and placed once back online", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const items = await makeProducts(baseURL!, ["2.40", "8.00"]);
    await loginAs(page, customer.email, customer.password);
    const made = await page.request.post("/api/order-templates", {
      data: { name: "Friday van", items: [{ productId: items[0]!.id, quantity: 10 }, { productId: items[1]!.id, quantity: 1 }] },
    });
    expect(made.status(), await made.text()).toBe(201);
    await browseForOffline(page);
    await page.goto("/account/templates");
    await expect.poll(() => keptUrls(page)).toEqual(expect.arrayContaining(["/account/templates"]));
    await expect(page.getByRole("button", { name: "Order Friday van offline…" })).toHaveCount(0);

    await context.setOffline(true);
    await page.goto("/account/templates");
    await expect(page.getByTestId("offline-bar")).toBeVisible();
    await page.getByRole("button", { name: "Order Friday van offline…" }).click();
    const panel = page.getByRole("region", { name: "Order Friday van offline", exact: true });
    await expect(panel).toContainText("£32.00 ex VAT");
    await panel.getByRole("button", { name: "Place order (sent when back online)" }).click();
    await expect(panel.getByTestId("lines-queued")).toContainText("This template is kept on this device as an order, waiting to send.");

    await sentOnceWith(page, context, [
      [items[0]!.sku, 10],
      [items[1]!.sku, 1],
    ]);
  });

  test("a send the shop answers with a server error stays waiting, says so, and is placed once when the shop answers", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const [item] = await makeProducts(baseURL!, ["3.00"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);
    await context.setOffline(true);
    await placeOffline(page, `${item!.sku}, 5`);

    // the shop fails every order it is sent (the page's and the service worker's requests alike)
    let failed = 0;
    await context.route("**/api/orders", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      failed += 1;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal error" }) });
    });
    await context.setOffline(false);
    await page.goto("/account/orders/waiting");
    const queued = page.getByTestId("queued-order");
    await expect(queued).toContainText("The shop could not take it just now: it will be tried again.", { timeout: 20_000 });
    await expect(queued).toHaveAttribute("data-status", "waiting");
    expect(failed).toBeGreaterThan(0);
    expect(await ordersOf(page)).toHaveLength(0);

    await context.unrouteAll();
    await page.reload();
    await expect(page.getByTestId("queued-order")).toHaveAttribute("data-status", "sent", { timeout: 20_000 });
    const placed = await ordersOf(page);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.items).toEqual([expect.objectContaining({ sku: item!.sku, quantity: 5 })]);
  });

  test("on a network with no way out, where the browser still says online, a kept page counts as offline and the pad orders", JS_ONLY, async ({ page, context, customer, baseURL }) => {
    test.slow();
    const [item] = await makeProducts(baseURL!, ["4.50"]);
    await loginAs(page, customer.email, customer.password);
    await browseForOffline(page);
    // a site's Wi-Fi whose line is down: every request to the shop fails, yet the device's own link is up
    await context.route("**/*", (route) => route.abort("internetdisconnected"));
    await placeOffline(page, `${item!.sku}, 3`);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await context.unrouteAll();
    await sentOnceWith(page, context, [[item!.sku, 3]]);
  });
});
