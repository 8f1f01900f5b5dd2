/** Rows that integration tests need, written straight into the test file's database. */
import crypto from "node:crypto";
import { categories, products, users } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";

export const TEST_PASSWORD = "correct-horse";

let cachedHash: Promise<string> | undefined;
/** Hashing at full cost once per file keeps the suite quick; every factory user shares TEST_PASSWORD. */
function testPasswordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

export async function createUser(
  overrides: Partial<typeof users.$inferInsert> & { email: string },
): Promise<typeof users.$inferSelect> {
  return getDb()
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      passwordHash: await testPasswordHash(),
      role: "customer",
      firstName: "Test",
      lastName: "User",
      approvedAt: new Date(),
      ...overrides,
    })
    .returning()
    .get();
}

export function createCategory(name: string, description: string | null = null) {
  const slug = slugify(name);
  return getDb().insert(categories).values({ name, slug, description }).returning().get();
}

/** A product with its slug made from the name; 20% VAT and 100 in stock unless `values` says otherwise. */
export function createProduct(values: Partial<typeof products.$inferInsert> & { name: string; salesPrice: number }) {
  const slug = slugify(values.name);
  return getDb().insert(products).values({ slug, vatRate: 2000, stockLevel: 100, ...values }).returning().get();
}
