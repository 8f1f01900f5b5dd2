import { describe, expect, it } from "vitest";
import { BULK_NO_ORDERS_MESSAGE, exportIdsFrom, orderListQuerySchema, selectionFrom } from "./order-list.schema";
import { BULK_STATUS_INVALID_MESSAGE, bulkStatusSchema, ESTIMATED_DELIVERY_INVALID, isCalendarDate, isWebAddress, orderStatusSchema, STATUS_INVALID_MESSAGE, TRACKING_EMPTY_MESSAGE, TRACKING_NUMBER_TOO_LONG, trackingFormSchema, trackingSchema } from "./order-fulfilment.schema";

describe("order list query", () => {
  it("reads page, search and status, falling back on anything unreadable", () => {
    expect(orderListQuerySchema.parse({ page: "3", q: "  ORD-000012 ", status: "shipped" })).toEqual({
      page: 3,
      q: "ORD-000012",
      status: "shipped",
    });
    expect(orderListQuerySchema.parse({ page: "-1", q: "   ", status: "lost" })).toEqual({ page: 1, q: undefined, status: undefined });
  });
});

describe("status commands", () => {
  it("offers the selector's five statuses, never pending_approval", () => {
    for (const status of ["pending", "processing", "shipped", "delivered", "cancelled"]) {
      expect(orderStatusSchema.safeParse({ status }).success).toBe(true);
    }
    const refused = orderStatusSchema.safeParse({ status: "pending_approval" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(STATUS_INVALID_MESSAGE);
  });

  it("bulk: one or many ticked ids, and only processing, shipped or delivered", () => {
    expect(bulkStatusSchema.parse({ ids: "12", status: "shipped" })).toEqual({ selection: { ids: [12] }, status: "shipped" });
    expect(bulkStatusSchema.parse({ ids: ["12", "13"], status: "delivered" })).toEqual({
      selection: { ids: [12, 13] },
      status: "delivered",
    });
    // "all matching" carries the list's filter instead of ids (the ticked boxes then do not count)
    expect(bulkStatusSchema.parse({ ids: "12", all: "1", filter: "q=acme&from=01/04/2026", status: "shipped" })).toMatchObject({
      selection: { filter: { q: "acme", from: "2026-04-01", page: 1 } },
    });
    expect(bulkStatusSchema.safeParse({ ids: [], status: "shipped" }).error?.issues[0].message).toBe(BULK_NO_ORDERS_MESSAGE);
    expect(bulkStatusSchema.safeParse({ ids: ["1"], status: "cancelled" }).error?.issues[0].message).toBe(BULK_STATUS_INVALID_MESSAGE);
    expect(bulkStatusSchema.safeParse({ ids: ["abc"], status: "shipped" }).success).toBe(false);
  });

  it("a download's selection: ticked ids, else the filter the form carried, else the query's own filter", () => {
    expect(selectionFrom(new URLSearchParams("ids=1,2&filter=q%3Dacme"))).toEqual({ ids: [1, 2] });
    // the bulk action's status is not the list's
    expect(selectionFrom(new URLSearchParams("ids=1&all=1&filter=q%3Dacme&status=shipped"))).toEqual({
      filter: { q: "acme", page: 1 },
    });
    expect(selectionFrom(new URLSearchParams("status=pending&to=2026-04-30"))).toMatchObject({
      filter: { status: "pending", to: "2026-04-30" },
    });
    expect(selectionFrom(new URLSearchParams("ids=x"))).toEqual({ invalid: "Order ids must be whole numbers" });
  });

  it("export ids: repeated or comma-separated", () => {
    expect(exportIdsFrom(new URLSearchParams("ids=1,2&ids=3")).data).toEqual([1, 2, 3]);
    expect(exportIdsFrom(new URLSearchParams("")).error?.issues[0].message).toBe(BULK_NO_ORDERS_MESSAGE);
  });
});

describe("tracking", () => {
  it("accepts only real calendar dates and web addresses", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("03/12/2026")).toBe(false);
    expect(isWebAddress("https://track.dpd.co.uk/x")).toBe(true);
    expect(isWebAddress("http://example.com")).toBe(true);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("www.example.com")).toBe(false);
  });

  it("API: only the fields sent change, blank or null clears, at least one field", () => {
    expect(trackingSchema.parse({ carrier: " DPD ", trackingUrl: "" })).toEqual({ carrier: "DPD", trackingUrl: null });
    expect(trackingSchema.parse({ estimatedDelivery: null })).toEqual({ estimatedDelivery: null });
    expect(trackingSchema.safeParse({}).error?.issues[0].message).toBe(TRACKING_EMPTY_MESSAGE);
    expect(trackingSchema.safeParse({ trackingNumber: "X".repeat(101) }).error?.issues[0]).toMatchObject({
      message: TRACKING_NUMBER_TOO_LONG,
      path: ["trackingNumber"],
    });
    expect(trackingSchema.safeParse({ estimatedDelivery: "tomorrow" }).error?.issues[0].message).toBe(ESTIMATED_DELIVERY_INVALID);
    expect(trackingSchema.safeParse({ carrier: 12 }).success).toBe(false);
  });

  it("form: every field is sent, so a missing one means cleared", () => {
    expect(trackingFormSchema.parse({ trackingNumber: "RM1" })).toEqual({
      trackingNumber: "RM1",
      carrier: null,
      trackingUrl: null,
      estimatedDelivery: null,
    });
  });
});
