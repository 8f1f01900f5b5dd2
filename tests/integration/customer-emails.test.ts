/**
 * The emails a customer gets when the back office acts on their order or return, through both doors (the
 * screens' form actions and the admin API): exactly one per event, to the account's email (not the shipping
 * email typed at checkout), with the facts the customer needs (tracking link, refund amount). A repeated
 * request sends nothing again.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { orderItems, orders, products, users } from "~db/schema";
import { placeOrder } from "~/domain/orders/orders.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as approvalsPage from "~/routes/admin.order-approvals";
import * as ordersPage from "~/routes/admin.orders/route";
import * as returnsPage from "~/routes/admin.returns/route";
import * as apiApprove from "~/routes/api.admin.orders.$orderId.approve";
import * as apiReject from "~/routes/api.admin.orders.$orderId.reject";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiTracking from "~/routes/api.admin.orders.$orderId.tracking";
import * as apiComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiReturnStatus from "~/routes/api.admin.returns.$id.status";
import * as apiCustomerReturns from "~/routes/api.returns";
import { databasePath, getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { mailsDuring } from "./outbox";
import { buildRequest, callRoute, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
type Product = typeof products.$inferSelect;

const SHIPPING_EMAIL = "goods-in@yard-gatehouse.example";
let adminCookie: string;
let buyerCookie: string;
let buyer: User;
let approvalBuyer: User;
let kettle: Product; // £30.00 at 20%

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "sam@patel-catering.example", firstName: "Sam", lastName: "Patel" });
  approvalBuyer = await createUser({ email: "buyer@northern-cafes.example", firstName: "Nia", requiresApproval: true });
  kettle = createProduct({ name: "Commercial Kettle 10L", salesPrice: 3000, stockLevel: 500 });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
});

async function place(user: User, quantity = 1) {
  const result = await placeOrder(getDb(), findSessionUser(getDb(), user.id)!, {
    idempotencyKey: null,
    shippingName: "Goods In, Canal Wharf",
    shippingEmail: SHIPPING_EMAIL,
    shippingAddress: "Unit 2, Canal Wharf",
    shippingCity: "Leeds",
    shippingPostcode: "LS11 5PS",
    lines: [{ productId: kettle.id, quantity }],
  });
  if (!result.ok) throw new Error(result.message);
  if (result.value.kind !== "placed") throw new Error("The order was sent for approval");
  return result.value;
}

type Mail = Awaited<ReturnType<typeof mailsDuring>>[number];

async function onlyMail(act: () => Promise<Response>, expectStatus: (response: Response) => void): Promise<Mail> {
  let response: Response | undefined;
  const mails = await mailsDuring(async () => {
    response = await act();
  });
  expectStatus(response!);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

const redirected = (response: Response) => expect(redirectLocation(response)).toMatch(/^\/admin\//);
const answered = (response: Response) => expect(response.status).toBe(200);

function formPost(page: { action: RouteHandler }, pathname: string, form: Record<string, string | number | number[]>, key = crypto.randomUUID()) {
  return callRoute(page.action, buildRequest(pathname, { form: { idempotencyKey: key, ...form }, cookie: adminCookie }));
}

function apiCall(handler: RouteHandler, pathname: string, method: string, params: Record<string, string>, body?: unknown, key?: string) {
  return callRoute(
    handler,
    buildRequest(pathname, { method, json: body, cookie: adminCookie, headers: key ? { "Idempotency-Key": key } : undefined }),
    params,
  );
}

const DOORS = ["form", "api"] as const;

describe("order emails", () => {
  for (const door of DOORS) {
    it(`approving an order (${door}) tells the account holder, not the shipping email`, async () => {
      const order = await place(approvalBuyer);
      const mail = await onlyMail(
        () =>
          door === "form"
            ? formPost(approvalsPage, "/admin/order-approvals", { intent: "approve", id: order.orderId })
            : apiCall(apiApprove.action, `/api/admin/orders/${order.orderId}/approve`, "POST", { orderId: String(order.orderId) }),
        door === "form" ? redirected : answered,
      );
      expect(mail.to).toContain(approvalBuyer.email);
      expect(mail.to).not.toContain(SHIPPING_EMAIL);
      expect(mail.subject).toBe(`Order ${order.orderNumber} approved`);
      expect(mail.body).toContain("Hello Nia,");
      expect(mail.body).toContain("Total (incl. VAT): £36.00");
    });

    it(`rejecting an order (${door}) says it was not approved`, async () => {
      const order = await place(approvalBuyer);
      const mail = await onlyMail(
        () =>
          door === "form"
            ? formPost(approvalsPage, "/admin/order-approvals", { intent: "reject", id: order.orderId })
            : apiCall(apiReject.action, `/api/admin/orders/${order.orderId}/reject`, "POST", { orderId: String(order.orderId) }),
        door === "form" ? redirected : answered,
      );
      expect(mail.to).toContain(approvalBuyer.email);
      expect(mail.subject).toBe(`Order ${order.orderNumber} was not approved`);
      expect(mail.body).toContain("There is nothing to pay for it.");
    });

    it(`shipping an order (${door}) sends the carrier, the tracking number and the link, once`, async () => {
      const order = await place(buyer);
      getDb()
        .update(orders)
        .set({ carrier: "DPD", trackingNumber: "15501234567890", trackingUrl: "https://track.dpd.co.uk/parcels/15501234567890" })
        .where(eq(orders.id, order.orderId))
        .run();
      const key = crypto.randomUUID();
      const ship = () =>
        door === "form"
          ? formPost(ordersPage, "/admin/orders", { intent: "status", id: order.orderId, status: "shipped" }, key)
          : apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "shipped" }, key);
      const mail = await onlyMail(ship, door === "form" ? redirected : answered);
      expect(mail.to).toContain(buyer.email);
      expect(mail.subject).toBe(`Order ${order.orderNumber} has shipped`);
      expect(mail.body).toContain("Carrier: DPD");
      expect(mail.body).toContain("Tracking number: 15501234567890");
      expect(mail.body).toContain("Track your delivery: https://track.dpd.co.uk/parcels/15501234567890");
      expect(mail.body).toContain('<a href="https://track.dpd.co.uk/parcels/15501234567890">Track your delivery</a>');
      // the same request again (a double click, a retry): no second mail
      expect(await mailsDuring(ship)).toHaveLength(0);
    });

    it(`adding tracking to a shipped order (${door}) sends it; moving to delivered sends nothing`, async () => {
      const order = await place(buyer);
      getDb().update(orders).set({ status: "shipped" }).where(eq(orders.id, order.orderId)).run();
      const tracking = { carrier: "Royal Mail", trackingNumber: "RM123456785GB", trackingUrl: "https://www.royalmail.com/track/RM123456785GB" };
      const mail = await onlyMail(
        () =>
          door === "form"
            ? formPost(ordersPage, "/admin/orders", { intent: "tracking", id: order.orderId, ...tracking, estimatedDelivery: "" })
            : apiCall(apiTracking.action, `/api/admin/orders/${order.orderId}/tracking`, "PATCH", { orderId: String(order.orderId) }, tracking),
        door === "form" ? redirected : answered,
      );
      expect(mail.subject).toBe(`Tracking for order ${order.orderNumber}`);
      expect(mail.body).toContain("Track your delivery: https://www.royalmail.com/track/RM123456785GB");
      const delivered = await mailsDuring(() =>
        apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "delivered" }),
      );
      expect(delivered).toHaveLength(0);
    });

    it(`cancelling an order (${door}) tells the customer`, async () => {
      const order = await place(buyer);
      const mail = await onlyMail(
        () =>
          door === "form"
            ? formPost(ordersPage, "/admin/orders", { intent: "status", id: order.orderId, status: "cancelled", confirmed: "1" })
            : apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "cancelled" }),
        door === "form" ? redirected : answered,
      );
      expect(mail.to).toContain(buyer.email);
      expect(mail.subject).toBe(`Order ${order.orderNumber} cancelled`);
      expect(mail.body).toContain("Its invoice has been voided");
    });
  }

  it("a refused change sends nothing", async () => {
    const order = await place(buyer);
    await apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "cancelled" });
    const mails = await mailsDuring(async () => {
      const response = await apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "shipped" });
      expect(response.status).toBe(409);
    });
    expect(mails).toHaveLength(0);
  });

  it("a mail that cannot be sent is logged and the change stands", async () => {
    const order = await place(buyer);
    const blocked = path.join(path.dirname(databasePath()), "outbox-blocked");
    fs.writeFileSync(blocked, "a file where the outbox should be");
    const previous = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = blocked;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await apiCall(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { orderId: String(order.orderId) }, { status: "cancelled" });
      expect(response.status).toBe(200);
      expect(getDb().select().from(orders).where(eq(orders.id, order.orderId)).get()!.status).toBe("cancelled");
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("order cancelled email could not be sent"), expect.anything());
    } finally {
      logged.mockRestore();
      process.env.OUTBOX_DIR = previous;
    }
  });

  it("shipping many orders at once sends one mail per order", async () => {
    const first = await place(buyer);
    const second = await place(buyer);
    const mails = await mailsDuring(() =>
      formPost(ordersPage, "/admin/orders", { intent: "bulk-status", ids: [first.orderId, second.orderId], status: "shipped" }),
    );
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Order ${first.orderNumber} has shipped`, `Order ${second.orderNumber} has shipped`].sort());
  });
});

describe("return emails", () => {
  async function deliveredOrderWithReturn() {
    const order = await place(buyer, 2);
    getDb().update(orders).set({ status: "delivered" }).where(eq(orders.id, order.orderId)).run();
    const line = getDb().select().from(orderItems).where(eq(orderItems.orderId, order.orderId)).get()!;
    const response = await callRoute(
      apiCustomerReturns.action,
      buildRequest("/api/returns", {
        json: { orderId: order.orderId, items: [{ orderItemId: line.id, quantity: 1 }], returnType: "refund", reason: "Faulty" },
        cookie: buyerCookie,
      }),
    );
    expect(response.status).toBe(201);
    return { ...order, returnId: (await readJson(response)).id as number };
  }

  const setStatus = (door: (typeof DOORS)[number], id: number, status: "approved" | "rejected", adminNotes = "") =>
    door === "form"
      ? formPost(returnsPage, "/admin/returns", { intent: "update", id, status, adminNotes })
      : apiCall(apiReturnStatus.action, `/api/admin/returns/${id}/status`, "PATCH", { id: String(id) }, { status, adminNotes: adminNotes || null });

  for (const door of DOORS) {
    it(`approving and completing a return (${door}) send one mail each, the second with the refund`, async () => {
      const { orderNumber, returnId } = await deliveredOrderWithReturn();
      const approved = await onlyMail(() => setStatus(door, returnId, "approved"), door === "form" ? redirected : answered);
      expect(approved.to).toContain(buyer.email);
      expect(approved.subject).toBe(`Your return for order ${orderNumber} is approved`);
      expect(approved.body).toContain("Please send the items back to us");

      const completed = await onlyMail(
        () =>
          door === "form"
            ? formPost(returnsPage, "/admin/returns", { intent: "complete", id: returnId })
            : apiCall(apiComplete.action, `/api/admin/returns/${returnId}/complete`, "POST", { id: String(returnId) }),
        door === "form" ? redirected : answered,
      );
      expect(completed.to).toContain(buyer.email);
      // one kettle: £30.00 + 20% VAT
      expect(completed.subject).toBe(`Refund of £36.00 for order ${orderNumber}`);
      expect(completed.body).toContain("Refund (incl. VAT): £36.00");
    });

    it(`rejecting a return (${door}) sends the back office's note`, async () => {
      const { orderNumber, returnId } = await deliveredOrderWithReturn();
      const mail = await onlyMail(
        () => setStatus(door, returnId, "rejected", "The returns window for this item has closed."),
        door === "form" ? redirected : answered,
      );
      expect(mail.to).toContain(buyer.email);
      expect(mail.subject).toBe(`Your return for order ${orderNumber} was not accepted`);
      expect(mail.body).toContain("Our note: The returns window for this item has closed.");
    });
  }

  it("saving notes on an approved return without changing its status sends nothing", async () => {
    const { returnId } = await deliveredOrderWithReturn();
    await setStatus("api", returnId, "approved");
    expect(await mailsDuring(() => setStatus("api", returnId, "approved", "Courier booked for Friday"))).toHaveLength(0);
  });
});
