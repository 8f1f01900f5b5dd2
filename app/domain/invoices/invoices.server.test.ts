import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, salesInvoiceItems, salesInvoices, users } from "~db/schema";
import { getDb } from "~/utils/db.server";
import {
  addDaysToDate,
  describeOrderLine,
  issueSalesInvoiceForOrder,
  ukToday,
  voidSalesInvoiceForOrder,
} from "./invoices.server";

describe("dates", () => {
  it("takes today from the UK calendar, in summer time too", () => {
    expect(ukToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01"); // 00:30 BST
    expect(ukToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31"); // GMT
  });

  it("adds days across months and years", () => {
    expect(addDaysToDate("2026-01-31", 30)).toBe("2026-03-02");
    expect(addDaysToDate("2026-12-15", 30)).toBe("2027-01-14");
    expect(addDaysToDate("2028-02-01", 28)).toBe("2028-02-29");
  });

  it("describes a line with its options", () => {
    expect(describeOrderLine("Hi-Vis Vest", { Size: "M", Colour: "Yellow" })).toBe("Hi-Vis Vest (Size: M, Colour: Yellow)");
    expect(describeOrderLine("Bleach", {})).toBe("Bleach");
  });
});

describe("issueSalesInvoiceForOrder", () => {
  it("copies the order's lines and totals, numbers it by year of issue, and issues once", () => {
    const db = getDb();
    const userId = crypto.randomUUID();
    db.insert(users).values({ id: userId, email: "inv@example.com", passwordHash: "x" }).run();
    const order = db
      .insert(orders)
      .values({
        orderNumber: "ORD-000900",
        userId,
        subtotal: 2433,
        vatAmount: 417,
        total: 2850,
        shippingName: "A",
        shippingEmail: "a@example.com",
        shippingAddress: "1 Road",
        shippingCity: "Leeds",
        shippingPostcode: "LS1 1AA",
      })
      .returning()
      .get();
    db.insert(orderItems)
      .values([
        { orderId: order.id, productName: "Milk", quantity: 1, unitPrice: 333, vatRate: 500, total: 333, vatAmount: 17 },
        { orderId: order.id, productName: "Vest", selectedVariants: { Size: "S" }, quantity: 2, unitPrice: 1050, vatRate: 2000, total: 2100, vatAmount: 420 },
      ])
      .run();

    const issued = issueSalesInvoiceForOrder(db, order.id, { issueDate: "2026-12-31" });
    expect(issued).toMatchObject({ invoiceNumber: "INV-2026-00001", issueDate: "2026-12-31", dueDate: "2027-01-30", created: true });
    const again = issueSalesInvoiceForOrder(db, order.id, { issueDate: "2027-01-02" });
    expect(again).toMatchObject({ invoiceId: issued.invoiceId, invoiceNumber: "INV-2026-00001", created: false });

    const invoice = db.select().from(salesInvoices).where(eq(salesInvoices.id, issued.invoiceId)).get()!;
    expect(invoice).toMatchObject({ customerId: userId, status: "unpaid", subtotal: 2433, vatAmount: 417, total: 2850, amountPaid: 0 });
    const lines = db.select().from(salesInvoiceItems).where(eq(salesInvoiceItems.invoiceId, invoice.id)).all();
    expect(lines.map((l) => [l.description, l.quantity, l.unitPrice, l.vatRate, l.vatAmount, l.total])).toEqual([
      ["Milk", 1, 333, 500, 17, 333],
      ["Vest (Size: S)", 2, 1050, 2000, 420, 2100],
    ]);

    expect(voidSalesInvoiceForOrder(db, order.id)).toEqual({ ok: true, value: "INV-2026-00001" });
    expect(db.select().from(salesInvoices).where(eq(salesInvoices.id, invoice.id)).get()!.status).toBe("void");
    expect(voidSalesInvoiceForOrder(db, 987_654)).toEqual({ ok: true, value: null });
    expect(() => issueSalesInvoiceForOrder(db, 987_654)).toThrow("no such order");
  });
});
