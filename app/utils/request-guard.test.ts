import { describe, expect, it } from "vitest";
import {
  decodedPath,
  DEFAULT_BODY_LIMIT,
  isJsonMediaType,
  refusalFor,
  IMPORT_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
  type GuardedRequest,
} from "./request-guard";
import { PRODUCT_CSV_MAX_BYTES } from "~/domain/catalog/product.schema";

const post = (over: Partial<GuardedRequest> = {}): GuardedRequest => ({
  method: "POST",
  path: "/cart/add",
  host: "shop.example.co.uk",
  origin: "https://shop.example.co.uk",
  secFetchSite: "same-origin",
  contentType: "application/x-www-form-urlencoded",
  contentLength: 120,
  chunked: false,
  ...over,
});

describe("requests from other sites", () => {
  it("lets the app's own form posts and fetches through", () => {
    expect(refusalFor(post())).toBeNull();
    expect(refusalFor(post({ origin: "http://shop.example.co.uk" }))).toBeNull(); // TLS ended at a proxy
  });

  it("refuses a post from another origin, a sibling subdomain or an opaque origin", () => {
    expect(refusalFor(post({ origin: "https://evil.example.com", secFetchSite: "cross-site" }))?.status).toBe(403);
    expect(refusalFor(post({ origin: "https://blog.shop.example.co.uk", secFetchSite: "same-site" }))?.status).toBe(403);
    expect(refusalFor(post({ origin: "null" }))?.status).toBe(403);
    expect(refusalFor(post({ origin: "not a url" }))?.status).toBe(403);
  });

  it("falls back on Sec-Fetch-Site when there is no Origin", () => {
    expect(refusalFor(post({ origin: undefined, secFetchSite: "cross-site" }))?.status).toBe(403);
    expect(refusalFor(post({ origin: undefined, secFetchSite: "same-site" }))?.status).toBe(403);
    expect(refusalFor(post({ origin: undefined, secFetchSite: "same-origin" }))).toBeNull();
    expect(refusalFor(post({ origin: undefined, secFetchSite: "none" }))).toBeNull();
  });

  it("lets clients that are not browsers through (they cannot carry a victim's cookie)", () => {
    expect(refusalFor(post({ origin: undefined, secFetchSite: undefined }))).toBeNull();
  });

  it("checks every unsafe method and no safe one, API and _data posts alike", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(refusalFor(post({ method, path: "/api/orders", origin: "https://evil.example.com", contentType: "application/json" }))?.status).toBe(403);
    }
    expect(refusalFor(post({ method: "GET", origin: "https://evil.example.com" }))).toBeNull();
  });
});

describe("JSON bodies on the API", () => {
  it("accepts application/json with or without parameters, and +json types", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("application/merge-patch+json")).toBe(true);
  });

  it("refuses types that only mention json, which a cross-site form can send without a preflight", () => {
    expect(isJsonMediaType("text/plain;a=json")).toBe(false);
    expect(isJsonMediaType("text/plain")).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
    const api = post({ path: "/api/orders", contentType: "text/plain;a=json" });
    expect(refusalFor(api)).toEqual({ status: 415, message: "Send the body as JSON with Content-Type: application/json" });
  });

  it("lets a body-less API post through whatever its type (approve, redeem)", () => {
    expect(refusalFor(post({ path: "/api/loyalty/redeem/3", contentType: undefined, contentLength: 0 }))).toBeNull();
  });

  it("takes multipart on the product import, and only there", () => {
    expect(refusalFor(post({ path: "/api/admin/products/import", contentType: "multipart/form-data; boundary=x" }))).toBeNull();
    expect(refusalFor(post({ path: "/api/admin/products/import", contentType: "application/json" }))?.status).toBe(415);
    expect(refusalFor(post({ path: "/api/orders", contentType: "multipart/form-data; boundary=x" }))?.status).toBe(415);
  });
});

describe("body limits", () => {
  it("refuses a body over the limit of its path, with more room for uploads", () => {
    expect(refusalFor(post({ contentLength: DEFAULT_BODY_LIMIT }))).toBeNull();
    expect(refusalFor(post({ contentLength: DEFAULT_BODY_LIMIT + 1 }))?.status).toBe(413);
    expect(refusalFor(post({ path: "/quick-order", contentType: "multipart/form-data; boundary=x", contentLength: 2 * 1024 * 1024 }))).toBeNull();
    expect(refusalFor(post({ path: "/quick-order", contentLength: UPLOAD_BODY_LIMIT + 1 }))?.status).toBe(413);
  });

  it("gives the product import (its API and the Import CSV dialog's post) its own larger limit, and only it", () => {
    const multipart = "multipart/form-data; boundary=x";
    const api = (contentLength: number) => post({ path: "/api/admin/products/import", contentType: multipart, contentLength });
    expect(refusalFor(api(IMPORT_BODY_LIMIT))).toBeNull();
    expect(refusalFor(api(IMPORT_BODY_LIMIT + 1))?.status).toBe(413);
    // a 100,000-product catalogue in Shopify's layout (the generated one is 177,183,824 bytes) goes through
    expect(refusalFor(api(177_183_824 + 300))).toBeNull();
    const page = (query: string, contentLength: number) => post({ path: "/admin/products", query, contentType: multipart, contentLength });
    expect(refusalFor(page("?dialog=import&q=mop", IMPORT_BODY_LIMIT))).toBeNull();
    expect(refusalFor(page("?dialog=import", IMPORT_BODY_LIMIT + 1))?.status).toBe(413);
    // the product form (an image) on the same page keeps the upload limit
    expect(refusalFor(page("?dialog=new", UPLOAD_BODY_LIMIT + 1))?.status).toBe(413);
    expect(refusalFor(page("", UPLOAD_BODY_LIMIT + 1))?.status).toBe(413);
    expect(refusalFor(post({ path: "/quick-order", contentType: multipart, contentLength: UPLOAD_BODY_LIMIT + 1 }))?.status).toBe(413);
    expect(IMPORT_BODY_LIMIT).toBeGreaterThan(PRODUCT_CSV_MAX_BYTES);
  });

  it("asks for a length when the body is streamed without one", () => {
    expect(refusalFor(post({ contentLength: null, chunked: true }))?.status).toBe(411);
  });
});

describe("decodedPath", () => {
  it("decodes escapes and joins repeated slashes, so a limit on /login holds for /%6Cogin", () => {
    expect(decodedPath("/%6Cogin")).toBe("/login");
    expect(decodedPath("/API/Auth/Signup")).toBe("/api/auth/signup");
    expect(decodedPath("/api//auth/%6Cogin")).toBe("/api/auth/login");
    expect(decodedPath("/%E0%A4%A")).toBe("/%e0%a4%a");
  });
});
