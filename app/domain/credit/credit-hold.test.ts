import { describe, expect, it } from "vitest";
import { creditHoldFor, holdMessageFor } from "./credit-hold";

const base = { availableCredit: 100_000, orderTotal: 50_000, mostDaysOverdue: 0, overdueDaysLimit: 30 };

describe("creditHoldFor", () => {
  it("lets an order within the available credit through", () => {
    expect(creditHoldFor(base)).toBeNull();
  });

  it("lets an order of exactly the available credit through", () => {
    expect(creditHoldFor({ ...base, orderTotal: 100_000 })).toBeNull();
  });

  it("holds an order a penny over the available credit, naming both figures", () => {
    const hold = creditHoldFor({ ...base, orderTotal: 100_001 });
    expect(hold?.kind).toBe("over_limit");
    expect(hold?.reason).toContain("£1,000.01 inc VAT");
    expect(hold?.reason).toContain("available credit (£1,000.00 inc VAT)");
  });

  it("holds any order when the company is already over its limit, showing no negative credit", () => {
    const hold = creditHoldFor({ ...base, availableCredit: -2_000, orderTotal: 1 });
    expect(hold?.kind).toBe("over_limit");
    expect(hold?.reason).toContain("available credit (£0.00 inc VAT)");
  });

  it("never holds for the limit when the company has none", () => {
    expect(creditHoldFor({ ...base, availableCredit: null, orderTotal: 99_999_999 })).toBeNull();
  });

  it("holds when an invoice is more days overdue than the setting, not at the setting", () => {
    expect(creditHoldFor({ ...base, mostDaysOverdue: 30 })).toBeNull();
    const hold = creditHoldFor({ ...base, mostDaysOverdue: 31 });
    expect(hold?.kind).toBe("overdue");
    expect(hold?.reason).toContain("31 days overdue");
    expect(hold?.reason).toContain("more than 30 days");
  });

  it("names the overdue invoice first when both apply", () => {
    expect(creditHoldFor({ ...base, orderTotal: 200_000, mostDaysOverdue: 45 })?.kind).toBe("overdue");
  });

  it("never holds for an overdue invoice while the overdue rule is off", () => {
    expect(creditHoldFor({ ...base, overdueDaysLimit: null, mostDaysOverdue: 400 })).toBeNull();
    expect(creditHoldFor({ ...base, overdueDaysLimit: null, mostDaysOverdue: 400, orderTotal: 100_001 })?.kind).toBe("over_limit");
  });

  it("holds for any overdue invoice when the setting is 0", () => {
    expect(creditHoldFor({ ...base, overdueDaysLimit: 0, mostDaysOverdue: 1 })?.kind).toBe("overdue");
    expect(creditHoldFor({ ...base, overdueDaysLimit: 0, mostDaysOverdue: 0 })).toBeNull();
  });
});

describe("holdMessageFor", () => {
  it("tells the buyer why and what to do", () => {
    const message = holdMessageFor("Your account has an invoice 40 days overdue.");
    expect(message).toMatch(/^Your order is on credit hold\. Your account has an invoice 40 days overdue\./);
    expect(message).toContain("Pay your outstanding invoices, or call us");
  });
});
