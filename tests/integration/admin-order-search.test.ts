/**
 * The order list's search goes through indexes (the trigram index orders_search for the order's own text, the
 * accounts for their email and name: migration 0031). It must find exactly what reading every order found
 * (LIKE '%term%' on the order number, shipping email and name, PO reference, the account's email and name, ASCII
 * case ignored; a bare number as the id), and stay current however an order or its account is written.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, orders, users } from "~db/schema";
import { listAdminOrders } from "~/domain/orders/order-list.server";
import type { OrderListQuery } from "~/domain/orders/order-list.schema";
import { getDb, writeTransaction } from "~/utils/db.server";
import { integrityProblems } from "../support/invariants";
import { createProduct, createUser, writeOrder } from "./factories";

const db = () => getDb();

/** What the search matched before the index: every order read, each searched column LIKE '%term%'. */
function readEveryOrder(term: string): number[] {
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const bare = term.replace(/^#/, "");
  return db()
    .$client.prepare(
      `select o.id from orders o left join users u on u.id = o.user_id left join companies c on c.id = u.company_id
       where o.order_number like :p escape '\\' or coalesce(u.email, '') like :p escape '\\'
          or coalesce(coalesce(c.name, u.business_name), '') like :p escape '\\' or o.shipping_email like :p escape '\\'
          or o.shipping_name like :p escape '\\' or coalesce(o.po_reference, '') like :p escape '\\' or o.id = :id
       order by o.created_at desc, o.id desc`,
    )
    .pluck()
    .all({ p: pattern, id: /^\d{1,15}$/.test(bare) ? Number(bare) : -1 }) as number[];
}

/** Every page of the list for `query`, as the screen ("capped") or the API ("exact") reads it. */
function listed(query: Partial<OrderListQuery>, counting: "capped" | "exact" = "capped") {
  const first = listAdminOrders(db(), { ...query, page: 1 }, 4, counting);
  const ids = first.items.map((order) => order.id);
  for (let page = 2; page <= first.pageCount; page++) ids.push(...listAdminOrders(db(), { ...query, page }, 4, counting).items.map((order) => order.id));
  return { total: first.total, ids };
}

const TERMS = [
  "acme", // the account's business name, any case
  "ACME-CATERING.CO", // the account's email
  "po-77", // a PO reference
  "ORD-", // every order number
  "canal wharf", // the shipping name of most orders
  "Kitchen Door", // a shipping name changed after the order was written
  "100%", // a wildcard taken literally
  'say "hi"', // a double quote in the search (the index's phrase syntax)
  "zz", // shorter than a trigram: read in the list's order
  "Crème", // a letter outside ASCII
  "nothing like this",
];

beforeAll(async () => {
  const acme = await createUser({ email: "buying@acme-catering.co.uk", businessName: "Acme Catering Ltd" });
  const bramble = await createUser({ email: "orders@bramble-cafe.co.uk", businessName: "Bramble Café" });
  const kettle = createProduct({ name: "Commercial Kettle 10L", salesPrice: 3000 });
  writeTransaction(db(), (tx) => {
    for (let i = 0; i < 9; i++) {
      writeOrder(tx, i % 3 === 0 ? bramble : acme, [{ product: kettle, quantity: 1 + i }], {
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
        poReference: i % 2 ? `PO-77${i}` : null,
        shippingName: ["Goods In, Canal Wharf Depot", "Back gate: 100% signed for", 'Ask for Sam, say "hi"', "Crème Brûlée Kitchen"][i % 4],
      });
    }
  });
  // written after: an edit, a rename of the account and a deleted order must all be seen by the next search
  const [edited, removed] = db().select().from(orders).limit(2).all();
  db().update(orders).set({ shippingName: "Kitchen Door, rear yard" }).where(eq(orders.id, edited!.id)).run();
  db().delete(orders).where(eq(orders.id, removed!.id)).run();
  db().update(companies).set({ name: "Acme Kitchens Ltd" }).where(eq(companies.id, acme.companyId!)).run();
  db().update(users).set({ email: "buying@acme-catering.co.uk.example" }).where(eq(users.id, acme.id)).run();
});

describe("the order list's search", () => {
  it.each(TERMS)("finds what reading every order finds, in the same order, for %s", (term) => {
    const expected = readEveryOrder(term);
    for (const counting of ["capped", "exact"] as const) {
      const found = listed({ q: term }, counting);
      expect(found.ids).toEqual(expected);
      expect(found.total).toBe(expected.length);
    }
  });

  it("finds an order by its id, with or without #", () => {
    const [order] = db().select().from(orders).limit(1).all();
    expect(listed({ q: `#${order!.id}` }).ids).toContain(order!.id);
    expect(listed({ q: String(order!.id) }).ids).toEqual(readEveryOrder(String(order!.id)));
  });

  it("keeps the other filters and every sort with a search", () => {
    for (const sort of ["oldest", "total-desc", "total-asc", "status"] as const) {
      const all = listed({ q: "acme", sort }).ids;
      expect([...all].sort()).toEqual([...readEveryOrder("acme")].sort());
      const byStatus = listed({ q: "acme", sort, status: "processing" }).ids;
      expect(byStatus.length).toBe(all.length);
    }
    expect(listed({ q: "acme", status: "delivered" })).toEqual({ total: 0, ids: [] });
  });

  it("keeps its index in step with the orders through inserts, edits and deletes", () => {
    expect(integrityProblems(db().$client)).toEqual([]);
  });
});
