/**
 * Demo and benchmark data.
 *
 * `seedDemo` writes a small, realistic trade wholesaler (see ./demo.ts): the demo accounts of the
 * contract, a priced catalogue, and six months of orders, invoices, payments, loyalty points and
 * purchasing, all dated relative to today. It is deterministic (a seeded PRNG, not Math.random) apart
 * from the dates and password salts.
 *
 * `seedScale` adds a large data set for benchmarks (see ./scale.ts), written in bulk (./bulk.ts) with the
 * same pricing rule, the same numbering and the same ledger posting as the demo data's row writers
 * (./rows.ts, ./sales.ts).
 */
import { randomBytes } from "node:crypto";
import { writeTransaction, type DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { isRealInstall, recordDemoPasswords } from "~/domain/users/install.server";
import { writeDemo } from "./demo";
import { attachDemoPictures, drawDemoPictures } from "./images";
import { ADMIN, COLLEAGUES, CUSTOMERS, STAFF, SUPPLIERS } from "./people-data";

export { createRandom } from "./random";
export { seedScale, type ScaleResult } from "./scale";

/**
 * Seeds the demo data into a database with no users. Returns whether it seeded. A real install (made by
 * `npm run setup`) never gets demo accounts, even if its users were all deleted.
 */
export async function seedIfEmpty(db: DB): Promise<boolean> {
  if (isRealInstall(db)) return false;
  const row = db.$client.prepare("select count(*) as n from users").get() as { n: number };
  if (row.n > 0) return false;
  await seedDemo(db);
  return true;
}

/** The accounts whose passwords the README publishes. */
export const DEMO_ACCOUNT_EMAILS = [ADMIN, ...STAFF, ...CUSTOMERS, ...COLLEAGUES, ...SUPPLIERS]
  .filter((p) => p.password)
  .map((p) => p.email);

/** Writes the demo data set. Does nothing when the demo admin already exists. */
export async function seedDemo(db: DB): Promise<void> {
  if (adminExists(db)) return;

  // Password hashing is slow on purpose, and drawing pictures takes a moment: both before the write lock.
  const [adminHash, staffHash, buyerHashes, supplierHash, sharedHash, pictures] = await Promise.all([
    hashPassword(ADMIN.password),
    hashPassword("staff-demo"),
    // the customers' first, then their colleagues' (accounts.ts takes them in that order)
    Promise.all([...CUSTOMERS, ...COLLEAGUES].filter((c) => c.password).map(() => hashPassword("buyer-demo"))),
    hashPassword("supplier-demo"),
    hashPassword(randomBytes(18).toString("base64url")),
    drawDemoPictures(),
  ]);

  writeTransaction(db, (tx) => {
    if (adminExists(tx) || isRealInstall(tx)) return;
    writeDemo(tx, { adminHash, staffHash, buyerHashes, supplierHash, sharedHash }, Date.now());
    attachDemoPictures(tx, pictures);
    recordDemoPasswords(tx, DEMO_ACCOUNT_EMAILS);
  });
}

function adminExists(db: DB) {
  return Boolean(db.$client.prepare("select 1 from users where email = ?").get(ADMIN.email));
}

/** Row counts of the main tables, for the CLI's report. */
export function countRows(db: DB) {
  const tables = [
    "users",
    "companies",
    "categories",
    "products",
    "product_variants",
    "volume_discounts",
    "customer_pricing",
    "orders",
    "order_items",
    "sales_invoices",
    "payments",
    "loyalty_transactions",
    "purchase_invoices",
    "purchase_orders",
    "vat_returns",
    "returns",
    "stock_movements",
    "quotes",
    "journals",
    "journal_lines",
  ] as const;
  return Object.fromEntries(
    tables.map((t) => [t, (db.$client.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]),
  ) as Record<(typeof tables)[number], number>;
}
