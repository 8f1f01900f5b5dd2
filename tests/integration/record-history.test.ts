/**
 * A record's history: the audit entries of an order, an invoice and a customer as the back office reads
 * them (who, a readable label, when, before → after), and the order view that shows them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import { auditHistory, changesOf } from "~/domain/shared/audit-history.server";
import { recordAudit } from "~/domain/shared/audit.server";
import * as ordersPage from "~/routes/admin.orders/route";
import * as usersPage from "~/routes/admin.users/route";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
let admin: User;
let buyer: User;
let adminCookie: string;

const db = () => getDb();

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin", firstName: "Alex", lastName: "Morgan" });
  buyer = await createUser({ email: "buying@acme-catering.co.uk", businessName: "Acme Catering Ltd" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
});

function post(form: Record<string, string | number>) {
  return callRoute(
    ordersPage.action,
    buildRequest("/admin/orders", { cookie: adminCookie, form: { idempotencyKey: crypto.randomUUID(), ...form } }),
  );
}

describe("an order's history", () => {
  it("lists who changed the status and the tracking, newest first, before → after, and the order view shows it", async () => {
    const kettle = createProduct({ name: "Commercial Kettle 10L", salesPrice: 3000 });
    const order = writeTransaction(db(), (tx) => writeOrder(tx, buyer, [{ product: kettle, quantity: 1 }], { status: "pending" }));
    expect(auditHistory(db(), "order", order.id)).toEqual([]);

    expect(redirectLocation(await post({ intent: "status", id: order.id, status: "shipped" }))).toContain(`view=${order.id}`);
    await post({ intent: "tracking", id: order.id, trackingNumber: "RM123456785GB", carrier: "Royal Mail", trackingUrl: "", estimatedDelivery: "" });

    const history = auditHistory(db(), "order", order.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      label: "Tracking updated",
      who: "Alex Morgan (admin@example.com)",
      changes: expect.arrayContaining([
        { field: "Tracking number", before: "none", after: "RM123456785GB" },
        { field: "Carrier", before: "none", after: "Royal Mail" },
      ]),
    });
    expect(history[1]).toMatchObject({
      action: "order.status_updated",
      label: "Status changed",
      changes: [{ field: "Status", before: "pending", after: "shipped" }],
    });
    expect(Date.parse(history[1].at)).not.toBeNaN();
    // another record's entries are not this order's
    expect(auditHistory(db(), "sales_invoice", order.id)).toEqual([]);

    const page = await readJson(
      await callRoute(ordersPage.loader, buildRequest(`/admin/orders?view=${order.id}`, { cookie: adminCookie })),
    );
    expect(page.history.map((entry: { label: string }) => entry.label)).toEqual(["Tracking updated", "Status changed"]);
    const list = await readJson(await callRoute(ordersPage.loader, buildRequest("/admin/orders", { cookie: adminCookie })));
    expect(list.history).toEqual([]);
  });
});

describe("the recorded shapes", () => {
  it("reads a payment's money move, a customer's changed fields and a system entry", async () => {
    expect(changesOf({ amountPaid: { from: 0, to: 4250 }, status: "partially_paid" })).toEqual([
      { field: "Amount paid", before: "£0.00", after: "£42.50" },
    ]);
    expect(
      changesOf({ before: { businessName: "Acme", isActive: true, phone: null }, after: { businessName: "Acme Catering Ltd", isActive: true, phone: "0113 496 0001" } }),
    ).toEqual([
      { field: "Business name", before: "Acme", after: "Acme Catering Ltd" },
      { field: "Phone", before: "none", after: "0113 496 0001" },
    ]);

    recordAudit(db(), { actorId: null, action: "user.approved", entityType: "user", entityId: buyer.id, details: { email: buyer.email } });
    const [entry] = auditHistory(db(), "user", buyer.id);
    expect(entry).toMatchObject({ who: "System", label: "Account approved", changes: [], note: null });

    const page = await readJson(await callRoute(usersPage.loader, buildRequest(`/admin/users?edit=${buyer.id}`, { cookie: adminCookie })));
    expect(page.history).toMatchObject([{ label: "Account approved" }]);
  });
});
