/**
 * The pricing engine: who is buying decides which rule applies. Every screen, the cart, checkout and the
 * API price through here, so a customer sees one price everywhere.
 */
import { and, eq, inArray } from "drizzle-orm";
import { customerPricing, priceTiers, products, volumeDiscounts } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { unitPriceFor, type UnitPrice, type VolumeRule } from "./pricing";

/**
 * Whose prices: the company's (its tier and customer prices), so every buyer of one company sees one price;
 * list prices (null) for guests, admins, suppliers and customers awaiting approval.
 */
export type Buyer = { companyId: number; tierDiscount: number } | null;

/** Only approved customers get their company's prices; everyone else sees the list price. */
export function buyerFor(db: DB, user: SessionUser | null): Buyer {
  if (!user || user.role !== "customer" || !user.isApproved || user.companyId === null) return null;
  let tierDiscount = 0;
  if (user.priceTierId !== null) {
    const tier = db
      .select({ discount: priceTiers.discountPercentage })
      .from(priceTiers)
      .where(eq(priceTiers.id, user.priceTierId))
      .get();
    tierDiscount = tier?.discount ?? 0;
  }
  return { companyId: user.companyId, tierDiscount };
}

export type PriceRequest = { productId: number; salesPrice: number; quantity: number };

/**
 * Prices many products at once with two queries (custom prices, volume rules), for grids and carts.
 * `quantity` is the quantity of that product in the cart, all variants together.
 */
export function priceMany(db: DB, buyer: Buyer, requests: readonly PriceRequest[]): Map<number, UnitPrice> {
  const result = new Map<number, UnitPrice>();
  if (requests.length === 0) return result;
  const ids = [...new Set(requests.map((r) => r.productId))];
  const custom = new Map<number, number>();
  const rules = new Map<number, VolumeRule[]>();
  if (buyer) {
    for (const chunk of chunks(ids, 500)) {
      for (const row of db
        .select({ productId: customerPricing.productId, price: customerPricing.customPrice })
        .from(customerPricing)
        .where(and(eq(customerPricing.companyId, buyer.companyId), inArray(customerPricing.productId, chunk)))
        .all()) {
        custom.set(row.productId, row.price);
      }
      for (const row of db
        .select({
          productId: volumeDiscounts.productId,
          minQuantity: volumeDiscounts.minQuantity,
          discountPercentage: volumeDiscounts.discountPercentage,
        })
        .from(volumeDiscounts)
        .where(inArray(volumeDiscounts.productId, chunk))
        .all()) {
        const list = rules.get(row.productId) ?? [];
        list.push(row);
        rules.set(row.productId, list);
      }
    }
  }
  for (const request of requests) {
    result.set(
      request.productId,
      buyer
        ? unitPriceFor({
            salesPrice: request.salesPrice,
            customPrice: custom.get(request.productId) ?? null,
            tierDiscount: buyer.tierDiscount,
            volumeRules: rules.get(request.productId),
            quantity: request.quantity,
          })
        : { finalPrice: request.salesPrice, customPrice: null, tierDiscount: 0, volumeDiscount: 0 },
    );
  }
  return result;
}

/** One product's price for a quantity, or null when the product does not exist. */
export function priceOne(db: DB, buyer: Buyer, productId: number, quantity: number): UnitPrice | null {
  const product = db
    .select({ salesPrice: products.salesPrice })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!product) return null;
  return priceMany(db, buyer, [{ productId, salesPrice: product.salesPrice, quantity }]).get(productId) ?? null;
}

/** The volume steps a buyer can still reach on a product, for the product page's breakdown. */
export function volumeStepsFor(db: DB, productId: number): VolumeRule[] {
  return db
    .select({ minQuantity: volumeDiscounts.minQuantity, discountPercentage: volumeDiscounts.discountPercentage })
    .from(volumeDiscounts)
    .where(eq(volumeDiscounts.productId, productId))
    .orderBy(volumeDiscounts.minQuantity)
    .all();
}

/** The pricing call's JSON: money and percentages as 2-decimal strings. */
export function unitPriceJson(price: UnitPrice) {
  return {
    finalPrice: toDecimalString(price.finalPrice),
    customPrice: price.customPrice === null ? null : toDecimalString(price.customPrice),
    tierDiscount: toDecimalString(price.tierDiscount),
    volumeDiscount: toDecimalString(price.volumeDiscount),
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
