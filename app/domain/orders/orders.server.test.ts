import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  loyaltyTransactions,
  orderItems,
  orders,
  products,
  returnItems,
  returns,
  salesInvoices,
  users,
  companies,
} from "~db/schema";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { getDb } from "~/utils/db.server";
import { AWAITING_APPROVAL_MESSAGE, checkoutRefusal, CUSTOMERS_ONLY_MESSAGE, placeOrder } from "./orders.server";
import { ADMIN_ONLY_MESSAGE, cancelOrder } from "./cancel-order.server";
import { checkoutDefaults } from "./checkout.server";

let customer: SessionUser;
let admin: SessionUser;
let kettle: typeof products.$inferSelect;
let mugs: typeof products.$inferSelect;

/** A user; a customer comes with their company of one, holding the business details and the approval flag. */
function createUser(
  values: Partial<typeof users.$inferInsert> & { email: string; requiresApproval?: boolean },
) {
  const id = crypto.randomUUID();
  const { requiresApproval = false, ...person } = values;
  const isCustomer = (person.role ?? "customer") === "customer";
  const companyId = isCustomer
    ? getDb()
        .insert(companies)
        .values({ name: person.businessName ?? person.email, address: person.address ?? null, requiresApproval })
        .returning()
        .get().id
    : null;
  getDb()
    .insert(users)
    .values({
      id,
      passwordHash: "x",
      approvedAt: new Date(),
      ...person,
      ...(isCustomer ? { businessName: null, address: null, companyId, companyRole: "company_admin" as const } : {}),
    })
    .run();
  return findSessionUser(getDb(), id)!;
}

beforeAll(() => {
  customer = createUser({
    email: "cafe@example.com",
    firstName: "Ada",
    lastName: "Jones",
    businessName: "Jones Cafe Ltd",
    address: "14 Boar Lane, Leeds, ls1 6en",
  });
  admin = createUser({ email: "boss@example.com", role: "admin" });
  kettle = getDb().insert(products).values({ name: "Kettle", slug: "kettle", salesPrice: 2500, stockLevel: 10 }).returning().get();
  mugs = getDb().insert(products).values({ name: "Mugs", slug: "mugs", salesPrice: 399, stockLevel: 100 }).returning().get();
});

const shipping = {
  shippingName: "Ada Jones",
  shippingEmail: "cafe@example.com",
  shippingAddress: "14 Boar Lane",
  shippingCity: "Leeds",
  shippingPostcode: "LS1 6EN",
};

const stock = (id: number) => getDb().select().from(products).where(eq(products.id, id)).get()!.stockLevel;

async function place(lines: { productId: number; quantity: number }[]) {
  const result = await placeOrder(getDb(), customer, { ...shipping, idempotencyKey: null, lines });
  if (!result.ok) throw new Error(result.message);
  if (result.value.kind !== "placed") throw new Error("The order was sent for approval");
  return result.value;
}

describe("checkoutRefusal", () => {
  it("lets approved, active customers through and says why others cannot order", () => {
    expect(checkoutRefusal(customer)).toBeNull();
    expect(checkoutRefusal({ ...customer, isApproved: false })).toMatchObject({ status: 403, message: AWAITING_APPROVAL_MESSAGE });
    expect(checkoutRefusal(admin)).toMatchObject({ status: 403, message: CUSTOMERS_ONLY_MESSAGE });
    expect(checkoutRefusal({ ...customer, role: "supplier" })).toMatchObject({ status: 403 });
    expect(checkoutRefusal({ ...customer, isActive: false })).toMatchObject({ status: 403 });
  });
});

describe("checkoutDefaults", () => {
  it("starts from the profile, splitting a one-line address, then from the last order", async () => {
    expect(checkoutDefaults(getDb(), customer)).toEqual({
      shippingName: "Ada Jones",
      shippingEmail: "cafe@example.com",
      shippingAddress: "Jones Cafe Ltd, 14 Boar Lane",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 6EN",
    });
    await placeOrder(getDb(), customer, {
      ...shipping,
      shippingAddress: "Kitchen door, 16 Boar Lane",
      shippingEmail: "kitchen@example.com",
      idempotencyKey: null,
      lines: [{ productId: mugs.id, quantity: 1 }],
    });
    expect(checkoutDefaults(getDb(), customer)).toEqual({
      ...shipping,
      shippingAddress: "Kitchen door, 16 Boar Lane",
      shippingEmail: "cafe@example.com",
    });
  });
});

describe("cancelOrder", () => {
  it("returns the stock, voids the invoice and reverses the points, once", async () => {
    const placed = await place([
      { productId: kettle.id, quantity: 2 },
      { productId: mugs.id, quantity: 12 },
    ]);
    const kettlesBefore = stock(kettle.id);
    const mugsBefore = stock(mugs.id);

    const cancelled = cancelOrder(getDb(), admin, placed.orderId);
    expect(cancelled).toEqual({
      ok: true,
      value: {
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        status: "cancelled",
        unitsRestocked: 14,
        voidedInvoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{5}$/),
        pointsReversed: 97, // £50.00 + £47.88 = £97.88
        voucherReleased: null,
      },
    });
    expect(stock(kettle.id)).toBe(kettlesBefore + 2);
    expect(stock(mugs.id)).toBe(mugsBefore + 12);
    const order = getDb().select().from(orders).where(eq(orders.id, placed.orderId)).get()!;
    expect(order.status).toBe("cancelled");
    expect(order.cancelledAt).toBeInstanceOf(Date);
    expect(getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, placed.orderId)).get()!.status).toBe("void");
    const points = getDb().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, placed.orderId)).all();
    expect(points.map((p) => [p.transactionType, p.points, p.description])).toEqual([
      ["earned", 97, `Points earned on order ${placed.orderNumber}`],
      ["adjusted", -97, `Points reversed: order ${placed.orderNumber} cancelled`],
    ]);
    expect(getDb().select().from(auditLogs).where(eq(auditLogs.entityId, String(placed.orderId))).all()).toHaveLength(1);

    const again = cancelOrder(getDb(), admin, placed.orderId);
    expect(again).toEqual({ ok: false, status: 409, message: `Order ${placed.orderNumber} is already cancelled` });
    expect(stock(kettle.id)).toBe(kettlesBefore + 2);
  });

  it("refuses an order with a completed return, and only admins may cancel", async () => {
    const placed = await place([{ productId: kettle.id, quantity: 3 }]);
    const item = getDb().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId)).get()!;
    const ret = getDb()
      .insert(returns)
      .values({ orderId: placed.orderId, userId: customer.id, status: "completed", reason: "Damaged" })
      .returning()
      .get();
    getDb()
      .insert(returnItems)
      .values({ returnId: ret.id, orderItemId: item.id, productId: kettle.id, productName: "Kettle", quantity: 1, unitPrice: 2500, vatRate: 2000 })
      .run();
    const before = stock(kettle.id);

    expect(cancelOrder(getDb(), customer, placed.orderId)).toEqual({ ok: false, status: 403, message: ADMIN_ONLY_MESSAGE });
    expect(cancelOrder(getDb(), admin, 999_999)).toEqual({ ok: false, status: 404, message: "Order not found" });
    const cancelled = cancelOrder(getDb(), admin, placed.orderId);
    expect(cancelled).toMatchObject({ ok: false, status: 409 });
    expect(cancelled.ok ? "" : cancelled.message).toContain("was completed against it");
    expect(stock(kettle.id)).toBe(before);
  });

  it("cancels an order awaiting approval, which has no invoice or points", async () => {
    const approvalCustomer = createUser({ email: "needs-ok@example.com", requiresApproval: true });
    const result = await placeOrder(getDb(), approvalCustomer, {
      ...shipping,
      idempotencyKey: null,
      lines: [{ productId: kettle.id, quantity: 1 }],
    });
    expect(result.ok && result.value.status).toBe("pending_approval");
    const before = stock(kettle.id);
    const cancelled = cancelOrder(getDb(), admin, result.ok && result.value.kind === "placed" ? result.value.orderId : 0);
    expect(cancelled).toMatchObject({ ok: true, value: { voidedInvoiceNumber: null, pointsReversed: 0, unitsRestocked: 1 } });
    expect(stock(kettle.id)).toBe(before + 1);
  });
});
