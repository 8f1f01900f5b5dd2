import { describe, expect, it } from "vitest";
import { mayTakeOverAt } from "./offline-client";

describe("a new service worker takes over between pages, never during checkout", () => {
  it("may take over on storefront and account pages", () => {
    for (const path of ["/", "/products/claw-hammer", "/cart", "/quick-order", "/account/orders", "/checkouts-guide"]) expect(mayTakeOverAt(path), path).toBe(true);
  });
  it("waits while the buyer is at checkout", () => {
    for (const path of ["/checkout", "/checkout/", "/checkout/confirm"]) expect(mayTakeOverAt(path), path).toBe(false);
  });
});
