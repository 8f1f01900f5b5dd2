import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, sessions } from "~db/schema";
import { databasePath, getDb, openDatabase } from "~/utils/db.server";
import { getCustomerInsights } from "~/domain/reports/customer-insights.server";
import { changeStamp, keptWhileUnchanged } from "~/utils/table-changes.server";
import { createPastOrder, createProduct, createUser } from "./factories";

const DAY = 24 * 60 * 60 * 1000;

describe("figures kept while their tables do not change", () => {
  it("counts every row written to a watched table, and nothing else", async () => {
    const db = getDb();
    const before = changeStamp(db, ["orders", "users"]);
    expect(before).toMatch(/^orders:\d+ users:\d+$/);
    const buyer = await createUser({ email: "stamp@example.com" });
    const afterUser = changeStamp(db, ["orders", "users"]);
    expect(afterUser).not.toBe(before);

    // a session is not watched: its rows leave the stamp as it was
    db.insert(sessions).values({ sid: "s-1", sess: "{}", expire: Date.now() + DAY }).run();
    expect(changeStamp(db, ["orders", "users"])).toBe(afterUser);

    const crate = createProduct({ name: "Stamp Crate", salesPrice: 1_000 });
    const order = createPastOrder(buyer, [{ product: crate, quantity: 1 }], { createdAt: new Date(Date.now() - DAY) });
    const afterOrder = changeStamp(db, ["orders", "users"]);
    expect(afterOrder).not.toBe(afterUser);
    db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id)).run();
    expect(changeStamp(db, ["orders", "users"])).not.toBe(afterOrder);
  });

  it("works a figure out again after a write by another connection (another server process)", async () => {
    const db = getDb();
    let worked = 0;
    const orderCount = () =>
      keptWhileUnchanged(db, { name: "order-count", key: "", tables: ["orders"] }, () => {
        worked += 1;
        return { value: db.select({ n: count() }).from(orders).get()!.n };
      });
    const first = orderCount();
    expect(orderCount()).toBe(first);
    expect(worked).toBe(1);

    const other = openDatabase(databasePath());
    try {
      other
        .insert(orders)
        .values({
          orderNumber: "ORD-STAMP-2",
          userId: null,
          status: "pending",
          subtotal: 100,
          vatAmount: 20,
          total: 120,
          shippingName: "Goods In",
          shippingEmail: "goods-in@example.com",
          shippingAddress: "1 Canal Wharf",
          shippingCity: "Leeds",
          shippingPostcode: "LS11 5PS",
        })
        .run();
    } finally {
      other.$client.close();
    }
    expect(orderCount()).toBe(first + 1);
    expect(worked).toBe(2);
  });

  it("keeps a figure that moves with the clock only between the instants it holds for", () => {
    const db = getDb();
    let worked = 0;
    const at = (now: number) =>
      keptWhileUnchanged(db, { name: "clocked", key: "", tables: ["orders"], now }, () => {
        worked += 1;
        return { value: worked, validFrom: 1_000, validUntil: 2_000 };
      });
    expect(at(1_000)).toBe(1);
    expect(at(2_000)).toBe(1);
    expect(at(2_001)).toBe(2);
    expect(at(999)).toBe(3);
  });

  it("keeps nothing on a connection whose counting triggers are gone", () => {
    const db = getDb();
    db.$client.exec("drop trigger temp.orders_update_counted");
    let worked = 0;
    const work = () => keptWhileUnchanged(db, { name: "uncounted", key: "", tables: ["orders"] }, () => ({ value: ++worked }));
    expect(work()).toBe(1);
    // the first read put the triggers back; from then on the figure is kept again
    expect(work()).toBe(2);
    expect(work()).toBe(2);
  });

  it("customer insights follow an order cancelled after they were read", async () => {
    const db = getDb();
    const buyer = await createUser({ email: "insights-kept@example.com" });
    const crate = createProduct({ name: "Insights Crate", salesPrice: 1_000, vatRate: 0 });
    const order = createPastOrder(buyer, [{ product: crate, quantity: 3 }], { createdAt: new Date(Date.now() - DAY) });
    const spentBy = () => getCustomerInsights(db, { now: new Date() }).topCustomers.find((c) => c.userId === buyer.id)?.totalSpent;
    expect(spentBy()).toBe(3_000);
    expect(spentBy()).toBe(3_000);
    db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id)).run();
    expect(spentBy()).toBeUndefined();
  });
});
