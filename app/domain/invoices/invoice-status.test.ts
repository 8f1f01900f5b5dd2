import { describe, expect, it } from "vitest";
import { deriveInvoiceStatus, invoiceOutstanding, invoiceStatusLabel } from "./invoice-status";

const TODAY = "2026-03-15";
const base = { status: "unpaid", total: 12000, amountPaid: 0, creditedAmount: 0, dueDate: "2026-04-01" };

describe("deriveInvoiceStatus", () => {
  it("is unpaid when nothing is paid and the due date has not passed", () => {
    expect(deriveInvoiceStatus(base, TODAY)).toBe("unpaid");
  });

  it("is still unpaid (not overdue) on the due date itself", () => {
    expect(deriveInvoiceStatus({ ...base, dueDate: TODAY }, TODAY)).toBe("unpaid");
  });

  it("is overdue the day after the due date when nothing is paid", () => {
    expect(deriveInvoiceStatus({ ...base, dueDate: "2026-03-14" }, TODAY)).toBe("overdue");
  });

  it("is partially_paid when some is paid before the due date", () => {
    expect(deriveInvoiceStatus({ ...base, amountPaid: 5000 }, TODAY)).toBe("partially_paid");
  });

  it("is overdue when only part is paid and the due date has passed", () => {
    expect(deriveInvoiceStatus({ ...base, amountPaid: 5000, dueDate: "2026-02-01" }, TODAY)).toBe("overdue");
  });

  it("is paid when the payments cover the total, even past the due date", () => {
    expect(deriveInvoiceStatus({ ...base, amountPaid: 12000 }, TODAY)).toBe("paid");
    expect(deriveInvoiceStatus({ ...base, amountPaid: 12000, dueDate: "2025-01-01" }, TODAY)).toBe("paid");
  });

  it("is void when the stored status is void, whatever was paid or when it was due", () => {
    expect(deriveInvoiceStatus({ ...base, status: "void" }, TODAY)).toBe("void");
    expect(deriveInvoiceStatus({ ...base, status: "void", amountPaid: 12000, dueDate: "2025-01-01" }, TODAY)).toBe(
      "void",
    );
  });

  it("counts a credit note set against it as settled: partly, then wholly", () => {
    expect(deriveInvoiceStatus({ ...base, creditedAmount: 5900 }, TODAY)).toBe("partially_paid");
    expect(deriveInvoiceStatus({ ...base, amountPaid: 6100, creditedAmount: 5900 }, TODAY)).toBe("paid");
  });

  it("treats a zero-value invoice as paid", () => {
    expect(deriveInvoiceStatus({ ...base, total: 0 }, TODAY)).toBe("paid");
  });
});

describe("invoiceOutstanding", () => {
  it("is total minus amount paid", () => {
    expect(invoiceOutstanding({ status: "unpaid", total: 12000, amountPaid: 2550, creditedAmount: 0 })).toBe(9450);
  });
  it("is total less what was paid and what credit notes settled", () => {
    expect(invoiceOutstanding({ status: "unpaid", total: 46114, amountPaid: 0, creditedAmount: 5900 })).toBe(40214);
  });
  it("is 0 for a void invoice", () => {
    expect(invoiceOutstanding({ status: "void", total: 12000, amountPaid: 0, creditedAmount: 0 })).toBe(0);
  });
  it("never goes below 0", () => {
    expect(invoiceOutstanding({ status: "unpaid", total: 100, amountPaid: 150, creditedAmount: 0 })).toBe(0);
  });
});

describe("invoiceStatusLabel", () => {
  it("reads each status in words", () => {
    expect(invoiceStatusLabel("partially_paid")).toBe("Partially Paid");
    expect(invoiceStatusLabel("void")).toBe("Void");
    expect(invoiceStatusLabel("overdue")).toBe("Overdue");
  });
});
