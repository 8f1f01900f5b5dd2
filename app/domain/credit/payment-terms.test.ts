import { describe, expect, it } from "vitest";
import { ukDay } from "~/utils/uk-time";
import { checkoutTermsNote, dueDateFor, PAYMENT_TERMS, paymentTermsText } from "./payment-terms";

describe("dueDateFor", () => {
  it("gives each term its due date from a mid-month issue", () => {
    const due = Object.fromEntries(PAYMENT_TERMS.map((terms) => [terms, dueDateFor(terms, "2026-03-10")]));
    expect(due).toEqual({
      pro_forma: "2026-03-10",
      net7: "2026-03-17",
      net14: "2026-03-24",
      net30: "2026-04-09",
      net60: "2026-05-09",
      eom30: "2026-04-30",
    });
  });

  it("counts net days across month and year ends", () => {
    expect(dueDateFor("net30", "2026-01-31")).toBe("2026-03-02");
    expect(dueDateFor("net7", "2026-12-28")).toBe("2027-01-04");
    expect(dueDateFor("net14", "2026-02-20")).toBe("2026-03-06");
    expect(dueDateFor("net60", "2026-11-30")).toBe("2027-01-29");
  });

  it("counts 29 February in a leap year and not in others", () => {
    expect(dueDateFor("net30", "2028-01-31")).toBe("2028-03-01");
    expect(dueDateFor("net30", "2027-01-31")).toBe("2027-03-02");
    expect(dueDateFor("net7", "2028-02-25")).toBe("2028-03-03");
    expect(dueDateFor("net7", "2027-02-25")).toBe("2027-03-04");
  });

  it("puts 30 days end of month on the last day of the month after the month of issue", () => {
    expect(dueDateFor("eom30", "2026-03-01")).toBe("2026-04-30");
    expect(dueDateFor("eom30", "2026-03-31")).toBe("2026-04-30");
    expect(dueDateFor("eom30", "2026-01-15")).toBe("2026-02-28");
    expect(dueDateFor("eom30", "2028-01-15")).toBe("2028-02-29");
    expect(dueDateFor("eom30", "2026-12-31")).toBe("2027-01-31");
    expect(dueDateFor("eom30", "2026-08-31")).toBe("2026-09-30");
  });

  it("dates by the UK day of issue: just after midnight in summer time is the next day", () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (BST)
    const issued = ukDay(new Date("2026-03-31T23:30:00Z"));
    expect(issued).toBe("2026-04-01");
    expect(dueDateFor("eom30", issued)).toBe("2026-05-31");
    expect(dueDateFor("net30", issued)).toBe("2026-05-01");
    // in winter UK time is UTC: 23:30 UTC on 31 January is still 31 January
    const winter = ukDay(new Date("2026-01-31T23:30:00Z"));
    expect(dueDateFor("eom30", winter)).toBe("2026-02-28");
  });

  it("refuses a date that is not a calendar day", () => {
    expect(() => dueDateFor("eom30", "2026-02-30")).toThrow();
  });
});

describe("paymentTermsText", () => {
  it("says what the invoice's terms are, and 30 days for invoices from before terms", () => {
    expect(paymentTermsText("net14")).toBe("Payment due within 14 days of the invoice date");
    expect(paymentTermsText(null)).toBe("Payment due within 30 days of the invoice date");
    expect(paymentTermsText("pro_forma")).toMatch(/before the goods are dispatched/);
    expect(paymentTermsText("eom30")).toMatch(/end of the month after/);
  });
});

describe("checkoutTermsNote", () => {
  it("names the account's own terms under Place Order, and says a pro forma order waits for payment", () => {
    expect(checkoutTermsNote("net14")).toBe("Your order is invoiced on your account's terms: Net 14 days.");
    expect(checkoutTermsNote("eom30")).toBe("Your order is invoiced on your account's terms: 30 days end of month.");
    expect(checkoutTermsNote(null)).toBe("Your order is invoiced on your account's terms: Net 30 days.");
    expect(checkoutTermsNote("pro_forma")).toBe("Your account is on pro forma terms: we dispatch the order once its invoice is paid.");
  });
});
