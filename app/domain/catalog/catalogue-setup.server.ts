import { products } from "~db/schema";
import type { DB } from "~/utils/db.server";

/**
 * Whether the shop has no product at all yet (a new install before its first products or CSV import): the
 * storefront then says the catalogue is being set up, rather than showing empty shelves. One index read.
 */
export function isCatalogueEmpty(db: DB): boolean {
  return db.select({ id: products.id }).from(products).limit(1).get() === undefined;
}
