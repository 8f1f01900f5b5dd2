import { describe, expect, it } from "vitest";
import { isActiveCustomer, segmentFor } from "./customer-segments";

const now = new Date("2025-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const ONE_SECOND = 1000;

describe("segmentFor", () => {
  it("makes a customer who spent exactly £1,000 a VIP, whenever they last ordered", () => {
    expect(segmentFor({ totalSpent: 100_000, lastOrderAt: daysAgo(400) }, now)).toBe("vip");
    expect(segmentFor({ totalSpent: 100_000, lastOrderAt: daysAgo(1) }, now)).toBe("vip");
    expect(segmentFor({ totalSpent: 99_999, lastOrderAt: daysAgo(1) }, now)).toBe("regular");
  });

  it("counts an order exactly 30 days ago as regular, a second more as occasional", () => {
    expect(segmentFor({ totalSpent: 500, lastOrderAt: daysAgo(30) }, now)).toBe("regular");
    expect(segmentFor({ totalSpent: 500, lastOrderAt: new Date(daysAgo(30).getTime() - ONE_SECOND) }, now)).toBe("occasional");
  });

  it("counts an order exactly 90 days ago as occasional, a second more as inactive", () => {
    expect(segmentFor({ totalSpent: 500, lastOrderAt: daysAgo(90) }, now)).toBe("occasional");
    expect(segmentFor({ totalSpent: 500, lastOrderAt: new Date(daysAgo(90).getTime() - ONE_SECOND) }, now)).toBe("inactive");
  });

  it("puts a customer who never ordered in Inactive", () => {
    expect(segmentFor({ totalSpent: 0, lastOrderAt: null }, now)).toBe("inactive");
  });
});

describe("isActiveCustomer", () => {
  it("is true for an order in the last 90 days, exactly 90 included", () => {
    expect(isActiveCustomer({ lastOrderAt: daysAgo(90) }, now)).toBe(true);
    expect(isActiveCustomer({ lastOrderAt: new Date(daysAgo(90).getTime() - ONE_SECOND) }, now)).toBe(false);
    expect(isActiveCustomer({ lastOrderAt: null }, now)).toBe(false);
  });
});
