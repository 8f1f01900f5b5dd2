import { describe, expect, it } from "vitest";
import {
  DATE_FORMAT_MESSAGE,
  DATES_OUT_OF_ORDER,
  itemCount,
  myOrdersQuerySchema,
  ORDER_SEARCH_TOO_LONG,
  ORDER_STATUS_UNKNOWN,
  orderHistoryCsvHref,
  orderHistoryFiltersSchema,
  orderHistoryHref,
  orderListQuerySchema,
  parseOrderHistoryQuery,
  readOrderHistoryFilters,
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

describe("order history filters", () => {
  it("reads search, status and UK calendar days; blanks and 'all' mean no filter", () => {
    expect(orderHistoryFiltersSchema.parse({})).toEqual({ q: "", status: null, from: null, to: null, placedBy: null });
    expect(
      orderHistoryFiltersSchema.parse({ q: "  PO-77   north ", status: "shipped", from: "2025-01-01", to: "2025-01-31" }),
    ).toEqual({ q: "PO-77 north", status: "shipped", from: "2025-01-01", to: "2025-01-31", placedBy: null });
    expect(orderHistoryFiltersSchema.parse({ q: "", status: "all", from: " ", to: "", placedBy: "" })).toEqual({
      q: "",
      status: null,
      from: null,
      to: null,
      placedBy: null,
    });
  });

  it("names the field of a bad value", () => {
    const issue = (input: Record<string, string>) => orderHistoryFiltersSchema.safeParse(input).error?.issues[0];
    expect(issue({ status: "lost" })).toMatchObject({ path: ["status"], message: ORDER_STATUS_UNKNOWN });
    expect(issue({ from: "05/01/2025" })).toMatchObject({ path: ["from"], message: DATE_FORMAT_MESSAGE });
    expect(issue({ to: "2025-02-30" })).toMatchObject({ path: ["to"], message: DATE_FORMAT_MESSAGE });
    expect(issue({ from: "2025-03-01", to: "2025-02-01" })).toMatchObject({ path: ["to"], message: DATES_OUT_OF_ORDER });
    expect(issue({ q: "x".repeat(101) })).toMatchObject({ path: ["q"], message: ORDER_SEARCH_TOO_LONG });
    expect(orderHistoryFiltersSchema.safeParse({ from: "2025-03-01", to: "2025-03-01" }).success).toBe(true);
  });

  it("on the page, leaves a bad value out and keeps the rest", () => {
    expect(readOrderHistoryFilters(new URLSearchParams("q=ORD-1&status=lost&from=2025-01-01"))).toEqual({
      filters: { q: "ORD-1", status: null, from: "2025-01-01", to: null, placedBy: null },
      errors: { status: ORDER_STATUS_UNKNOWN },
    });
    expect(readOrderHistoryFilters(new URLSearchParams("from=2025-03-01&to=2025-02-01"))).toEqual({
      filters: { q: "", status: null, from: "2025-03-01", to: null, placedBy: null },
      errors: { to: DATES_OUT_OF_ORDER },
    });
  });

  it("the API takes the same filters beside limit and offset", () => {
    expect(myOrdersQuerySchema.parse({ limit: "5", status: "delivered", q: "SKU-9" })).toEqual({
      limit: 5,
      offset: 0,
      q: "SKU-9",
      status: "delivered",
      from: null,
      to: null,
      placedBy: null,
    });
    expect(myOrdersQuerySchema.safeParse({ from: "yesterday" }).error?.issues[0]).toMatchObject({ path: ["from"] });
  });

  it("keeps the filters in page links and the CSV address", () => {
    const filters = { q: "PO 12", status: "shipped" as const, from: "2025-01-01", to: null, placedBy: null };
    expect(orderHistoryHref(2, null, filters)).toBe("/account/orders?q=PO+12&status=shipped&from=2025-01-01&page=2");
    expect(orderHistoryCsvHref(filters)).toBe("/account/orders.csv?q=PO+12&status=shipped&from=2025-01-01");
    expect(orderHistoryCsvHref({ q: "", status: null, from: null, to: null, placedBy: null })).toBe("/account/orders.csv");
  });

  it("carries who placed the order, for the roles that see the company's orders", () => {
    const { filters, errors } = readOrderHistoryFilters(new URLSearchParams("placedBy=u-42&status=delivered"));
    expect(errors).toEqual({});
    expect(filters.placedBy).toBe("u-42");
    expect(orderHistoryHref(1, null, filters)).toBe("/account/orders?status=delivered&placedBy=u-42");
    expect(orderHistoryCsvHref(filters)).toBe("/account/orders.csv?status=delivered&placedBy=u-42");
    expect(readOrderHistoryFilters(new URLSearchParams("placedBy=")).filters.placedBy).toBeNull();
    expect(readOrderHistoryFilters(new URLSearchParams(`placedBy=${"x".repeat(101)}`)).errors.placedBy).toBeTruthy();
  });
});
