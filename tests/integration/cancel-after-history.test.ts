/**
 * Cancelling looks at what happened to an order, not only at its status now: an order with a completed
 * exchange or refund, or with a payment, is refused (409) whatever statuses it was moved through on the way,
 * at both doors (the orders screen's status form and PATCH /api/admin/orders/{id}/status), and nothing moves:
 * stock, the invoice, the books, the VAT figures. An invoice with a credit note against it is never voided.
 * Everything is driven through the app's own doors: checkout, the status API, the returns API, the payments API.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditNotes, journals, orderItems, orders, products, returns, salesInvoices, stockMovements, users } from "~db/schema";
import { issueCreditNote } from "~/domain/invoices/credit-notes.server";
import { ukToday, voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/orders.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { computeVatFigures } from "~/domain/vat/vat-figures.server";
import * as root from "~/root";
import * as ordersPage from "~/routes/admin.orders/route";
import * as apiStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiReturnComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiReturnStatus from "~/routes/api.admin.returns.$id.status";
import * as apiCustomerReturns from "~/routes/api.returns";
import { getDb, writeTransaction } from "~/utils/db.server";
import { invoiceProblems, ledgerProblems, orderProblems } from "../support/invariants";
import { createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;

const db = () => getDb();
let admin: User;
let buyer: User;
let adminCookie: string;
let buyerCookie: string;
let kettle: Product; // £30.00 at 20%
let milk: Product; // £3.33 at 5%

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@example.com", firstName: "Sam", lastName: "Patel" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  kettle = db().insert(products).values({ name: "Catering Kettle 10L", slug: "catering-kettle-10l", salesPrice: 3000, vatRate: 2000, stockLevel: 200 }).returning().get();
  milk = db().insert(products).values({ name: "Milk Portions (120)", slug: "milk-portions-120", salesPrice: 333, vatRate: 500, stockLevel: 200 }).returning().get();
});

// ─── The doors ──────────────────────────────────────────────────────────────

async function place(lines: { product: Product; quantity: number }[]) {
  const placed = await placeOrder(db(), findSessionUser(db(), buyer.id)!, {
    idempotencyKey: null,
    shippingName: "Sam Patel",
    shippingEmail: "orders@patel-catering.co.uk",
    shippingAddress: "Unit 2, Canal Wharf",
    shippingCity: "Leeds",
    shippingPostcode: "LS11 5PS",
    lines: lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
  });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.value.kind !== "placed") throw new Error("The order was sent for approval");
  return placed.value;
}

function apiSetStatus(orderId: number, status: string) {
  return callRoute(
    apiStatus.action,
    buildRequest(`/api/admin/orders/${orderId}/status`, { method: "PATCH", json: { status }, cookie: adminCookie }),
    { orderId: String(orderId) },
  );
}

async function moveTo(orderId: number, status: string) {
  const response = await apiSetStatus(orderId, status);
  expect(response.status, `moving to ${status}`).toBe(200);
}

/** Cancels through the orders screen as an admin does: the status form, then Confirm on the confirm step. */
function formCancel(orderId: number) {
  return callRoute(
    ordersPage.action,
    buildRequest("/admin/orders", {
      form: { idempotencyKey: crypto.randomUUID(), intent: "status", id: orderId, status: "cancelled", confirmed: "1" },
      cookie: adminCookie,
    }),
  );
}

/** The notice the page shows after the form's redirect. */
async function toastAfter(response: Response) {
  const location = redirectLocation(response);
  const data = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: cookieFrom(response, adminCookie) })));
  return data.toast as { title: string; description?: string; variant?: string };
}

/** What the confirm step says before the admin confirms. */
async function confirmStepRefusal(orderId: number) {
  const data = await readJson(await callRoute(ordersPage.loader, buildRequest(`/admin/orders?cancel=${orderId}`, { cookie: adminCookie })));
  return data.cancelling.refusal as string | null;
}

/** The buyer asks for a return of `quantity` of the order's first line; the admin approves and completes it. */
async function completedReturn(orderId: number, returnType: "refund" | "exchange", quantity: number) {
  const line = db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).get()!;
  const requested = await callRoute(
    apiCustomerReturns.action,
    buildRequest("/api/returns", {
      json: { orderId, items: [{ orderItemId: line.id, quantity }], returnType, reason: "Faulty", customerNotes: "Lids cracked." },
      cookie: buyerCookie,
    }),
  );
  expect(requested.status).toBe(201);
  const id = (await readJson(requested)).id as number;
  const approved = await callRoute(
    apiReturnStatus.action,
    buildRequest(`/api/admin/returns/${id}/status`, { method: "PATCH", json: { status: "approved" }, cookie: adminCookie }),
    { id: String(id) },
  );
  expect(approved.status).toBe(200);
  const completed = await callRoute(
    apiReturnComplete.action,
    buildRequest(`/api/admin/returns/${id}/complete`, { method: "POST", cookie: adminCookie }),
    { id: String(id) },
  );
  expect(completed.status).toBe(200);
  return readJson(completed);
}

// ─── What must not move ─────────────────────────────────────────────────────

const count = (table: typeof journals | typeof stockMovements | typeof creditNotes) =>
  db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

function vatNow() {
  // a second ahead: the figures count what was recorded before their instant
  return computeVatFigures(db(), ukToday().slice(0, 7), new Date(Date.now() + 1000));
}

/** Everything a refused cancel must leave as it was. */
function snapshot(orderId: number) {
  const order = db().select({ status: orders.status, cancelledAt: orders.cancelledAt }).from(orders).where(eq(orders.id, orderId)).get()!;
  const invoice = db()
    .select({ status: salesInvoices.status, amountPaid: salesInvoices.amountPaid, creditedAmount: salesInvoices.creditedAmount, voidedAt: salesInvoices.voidedAt })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, orderId))
    .get()!;
  const stock = db().select({ id: products.id, stockLevel: products.stockLevel }).from(products).all();
  return {
    order,
    invoice,
    stock,
    stockMovements: count(stockMovements),
    journals: count(journals),
    creditNotes: count(creditNotes),
    vat: vatNow().boxes,
  };
}

/** The database agrees with itself: each refund counted by the VAT return stands against a live invoice. */
function consistency() {
  const sqlite = db().$client;
  const voidWithCredit = sqlite
    .prepare(
      `select cn.credit_note_number as cn from credit_notes cn join sales_invoices si on si.id = cn.sales_invoice_id where si.status = 'void'`,
    )
    .all() as { cn: string }[];
  return [
    ...orderProblems(sqlite),
    ...invoiceProblems(sqlite),
    ...ledgerProblems(sqlite),
    ...voidWithCredit.map((row) => `${row.cn} stands against a void invoice`),
  ];
}

/** Both doors refuse to cancel, with `message`; nothing changes. */
async function expectCancelRefused(orderId: number, message: string) {
  const before = snapshot(orderId);

  const viaApi = await apiSetStatus(orderId, "cancelled");
  expect(viaApi.status).toBe(409);
  expect(await readJson(viaApi)).toEqual({ message, field: "status" });
  expect(snapshot(orderId)).toEqual(before);

  expect(await confirmStepRefusal(orderId)).toBe(message);
  const viaForm = await formCancel(orderId);
  expect(redirectLocation(viaForm)).toBe(`/admin/orders?view=${orderId}`);
  expect(await toastAfter(viaForm)).toMatchObject({ variant: "destructive", description: message });
  expect(snapshot(orderId)).toEqual(before);

  expect(consistency()).toEqual([]);
}

// ─── The rules ──────────────────────────────────────────────────────────────

describe("cancelling after a completed return", () => {
  it("an exchange: delivered → processing → cancelled is refused at both doors; no unit back twice, the invoice stays", async () => {
    const order = await place([{ product: kettle, quantity: 3 }]);
    await moveTo(order.orderId, "delivered");
    const exchange = await completedReturn(order.orderId, "exchange", 1);
    expect(exchange.replacementOrderId).toEqual(expect.any(Number));
    await moveTo(order.orderId, "processing");

    await expectCancelRefused(
      order.orderId,
      `${order.orderNumber} cannot be cancelled: return ${exchange.returnNumber} was completed against it. A further return undoes the rest.`,
    );
    // and by way of pending too
    await moveTo(order.orderId, "pending");
    const viaApi = await apiSetStatus(order.orderId, "cancelled");
    expect(viaApi.status).toBe(409);
    expect(snapshot(order.orderId).invoice.status).toBe("unpaid");
  });

  it("a refund: delivered → processing → cancelled is refused at both doors; the credit note keeps its live invoice in the VAT return", async () => {
    const order = await place([{ product: milk, quantity: 4 }]);
    await moveTo(order.orderId, "delivered");
    const vatBefore = vatNow();
    const refund = await completedReturn(order.orderId, "refund", 1);
    // one milk at £3.33 + 5%: £3.50 back, 17p of it VAT, off box 1
    expect(refund.refundAmount).toBe("3.50");
    const vatAfterRefund = vatNow();
    expect(vatAfterRefund.refunds.count).toBe(vatBefore.refunds.count + 1);
    expect(vatAfterRefund.boxes.box1VatDue).toBe(vatBefore.boxes.box1VatDue - 17);
    await moveTo(order.orderId, "processing");

    await expectCancelRefused(
      order.orderId,
      `${order.orderNumber} cannot be cancelled: return ${refund.returnNumber} was completed against it. A further return undoes the rest.`,
    );
    // the sale and its refund both still count: box 1 is what it was after the refund, to the penny
    expect(vatNow().boxes).toEqual(vatAfterRefund.boxes);
  });
});

describe("cancelling after a payment", () => {
  it("shipped → pending → cancelled is refused at both doors; the payment stays on a live invoice", async () => {
    const order = await place([{ product: kettle, quantity: 2 }]);
    const invoice = db().select().from(salesInvoices).where(eq(salesInvoices.orderId, order.orderId)).get()!;
    const paid = await callRoute(
      apiPayments.action,
      buildRequest(`/api/admin/invoices/sales/${invoice.id}/payments`, {
        json: { amount: "20.00", paymentMethod: "bank_transfer" },
        cookie: adminCookie,
      }),
      { id: String(invoice.id) },
    );
    expect(paid.status).toBe(201);
    await moveTo(order.orderId, "shipped");
    await moveTo(order.orderId, "pending");

    await expectCancelRefused(
      order.orderId,
      `${order.orderNumber} cannot be cancelled: its invoice ${invoice.invoiceNumber} has payments. A return or a credit note undoes it.`,
    );
    expect(snapshot(order.orderId).invoice).toMatchObject({ status: "unpaid", amountPaid: 2000 });
  });
});

describe("a credit note follows its invoice", () => {
  /** An order whose invoice carries a credit note with no completed return beside it (as older data may). */
  async function creditedOrder() {
    const order = await place([{ product: kettle, quantity: 1 }]);
    const returnRow = db()
      .insert(returns)
      .values({ orderId: order.orderId, userId: buyer.id, status: "approved", reason: "Damaged", returnType: "refund" })
      .returning()
      .get();
    const note = writeTransaction(db(), (tx) =>
      issueCreditNote(tx, {
        returnId: returnRow.id,
        returnNumber: null,
        orderId: order.orderId,
        customerId: buyer.id,
        net: 3000,
        gross: 3600,
        issueDate: ukToday(),
        refundAccountId: null,
      }),
    )!;
    return { ...order, creditNoteNumber: note.creditNoteNumber, invoiceNumber: note.invoiceNumber! };
  }

  it("voiding an invoice with a credit note against it is refused (409, naming it) and writes nothing", async () => {
    const order = await creditedOrder();
    const before = snapshot(order.orderId);
    const result = writeTransaction(db(), (tx) => voidSalesInvoiceForOrder(tx, order.orderId));
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: `Invoice ${order.invoiceNumber} cannot be voided: credit note ${order.creditNoteNumber} is set against it. A return undoes the rest.`,
    });
    expect(snapshot(order.orderId)).toEqual(before);
  });

  it("so an order whose invoice carries a credit note is not cancelled, at either door, and the use case says why", async () => {
    const order = await creditedOrder();
    const message = `${order.orderNumber} cannot be cancelled: credit note ${order.creditNoteNumber} is set against its invoice ${order.invoiceNumber}. A return undoes the rest.`;
    await expectCancelRefused(order.orderId, message);
    const direct = cancelOrder(db(), findSessionUser(db(), admin.id)!, order.orderId);
    expect(direct).toMatchObject({ ok: false, status: 409, message });
  });

  it("an order with neither history nor credit is still cancelled: stock back, invoice void, VAT out", async () => {
    const order = await place([{ product: kettle, quantity: 5 }]);
    const stockBefore = db().select().from(products).where(eq(products.id, kettle.id)).get()!.stockLevel;
    const vatBefore = vatNow().boxes;
    expect((await apiSetStatus(order.orderId, "cancelled")).status).toBe(200);
    expect(db().select().from(products).where(eq(products.id, kettle.id)).get()!.stockLevel).toBe(stockBefore + 5);
    expect(snapshot(order.orderId).invoice.status).toBe("void");
    // five kettles at £30 + 20%: £30.00 of VAT leaves box 1
    expect(vatNow().boxes.box1VatDue).toBe(vatBefore.box1VatDue - 3000);
    expect(
      db().select().from(stockMovements).where(and(eq(stockMovements.orderId, order.orderId), eq(stockMovements.reason, "cancellation"))).all(),
    ).toHaveLength(1);
    expect(consistency()).toEqual([]);
  });
});
