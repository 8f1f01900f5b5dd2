import { describe, expect, it } from "vitest";
import { getCompanySettings } from "~/utils/company.server";
import { orderConfirmationEmail, type ConfirmationOrder } from "./order-emails.server";

const order: ConfirmationOrder = {
  orderNumber: "ORD-000123",
  status: "pending",
  createdAt: new Date("2026-07-01T09:15:00Z"),
  subtotal: 4800,
  vatAmount: 645,
  total: 5445,
  shippingName: "Sam <Patel>",
  shippingEmail: "sam@example.com",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
  items: [
    { productName: "Hi-Vis Vest", selectedVariants: { Size: "M" }, quantity: 3, unitPrice: 900, vatRate: 2000, total: 2700 },
    { productName: "Milk & Honey", selectedVariants: {}, quantity: 7, unitPrice: 300, vatRate: 500, total: 2100 },
  ],
};

describe("orderConfirmationEmail", () => {
  it("lists the order number, lines, totals and delivery address", () => {
    const email = orderConfirmationEmail(order, getCompanySettings({ COMPANY_VAT_NUMBER: "GB123456789" }));
    expect(email.subject).toBe("Order ORD-000123 confirmed");
    expect(email.text).toContain("Order number: ORD-000123");
    expect(email.text).toContain("Placed: 01 Jul 2026, 10:15");
    expect(email.text).toContain("- 3 × Hi-Vis Vest (Size: M) @ £9.00 (VAT 20%) = £27.00");
    expect(email.text).toContain("- 7 × Milk & Honey @ £3.00 (VAT 5%) = £21.00");
    expect(email.text).toContain("Subtotal (ex VAT): £48.00\nVAT: £6.45\nTotal: £54.45");
    expect(email.text).toContain("Delivering to:\nSam <Patel>\nUnit 2, Canal Wharf\nLeeds\nLS11 5PS");
    expect(email.text).toContain("VAT number GB123456789");
    // the HTML part escapes what the buyer typed
    expect(email.html).toContain("Hello Sam &lt;Patel&gt;,");
    expect(email.html).toContain("Milk &amp; Honey");
    expect(email.html).not.toContain("<Patel>");
  });

  it("gives the invoice's due date from the account's terms, and none before there is an invoice", () => {
    const withInvoice = orderConfirmationEmail({ ...order, invoiceDueDate: "2026-08-31" }, getCompanySettings({}));
    expect(withInvoice.text).toContain("Your invoice is due by 31 Aug 2026.");
    const noInvoice = orderConfirmationEmail({ ...order, invoiceDueDate: null }, getCompanySettings({}));
    expect(noInvoice.text).not.toContain("Your invoice is due");
    expect(noInvoice.text).not.toContain("30 days");
  });

  it("says an order awaiting approval is not yet confirmed", () => {
    const email = orderConfirmationEmail({ ...order, status: "pending_approval" }, getCompanySettings({}));
    expect(email.subject).toBe("Order ORD-000123 received: awaiting approval");
    expect(email.text).toContain("we will be in touch once it has been approved");
  });
});
