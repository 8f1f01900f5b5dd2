import { describe, expect, it } from "vitest";
import {
  accountOfCache,
  accountOfReply,
  ASSET_CACHE,
  cachesToDelete,
  META_CACHE,
  offlineBarText,
  pageCacheName,
  requestKind,
  routeManifestAnswer,
  storageKeyFor,
} from "./offline-rules";

const KEY_A = "AAAAAAAAAAAAAAAAAAAAAA";
const KEY_B = "bbbbbbbbbbbbbbbbbbbb-_";

const reply = (status: number, headers: Record<string, string>, type = "basic") => ({
  status,
  type,
  headers: new Headers(headers),
});

describe("requestKind: what the worker does with a request", () => {
  it("keeps the buyer's storefront pages, their Remix data and invoice PDFs", () => {
    for (const path of ["/", "/category/tools", "/products/claw-hammer", "/cart", "/quick-order", "/account/templates", "/account/orders", "/account/invoices"]) {
      expect(requestKind("GET", path, "", "navigate"), path).toBe("page");
      expect(requestKind("GET", path, "?_data=root", "cors"), path).toBe("data");
    }
    expect(requestKind("GET", "/category/tools", "?page=2&sort=price", "navigate")).toBe("page");
    expect(requestKind("GET", "/account/invoices/12.pdf", "", "navigate")).toBe("file");
  });

  it("passes by admin pages, other APIs, checkout, sign-in, other account pages and every non-GET", () => {
    for (const path of ["/admin", "/admin/orders", "/api/orders", "/api/auth/user", "/checkout", "/login", "/account", "/account/balance", "/account/statement.pdf", "/account/returns", "/account/orders.csv"]) {
      expect(requestKind("GET", path, "", "navigate"), path).toBe("other");
      expect(requestKind("GET", path, "?_data=root", "cors"), path).toBe("other");
    }
    expect(requestKind("POST", "/cart", "", "navigate")).toBe("other");
    expect(requestKind("POST", "/quick-order", "?_data=routes%2Fquick-order", "cors")).toBe("other");
    // a page's own subresource fetch that is neither a navigation nor Remix data
    expect(requestKind("GET", "/products/claw-hammer", "", "cors")).toBe("other");
  });

  it("knows build assets, the price list and sign-out posts", () => {
    expect(requestKind("GET", "/build/root-ABC.js", "", "cors")).toBe("asset");
    expect(requestKind("GET", "/api/account/price-list", "", "cors")).toBe("price-list");
    expect(requestKind("POST", "/logout", "", "navigate")).toBe("sign-out");
    expect(requestKind("POST", "/api/logout", "?_data=routes%2Fapi.logout", "cors")).toBe("sign-out");
    // the Log Out confirm is kept (it lists the orders still waiting, 0078); only its POST signs out
    expect(requestKind("GET", "/logout", "", "navigate")).toBe("page");
    expect(requestKind("GET", "/account/orders/waiting", "", "navigate")).toBe("page");
  });

  it("answers Remix's route discovery itself, and only its GET", () => {
    expect(requestKind("GET", "/__manifest", "?p=%2Fcart&version=abc", "cors")).toBe("route-manifest");
    expect(requestKind("POST", "/__manifest", "", "cors")).toBe("other");
  });
});

describe("route discovery with no connection", () => {
  const manifest = { version: "7a1e", routes: { root: { id: "root", path: "" }, "routes/cart": { id: "routes/cart", parentId: "root", path: "cart" } } };

  it("answers a page of the worker's build with every route it knows, and leaves another build's page to the shop", () => {
    expect(JSON.parse(routeManifestAnswer("?p=%2Fcart&p=%2F&version=7a1e", manifest)!)).toEqual(manifest.routes);
    expect(routeManifestAnswer("?p=%2Fcart&version=0ld", manifest)).toBeNull();
    expect(routeManifestAnswer("?p=%2Fcart", manifest)).toBeNull();
    expect(routeManifestAnswer("?p=%2Fcart&version=7a1e", null)).toBeNull();
  });
});

describe("storageKeyFor: a reply is kept only under its own account", () => {
  it("keeps a 200 of the expected type that names an account", () => {
    expect(storageKeyFor("page", reply(200, { "Content-Type": "text/html; charset=utf-8", "X-Offline-Key": KEY_A }))).toBe(KEY_A);
    expect(storageKeyFor("data", reply(200, { "Content-Type": "application/json", "X-Offline-Key": KEY_B }))).toBe(KEY_B);
    expect(storageKeyFor("file", reply(200, { "Content-Type": "application/pdf", "X-Offline-Key": KEY_A }))).toBe(KEY_A);
  });

  it("never keeps a reply for no account, another status, a redirect or Remix's redirect and error replies", () => {
    expect(storageKeyFor("page", reply(200, { "Content-Type": "text/html", "X-Offline-Key": "none" }))).toBeNull();
    expect(storageKeyFor("page", reply(200, { "Content-Type": "text/html" }))).toBeNull();
    expect(storageKeyFor("page", reply(200, { "Content-Type": "text/html", "X-Offline-Key": "short" }))).toBeNull();
    expect(storageKeyFor("page", reply(404, { "Content-Type": "text/html", "X-Offline-Key": KEY_A }))).toBeNull();
    expect(storageKeyFor("page", reply(0, {}, "opaqueredirect"))).toBeNull();
    expect(storageKeyFor("data", reply(204, { "X-Remix-Redirect": "/login", "X-Offline-Key": KEY_A }))).toBeNull();
    expect(storageKeyFor("data", reply(200, { "Content-Type": "application/json", "X-Remix-Error": "yes", "X-Offline-Key": KEY_A }))).toBeNull();
    // the wrong type for its kind: a page answered with JSON, a PDF path answered with HTML
    expect(storageKeyFor("page", reply(200, { "Content-Type": "application/json", "X-Offline-Key": KEY_A }))).toBeNull();
    expect(storageKeyFor("file", reply(200, { "Content-Type": "text/html", "X-Offline-Key": KEY_A }))).toBeNull();
    expect(storageKeyFor("other", reply(200, { "Content-Type": "text/html", "X-Offline-Key": KEY_A }))).toBeNull();
  });

  it("reads who a reply says is signed in: a key, nobody, or nothing said", () => {
    expect(accountOfReply(new Headers({ "X-Offline-Key": KEY_A }))).toBe(KEY_A);
    expect(accountOfReply(new Headers({ "X-Offline-Key": "none" }))).toBeNull();
    expect(accountOfReply(new Headers({ "X-Offline-Key": "forged/../key" }))).toBeNull();
    expect(accountOfReply(new Headers())).toBeUndefined();
  });
});

describe("cachesToDelete: nothing of another account survives", () => {
  const names = [pageCacheName(KEY_A), pageCacheName(KEY_B), ASSET_CACHE, META_CACHE, "pages-v0-old", "assets-v0", "someone-elses"];
  it("keeps only the current account's pages and the shared caches", () => {
    expect(cachesToDelete(names, KEY_A)).toEqual([pageCacheName(KEY_B), "pages-v0-old", "assets-v0"]);
  });
  it("signed out, deletes every account's pages", () => {
    expect(cachesToDelete(names, null)).toEqual([pageCacheName(KEY_A), pageCacheName(KEY_B), "pages-v0-old", "assets-v0"]);
  });
  it("names the account of a page cache", () => {
    expect(accountOfCache(pageCacheName(KEY_B))).toBe(KEY_B);
    expect(accountOfCache(ASSET_CACHE)).toBeNull();
  });
});

describe("offlineBarText", () => {
  it("says the UK time of the copy, and its date when it is from an earlier day", () => {
    const now = new Date("2026-11-28T16:00:00Z");
    expect(offlineBarText(new Date("2026-11-28T14:05:00Z"), now)).toBe("You are offline: prices as of 14:05");
    expect(offlineBarText(new Date("2026-11-27T09:30:00Z"), now)).toBe("You are offline: prices as of 27 Nov 2026, 09:30");
  });
  it("uses British Summer Time in summer", () => {
    expect(offlineBarText(new Date("2026-07-01T13:05:00Z"), new Date("2026-07-01T15:00:00Z"))).toBe("You are offline: prices as of 14:05");
  });
});
