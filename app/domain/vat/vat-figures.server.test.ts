import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, purchaseInvoices, returnItems, returns, salesInvoices, users, vatReturns } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { computeVatFigures, purchaseLines, salesLines, vatScope } from "./vat-figures.server";
import { fileVatReturn, generateVatReturn, regenerateVatReturn } from "./vat-return-changes.server";

/**
 * Hand-made books for March and April 2026, every amount chosen so that each rule shows in the boxes:
 * a zero-rated line, a void invoice, a refund (and one completed at 00:30 on 1 April, which is April in the
 * UK), an exchange (worth nothing), a void purchase invoice, a purchase invoice dated in March but entered
 * after March's return was filed, and a March invoice cancelled after the filing.
 */
const db = () => getDb();
const at = (iso: string) => new Date(iso);
const admin = { id: "" };
let customerId: string;
let supplierId: string;

function sale(invoiceNumber: string, issueDate: string, subtotal: number, vatAmount: number, createdAt: string, extra: Partial<typeof salesInvoices.$inferInsert> = {}) {
  return db()
    .insert(salesInvoices)
    .values({ invoiceNumber, customerId, issueDate, dueDate: issueDate, subtotal, vatAmount, total: subtotal + vatAmount, createdAt: at(createdAt), ...extra })
    .returning()
    .get();
}

function purchase(invoiceNumber: string, invoiceDate: string, subtotal: number, vatAmount: number, createdAt: string, status: "unpaid" | "void" = "unpaid") {
  return db()
    .insert(purchaseInvoices)
    .values({ supplierId, invoiceNumber, invoiceDate, subtotal, vatAmount, total: subtotal + vatAmount, status, createdAt: at(createdAt) })
    .returning()
    .get();
}

function completedReturn(orderId: number, orderItemId: number, returnType: "refund" | "exchange", completedAt: string, line: { quantity: number; unitPrice: number; vatRate: number }) {
  const row = db()
    .insert(returns)
    .values({ orderId, userId: customerId, returnType, status: "completed", reason: "Damaged", completedAt: at(completedAt) })
    .returning()
    .get();
  db().insert(returnItems).values({ returnId: row.id, orderItemId, productName: "Line", ...line }).run();
  return row;
}

beforeAll(() => {
  admin.id = crypto.randomUUID();
  customerId = crypto.randomUUID();
  supplierId = crypto.randomUUID();
  db()
    .insert(users)
    .values([
      { id: admin.id, email: "admin@vat.example.com", passwordHash: "x", role: "admin" },
      { id: customerId, email: "buyer@vat.example.com", passwordHash: "x", businessName: "Harbour Cafe" },
      { id: supplierId, email: "sales@supplier.example.com", passwordHash: "x", role: "supplier", businessName: "Northern Supplies" },
    ])
    .run();

  // Order A: 2 × £100.00 at 20% and 3 × £4.99 zero-rated: £214.97 + VAT £40.00
  const order = db()
    .insert(orders)
    .values({
      orderNumber: "ORD-A",
      userId: customerId,
      status: "delivered",
      subtotal: 21497,
      vatAmount: 4000,
      total: 25497,
      shippingName: "Harbour Cafe",
      shippingEmail: "buyer@vat.example.com",
      shippingAddress: "1 Quay",
      shippingCity: "Hull",
      shippingPostcode: "HU1 1AA",
    })
    .returning()
    .get();
  const [standard, zero] = db()
    .insert(orderItems)
    .values([
      { orderId: order.id, productName: "Urn", quantity: 2, unitPrice: 10000, vatRate: 2000, total: 20000, vatAmount: 4000 },
      { orderId: order.id, productName: "Tea", quantity: 3, unitPrice: 499, vatRate: 0, total: 1497, vatAmount: 0 },
    ])
    .returning()
    .all();
  sale("INV-A", "2026-03-05", 21497, 4000, "2026-03-05T10:00:00Z", { orderId: order.id });
  sale("INV-B-VOID", "2026-03-10", 5000, 1000, "2026-03-10T10:00:00Z", { status: "void", voidedAt: at("2026-03-11T09:00:00Z") });
  sale("INV-C-FEB", "2026-02-27", 10000, 2000, "2026-02-27T10:00:00Z");
  sale("INV-E", "2026-03-28", 2000, 400, "2026-03-28T10:00:00Z", { status: "void", voidedAt: at("2026-04-08T09:00:00Z") });
  sale("INV-D-APR", "2026-04-02", 3000, 600, "2026-04-02T10:00:00Z");

  // one urn back on 20 March (£100 + £20 VAT); the other at 00:30 BST on 1 April; an exchange in March
  completedReturn(order.id, standard.id, "refund", "2026-03-20T12:00:00Z", { quantity: 1, unitPrice: 10000, vatRate: 2000 });
  completedReturn(order.id, standard.id, "refund", "2026-03-31T23:30:00Z", { quantity: 1, unitPrice: 10000, vatRate: 2000 });
  completedReturn(order.id, zero.id, "exchange", "2026-03-22T12:00:00Z", { quantity: 1, unitPrice: 499, vatRate: 0 });

  purchase("P1", "2026-03-15", 8000, 1600, "2026-03-15T10:00:00Z");
  purchase("P2-VOID", "2026-03-16", 3000, 600, "2026-03-16T10:00:00Z", "void");
  // dated in March, entered on 10 April: after March's return is filed on 5 April
  purchase("P3-LATE", "2026-03-25", 12345, 2469, "2026-04-10T10:00:00Z");
});

const MARCH = {
  box1VatDue: 2400, // 4000 (A) + 400 (E, not void yet) − 2000 (refund); B is void
  box2VatDueAcquisitions: 0,
  box3TotalVatDue: 2400,
  box4VatReclaimed: 1600, // P1; P2 void, P3 not yet entered
  box5NetVat: 800,
  box6TotalSales: 134, // (21497 + 2000 − 10000) = 13497p → £134, pence dropped
  box7TotalPurchases: 80,
  box8TotalSupplies: 0,
  box9TotalAcquisitions: 0,
};

describe("the nine boxes on hand-made books", () => {
  it("March, generated and filed on 5 April, counts what was recorded by then", () => {
    const generated = generateVatReturn(db(), admin, { month: "2026-03" }, null, at("2026-04-05T09:00:00Z"));
    expect(generated.ok).toBe(true);
    const row = db().select().from(vatReturns).where(eq(vatReturns.quarter, "2026-03")).get()!;
    expect(row).toMatchObject({ ...MARCH, startDate: "2026-03-01", endDate: "2026-03-31", isFiled: false });

    const filed = fileVatReturn(db(), admin, row.id, null, at("2026-04-05T10:00:00Z"));
    expect(filed.ok).toBe(true);
    expect(db().select().from(vatReturns).where(eq(vatReturns.id, row.id)).get()).toMatchObject({ ...MARCH, isFiled: true });
  });

  it("a filed March read again as of its filing still gives the filed figures, later entries and all", () => {
    const figures = computeVatFigures(db(), "2026-03", at("2026-04-05T10:00:00Z"));
    expect(figures.boxes).toEqual(MARCH);
    expect(figures.sales).toMatchObject({ count: 2, late: 0 });
    expect(figures.refunds).toMatchObject({ count: 1, net: 10000, vat: 2000 });
  });

  it("April counts the late March purchase invoice and the cancellation of a filed March invoice", () => {
    const figures = computeVatFigures(db(), "2026-04", at("2026-05-02T10:00:00Z"));
    expect(figures.boxes).toEqual({
      box1VatDue: -1800, // 600 (D) − 2000 (refund completed 1 April UK time) − 400 (E cancelled after filing)
      box2VatDueAcquisitions: 0,
      box3TotalVatDue: -1800,
      box4VatReclaimed: 2469, // P3, a late entry
      box5NetVat: -4269, // refundable
      box6TotalSales: -90, // 3000 − 10000 − 2000 = −9000p
      box7TotalPurchases: 123, // 12345p → £123
      box8TotalSupplies: 0,
      box9TotalAcquisitions: 0,
    });
    expect(figures.purchases).toMatchObject({ count: 1, late: 1 });
    expect(figures.sales).toMatchObject({ count: 2, late: 1 });

    const scope = vatScope(db(), "2026-04", at("2026-05-02T10:00:00Z"));
    expect(purchaseLines(db(), scope, null)).toEqual([
      expect.objectContaining({ invoiceNumber: "P3-LATE", date: "2026-03-25", late: true, net: 12345, vat: 2469, supplier: "Northern Supplies" }),
    ]);
    expect(salesLines(db(), scope, null).map((line) => [line.invoiceNumber, line.net, line.vat, line.cancelled, line.late])).toEqual([
      ["INV-E", -2000, -400, true, true],
      ["INV-D-APR", 3000, 600, false, false],
    ]);
  });

  it("the late purchase invoice is not lost if March had not been filed: it stays in March", () => {
    // read as of a moment before the filing, as a return not yet filed would be
    expect(computeVatFigures(db(), "2026-03", at("2026-04-20T10:00:00Z")).boxes.box4VatReclaimed).toBe(1600 + 2469);
  });

  it("a filed return cannot be regenerated or filed again, and a second return for the month is refused", () => {
    const row = db().select().from(vatReturns).where(eq(vatReturns.quarter, "2026-03")).get()!;
    expect(regenerateVatReturn(db(), admin, row.id)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("was filed on 5 April 2026") });
    expect(fileVatReturn(db(), admin, row.id)).toMatchObject({ ok: false, status: 409 });
    expect(generateVatReturn(db(), admin, { month: "2026-03" })).toMatchObject({ ok: false, status: 409, message: "A VAT return for March 2026 already exists" });
    expect(db().select().from(vatReturns).where(eq(vatReturns.id, row.id)).get()).toMatchObject({ ...MARCH, isFiled: true });
  });

  it("filing needs the month to be over and the stored figures to be the books' figures", () => {
    const april = generateVatReturn(db(), admin, { month: "2026-04" }, null, at("2026-04-25T10:00:00Z"));
    if (!april.ok) throw new Error(april.message);
    const early = fileVatReturn(db(), admin, april.value.vatReturn.id, null, at("2026-04-30T10:00:00Z"));
    expect(early).toMatchObject({ ok: false, status: 409, message: "April 2026 has not ended yet: its return can be filed from 1 May 2026" });

    // an invoice entered after the return was generated makes its stored figures stale
    purchase("P4", "2026-04-28", 1000, 200, "2026-04-28T10:00:00Z");
    const stale = fileVatReturn(db(), admin, april.value.vatReturn.id, null, at("2026-05-02T10:00:00Z"));
    expect(stale).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("have changed since this return was generated") });

    const regenerated = regenerateVatReturn(db(), admin, april.value.vatReturn.id, null, at("2026-05-01T10:00:00Z"));
    expect(regenerated).toMatchObject({ ok: true, value: { vatReturn: { box4VatReclaimed: "26.69", box5NetVat: "-44.69", netVatDirection: "refundable" } } });
    expect(fileVatReturn(db(), admin, april.value.vatReturn.id, null, at("2026-05-02T10:00:00Z")).ok).toBe(true);
  });
});
