import { describe, expect, it } from "vitest";
import { nextPurchaseOrderStatuses, PURCHASE_ORDER_STATUSES, statusMoveRefusal } from "./purchase-order-status";

describe("purchase order status moves", () => {
  it("allows draft → sent → received, and cancelling a draft or sent order", () => {
    expect(nextPurchaseOrderStatuses("draft")).toEqual(["sent", "cancelled"]);
    expect(nextPurchaseOrderStatuses("sent")).toEqual(["received", "cancelled"]);
    expect(statusMoveRefusal("PO-000001", "draft", "sent")).toBeNull();
    expect(statusMoveRefusal("PO-000001", "sent", "received")).toBeNull();
    expect(statusMoveRefusal("PO-000001", "draft", "cancelled")).toBeNull();
    expect(statusMoveRefusal("PO-000001", "sent", "cancelled")).toBeNull();
  });

  it("refuses every other move, with a reason", () => {
    const allowed = new Set(["draft>sent", "draft>cancelled", "sent>received", "sent>cancelled"]);
    for (const from of PURCHASE_ORDER_STATUSES) {
      for (const to of PURCHASE_ORDER_STATUSES) {
        const refusal = statusMoveRefusal("PO-000007", from, to);
        if (allowed.has(`${from}>${to}`)) expect(refusal).toBeNull();
        else expect(refusal).toMatch(/^PO-000007 /);
      }
    }
    expect(nextPurchaseOrderStatuses("received")).toEqual([]);
    expect(nextPurchaseOrderStatuses("cancelled")).toEqual([]);
  });

  it("says why a move is refused", () => {
    expect(statusMoveRefusal("PO-000002", "received", "received")).toBe("PO-000002 is already received");
    expect(statusMoveRefusal("PO-000002", "draft", "received")).toBe("PO-000002 must be sent to the supplier before it can be received");
    expect(statusMoveRefusal("PO-000002", "received", "cancelled")).toMatch(/received and its stock booked in/);
    expect(statusMoveRefusal("PO-000002", "cancelled", "sent")).toBe("PO-000002 is cancelled and cannot be changed");
    expect(statusMoveRefusal("PO-000002", "sent", "draft")).toBe("PO-000002 cannot go from sent back to draft");
  });
});
