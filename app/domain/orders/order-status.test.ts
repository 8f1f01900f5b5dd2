import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~db/schema";
import {
  LABELLED_STATUSES,
  STATUS_TONE_CLASSES,
  statusBadgeClass,
  statusLabel,
  statusTone,
} from "./order-status";

describe("status labels", () => {
  it.each([
    ["pending", "Pending"],
    ["pending_approval", "Pending Approval"],
    ["processing", "Processing"],
    ["shipped", "Shipped"],
    ["delivered", "Delivered"],
    ["cancelled", "Cancelled"],
    ["paid", "Paid"],
    ["unpaid", "Unpaid"],
    ["partially_paid", "Partially Paid"],
    ["overdue", "Overdue"],
    ["approved", "Approved"],
    ["rejected", "Rejected"],
  ])("%s reads %s", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it("labels every order status the data model allows", () => {
    for (const status of ORDER_STATUSES) {
      expect(LABELLED_STATUSES).toContain(status);
      expect(statusLabel(status)).not.toBe(status);
    }
  });

  it("shows an unknown status as it is, in a neutral badge", () => {
    expect(statusLabel("awaiting_collection")).toBe("awaiting_collection");
    expect(statusLabel("")).toBe("");
    expect(statusTone("awaiting_collection")).toBe("neutral");
    expect(statusBadgeClass("awaiting_collection")).toBe(STATUS_TONE_CLASSES.neutral);
  });

  it("is not fooled by names every object has", () => {
    expect(statusLabel("constructor")).toBe("constructor");
    expect(statusLabel("__proto__")).toBe("__proto__");
    expect(statusLabel("toString")).toBe("toString");
    expect(statusTone("constructor")).toBe("neutral");
  });

  it("is case-sensitive: statuses are stored in lower case", () => {
    expect(statusLabel("Delivered")).toBe("Delivered");
    expect(statusTone("DELIVERED")).toBe("neutral");
  });
});

describe("status badge colours", () => {
  it("tells good, waiting and bad outcomes apart", () => {
    expect(statusTone("delivered")).toBe("success");
    expect(statusTone("paid")).toBe("success");
    expect(statusTone("pending")).toBe("warning");
    expect(statusTone("pending_approval")).toBe("warning");
    expect(statusTone("cancelled")).toBe("danger");
    expect(statusTone("overdue")).toBe("danger");
    expect(statusTone("rejected")).toBe("danger");
    expect(statusTone("processing")).toBe("info");
    expect(statusTone("shipped")).toBe("progress");
  });

  it("gives each tone its own classes", () => {
    const classes = Object.values(STATUS_TONE_CLASSES);
    expect(new Set(classes).size).toBe(classes.length);
    expect(statusBadgeClass("delivered")).toContain("emerald");
    expect(statusBadgeClass("cancelled")).toContain("red");
  });
});
