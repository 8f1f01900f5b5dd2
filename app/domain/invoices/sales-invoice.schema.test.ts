import { describe, expect, it } from "vitest";
import {
  manualInvoiceFormSchema,
  manualInvoiceSchema,
  paymentAmountMessage,
  recordPaymentSchema,
  salesInvoiceListQuerySchema,
} from "./sales-invoice.schema";

const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("recordPaymentSchema", () => {
  it("takes pounds as a number or text and gives pence", () => {
    for (const [amount, pence] of [
      [12.5, 1250],
      ["12.50", 1250],
      ["£1,0", null],
      ["£7.05", 705],
      [0.1, 10],
      ["-3", -300],
    ] as const) {
      const parsed = recordPaymentSchema.safeParse({ amount, paymentMethod: "cash" });
      if (pence === null) expect(parsed.success, String(amount)).toBe(false);
      else expect(parsed.success && parsed.data.amount, String(amount)).toBe(pence);
    }
  });

  it("refuses more than two decimals, text and a missing amount, and unknown methods", () => {
    expect(messages(recordPaymentSchema.safeParse({ amount: "1.005", paymentMethod: "cash" }))).toEqual([
      "amount: Amount must have at most 2 decimal places",
    ]);
    expect(messages(recordPaymentSchema.safeParse({ amount: "ten", paymentMethod: "cash" }))).toEqual(["amount: Amount must be a number"]);
    expect(messages(recordPaymentSchema.safeParse({ paymentMethod: "cheque" }))).toEqual([
      "amount: Amount is required",
      "paymentMethod: Payment method must be one of bank_transfer, cash, credit",
    ]);
    expect(messages(recordPaymentSchema.safeParse({ amount: 1, paymentMethod: "cash", reference: "x".repeat(101) }))).toEqual([
      "reference: Reference must be at most 100 characters",
    ]);
    expect(messages(recordPaymentSchema.safeParse({ amount: 1, paymentMethod: "cash", paymentDate: "2026-02-30" }))).toEqual([
      "paymentDate: Payment date must be a date (YYYY-MM-DD)",
    ]);
  });

  it("words the amount message as the spec does", () => {
    expect(paymentAmountMessage("£12.50")).toBe("Amount must be greater than 0 and not exceed £12.50");
  });
});

describe("manual invoice schemas", () => {
  const line = { description: "Pallet hire", quantity: 2, unitPrice: "12.50", vatRate: "20" };

  it("reads VAT as a percentage with one decimal, and needs price and VAT only without a product", () => {
    const parsed = manualInvoiceSchema.parse({ customerId: "u1", items: [{ ...line, vatRate: 17.5 }, { productId: 4, quantity: 1 }] });
    expect(parsed.items[0]).toMatchObject({ unitPrice: 1250, vatRate: 1750 });
    expect(parsed.items[1].productId).toBe(4);
    expect(parsed.items[1].unitPrice).toBeUndefined();
    expect(messages(manualInvoiceSchema.safeParse({ customerId: "u1", items: [{ ...line, vatRate: "17.55" }] }))).toEqual([
      "items.0.vatRate: VAT rate must have at most one decimal place",
    ]);
    expect(messages(manualInvoiceSchema.safeParse({ customerId: "u1", items: [{ ...line, vatRate: 101 }] }))).toEqual([
      "items.0.vatRate: VAT rate must be between 0 and 100",
    ]);
    expect(messages(manualInvoiceSchema.safeParse({ customerId: "u1", items: [{ quantity: 1 }] }))).toEqual([
      "items.0.description: Description is required",
      "items.0.unitPrice: Unit price is required",
      "items.0.vatRate: VAT rate is required",
    ]);
  });

  it("needs at least one line, and a due date not before the issue date", () => {
    expect(messages(manualInvoiceSchema.safeParse({ customerId: "u1", items: [] }))).toEqual(["items: Please add at least one line item"]);
    expect(messages(manualInvoiceSchema.safeParse({ customerId: "u1" }))).toEqual(["items: Please add at least one line item"]);
    expect(
      messages(manualInvoiceSchema.safeParse({ customerId: "u1", issueDate: "2026-03-02", dueDate: "2026-03-01", items: [line] })),
    ).toEqual(["dueDate: Due date cannot be before the issue date"]);
  });

  it("the form ignores blank rows and keeps errors on the row they belong to", () => {
    const blank = { quantity: "1", unitPrice: "0", vatRate: "20" };
    const parsed = manualInvoiceFormSchema.parse({ customerId: "u1", items: [blank, line, blank] });
    expect(parsed.items).toHaveLength(1);
    expect(messages(manualInvoiceFormSchema.safeParse({ customerId: "u1", items: [blank, { ...line, quantity: "0" }] }))).toEqual([
      "items.1.quantity: Quantity must be at least 1",
    ]);
    expect(messages(manualInvoiceFormSchema.safeParse({ customerId: "u1", items: [blank, blank] }))).toEqual([
      "items: Please add at least one line item",
    ]);
  });
});

describe("salesInvoiceListQuerySchema", () => {
  it("drops a status it does not know rather than failing the page", () => {
    expect(salesInvoiceListQuerySchema.parse({ status: "lost", q: "  ", page: "x" })).toEqual({ status: undefined, q: undefined, page: 1 });
    expect(salesInvoiceListQuerySchema.parse({ status: "partially_paid", page: "3" })).toMatchObject({ status: "partially_paid", page: 3 });
  });
});
