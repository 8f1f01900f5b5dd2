/**
 * "Frequently Bought Together": the products that share the most orders with a product. Orders that were
 * cancelled do not count.
 */
import { eq, sql } from "drizzle-orm";
import { products } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";

const RECOMMENDATIONS_LIMIT = 4;

/** A product bought with another, and in how many orders the two were bought together. */
export type Recommendation = { productId: number; frequency: number };

/**
 * The top products bought in the same orders as `productId`, by the number of such orders, then by
 * product id: one self-join of order_items. A product ordered twice in one order (two variants) counts
 * that order once. 404 for an unknown product.
 */
export function recommendationsFor(
  db: DB,
  productId: number,
  limit = RECOMMENDATIONS_LIMIT,
): Result<Recommendation[]> {
  const exists = db.select({ id: products.id }).from(products).where(eq(products.id, productId)).get();
  if (!exists) return fail(404, "Product not found");
  const rows = db.all<{ productId: number; frequency: number }>(sql`
    select other.product_id as productId, count(distinct other.order_id) as frequency
    from order_items as this
    join orders on orders.id = this.order_id and orders.status <> 'cancelled'
    join order_items as other on other.order_id = this.order_id
      and other.product_id is not null and other.product_id <> this.product_id
    where this.product_id = ${productId}
    group by other.product_id
    order by frequency desc, other.product_id asc
    limit ${limit}
  `);
  return ok(rows.map((row) => ({ productId: Number(row.productId), frequency: Number(row.frequency) })));
}
