import { expect, it } from "vitest";
import { products, cartItems } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { submitQuickEntry } from "~/domain/quick-order.server";
import { createUser } from "./factories";
import { eq } from "drizzle-orm";

it("perf", async () => {
  const db = getDb();
  const user = await createUser({ email: "p@example.com" });
  db.insert(products).values(Array.from({ length: 500 }, (_, i) => ({ name: `Bulk Item ${i + 1}`, slug: `bulk-item-${i + 1}`, salesPrice: 100 + i, stockLevel: 1000 }))).run();
  const text = Array.from({ length: 500 }, (_, i) => `bulk-item-${i + 1}, ${i % 7 + 1}`).join("\n");
  const t = performance.now(); const { writeTransaction } = await import("~/utils/db.server"); const { readUserLines } = {} as any;
  const out = submitQuickEntry(db, user.id, { userId: user.id, tierDiscount: 1000 }, text);
  console.log("ms", performance.now() - t, out.added, out.errors.slice(0, 3));
  expect(db.select().from(cartItems).where(eq(cartItems.userId, user.id)).all()).toHaveLength(500);
});
it("read cost", async () => {
  const db = getDb();
  const u = db.select().from(cartItems).all()[0].userId;
  let t = performance.now();
  for (let i = 0; i < 500; i++) db.select().from(cartItems).where(eq(cartItems.userId, u)).all();
  console.log("500 reads of 500 lines", performance.now() - t);
  t = performance.now();
  for (let i = 0; i < 500; i++) db.select().from(products).where(eq(products.id, i + 1)).all();
  console.log("500 product reads", performance.now() - t);
});
