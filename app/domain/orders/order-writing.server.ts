/**
 * The pieces every way of selling shares, so an order reads the same whichever door it came through
 * (the storefront's checkout in orders.server.ts, the back office's point of sale in pos/): the products as
 * they are now, the stock taken with a conditional update that can never go below zero, the order's lines
 * written with their product codes, and the refusal that rolls the whole transaction back.
 */
import type { PackRuleFields } from "~/domain/catalog/pack-rules";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import { takeStock } from "~/domain/catalog/stock-movements.server";
import { eq, inArray } from "drizzle-orm";
import { orderItems, products } from "~db/schema";
import type { SelectedVariants } from "~/domain/cart/cart.schema";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";

/** A failure inside a write transaction: thrown so that everything written so far is rolled back. */
export class OrderRefused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export const refuse = (...args: Parameters<typeof fail>) => new OrderRefused(fail(...args));

/** Runs work that writes an order and may throw OrderRefused (its transaction rolled back): the refusal as a Result. */
export function catchRefusal<T>(work: () => T): Result<T> {
  try {
    return ok(work());
  } catch (error) {
    if (error instanceof OrderRefused) return error.failure;
    throw error;
  }
}

/** "Not enough stock for Paper Towels: only 3 left": the 409 that names the product and what is left. */
export function notEnoughStockMessage(productName: string, left: number) {
  return `Not enough stock for ${productName}: only ${Math.max(0, left)} left`;
}

export type OrderProduct = {
  id: number;
  name: string;
  sku: string | null;
  salesPrice: number;
  vatRate: number;
  stockLevel: number;
} & PackRuleFields;

/** The products of an order as they are now (inside the transaction), by id; unknown ids are absent. */
export function loadOrderProducts(tx: DB, ids: number[]): Map<number, OrderProduct> {
  const found = new Map<number, OrderProduct>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of tx
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        salesPrice: products.salesPrice,
        vatRate: products.vatRate,
        stockLevel: products.stockLevel,
        ...productPackColumns,
      })
      .from(products)
      .where(inArray(products.id, unique.slice(i, i + 500)))
      .all()) {
      found.set(row.id, row);
    }
  }
  return found;
}

/**
 * Takes `units` (units per product id) out of stock for the order `orderId`, each with its movement. The
 * condition makes the check and the decrement one statement, so stock can never go below zero, whoever
 * else is selling. Products are taken in id order. When any product is short, throws a 409 naming each
 * short product and what is left (`names` gives the names), and the caller's transaction rolls back
 * everything, the order and what was taken included.
 */
export function takeStockForOrder(
  tx: DB,
  orderId: number,
  units: ReadonlyMap<number, number>,
  names: ReadonlyMap<number, string>,
  now: Date,
) {
  const shortages: string[] = [];
  for (const [productId, quantity] of [...units].sort(([a], [b]) => a - b)) {
    if (takeStock(tx, productId, quantity, { reason: "sale", orderId, at: now }) === null) {
      const left = tx.select({ stockLevel: products.stockLevel }).from(products).where(eq(products.id, productId)).get();
      shortages.push(notEnoughStockMessage(names.get(productId) ?? `product ${productId}`, left?.stockLevel ?? 0));
    }
  }
  if (shortages.length > 0) throw refuse(409, shortages.join("; "));
}

export type OrderLineRow = {
  product: Pick<OrderProduct, "id" | "name" | "sku" | "vatRate">;
  selectedVariants: SelectedVariants;
  quantity: number;
  /** unit price ex VAT, pence, as priced on the server */
  unitPrice: number;
  /** the line's net total and its VAT, as lineTotals (or a voucher's share) worked them out */
  net: number;
  vat: number;
};

/** Writes an order's lines, each with the product's name and code as they are when it is sold. */
export function insertOrderItems(tx: DB, orderId: number, lines: readonly OrderLineRow[]) {
  if (lines.length === 0) return;
  tx.insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId,
        productId: line.product.id,
        productName: line.product.name,
        sku: line.product.sku,
        selectedVariants: line.selectedVariants,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate: line.product.vatRate,
        total: line.net,
        vatAmount: line.vat,
      })),
    )
    .run();
}
