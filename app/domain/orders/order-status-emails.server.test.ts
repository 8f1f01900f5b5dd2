import { describe, expect, it } from "vitest";
import { statusChangeEvent } from "./order-status-emails.server";

describe("statusChangeEvent", () => {
  it("tells the customer about cancelling and shipping, from any status", () => {
    expect(statusChangeEvent("processing", "cancelled")).toBe("cancelled");
    expect(statusChangeEvent("pending_approval", "cancelled")).toBe("cancelled");
    expect(statusChangeEvent("processing", "shipped")).toBe("shipped");
    expect(statusChangeEvent("pending_approval", "shipped")).toBe("shipped");
  });

  it("counts moving a pending-approval order on as approving it", () => {
    expect(statusChangeEvent("pending_approval", "processing")).toBe("approved");
    expect(statusChangeEvent("pending_approval", "delivered")).toBe("approved");
  });

  it("sends nothing for other moves or no move", () => {
    expect(statusChangeEvent("shipped", "shipped")).toBeNull();
    expect(statusChangeEvent("shipped", "delivered")).toBeNull();
    expect(statusChangeEvent("pending", "processing")).toBeNull();
    expect(statusChangeEvent("delivered", "processing")).toBeNull();
  });
});
