import { describe, expect, it } from "vitest";
import {
  itemCount,
  orderHistoryHref,
  orderListQuerySchema,
  parseOrderHistoryQuery,
  reorderSchema,
} from "./order-history.schema";

describe("order list query", () => {
  it("defaults to the newest 20", () => {
    expect(orderListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(orderListQuerySchema.parse({ limit: "100", offset: "40" })).toEqual({ limit: 100, offset: 40 });
  });

  it("refuses limits outside 1–100 and negative or fractional offsets, naming the field", () => {
    const issue = (input: Record<string, string>) => orderListQuerySchema.safeParse(input).error?.issues[0];
    expect(issue({ limit: "101" })).toMatchObject({ path: ["limit"], message: "limit must be at most 100" });
    expect(issue({ limit: "0" })).toMatchObject({ path: ["limit"], message: "limit must be at least 1" });
    expect(issue({ limit: "many" })).toMatchObject({ path: ["limit"], message: "limit must be a whole number" });
    expect(issue({ offset: "-5" })).toMatchObject({ path: ["offset"], message: "offset must be at least 0" });
    expect(issue({ offset: "2.5" })).toMatchObject({ path: ["offset"], message: "offset must be a whole number" });
  });
});

describe("order history address", () => {
  it("reads the page and the order to open, ignoring nonsense", () => {
    expect(parseOrderHistoryQuery(new URLSearchParams(""))).toEqual({ page: 1, pageGiven: false, openOrderId: null });
    expect(parseOrderHistoryQuery(new URLSearchParams("page=3&order=42"))).toEqual({
      page: 3,
      pageGiven: true,
      openOrderId: 42,
    });
    expect(parseOrderHistoryQuery(new URLSearchParams("page=-1&order=abc"))).toEqual({
      page: 1,
      pageGiven: false,
      openOrderId: null,
    });
    expect(parseOrderHistoryQuery(new URLSearchParams("page=0&order=1e3"))).toMatchObject({ page: 1, openOrderId: null });
  });

  it("builds page links without a page=1", () => {
    expect(orderHistoryHref(1)).toBe("/account/orders");
    expect(orderHistoryHref(2)).toBe("/account/orders?page=2");
    expect(orderHistoryHref(1, 42)).toBe("/account/orders?order=42");
    expect(orderHistoryHref(3, 42)).toBe("/account/orders?page=3&order=42");
  });
});

describe("reorder form", () => {
  it("needs the reorder intent and a positive whole order id", () => {
    expect(reorderSchema.parse({ intent: "reorder", orderId: "17" })).toEqual({ intent: "reorder", orderId: 17 });
    expect(reorderSchema.safeParse({ intent: "reorder", orderId: "x" }).error?.issues[0].message).toBe("Order not found");
    expect(reorderSchema.safeParse({ intent: "reorder", orderId: "0" }).success).toBe(false);
    expect(reorderSchema.safeParse({ intent: "reorder" }).success).toBe(false);
    expect(reorderSchema.safeParse({ intent: "delete", orderId: "17" }).error?.issues[0].message).toBe("Unknown action");
  });

  it("counts items in words", () => {
    expect(itemCount(1)).toBe("1 item");
    expect(itemCount(4)).toBe("4 items");
    expect(itemCount(1200)).toBe("1,200 items");
  });
});
