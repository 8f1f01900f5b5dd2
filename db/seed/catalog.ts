/** The demo catalogue, and the demo buyer's agreed prices. */
import { eq } from "drizzle-orm";
import { slugify } from "~/utils/slug";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import * as s from "~db/schema";
import { DAY } from "./calendar";
import { CATALOGUE, type SupplierKey } from "./catalog-data";
import { customerIdOf, productNamed, type Demo, type SeededProduct } from "./context";
import type { Random } from "./random";
import type { RowWriters } from "./rows";

export function writeCatalogue(rows: RowWriters, now: number, random: Random, supplierIds: Map<SupplierKey, string>) {
  const products: SeededProduct[] = [];
  for (const category of CATALOGUE) {
    const categoryId = rows.category({
      name: category.name,
      slug: slugify(category.name),
      description: category.description,
      createdAt: now - 400 * DAY,
    });
    for (const p of category.products) {
      const supplier = p.supplier === undefined ? category.supplier : p.supplier;
      const created = now - random.int(250, 400) * DAY;
      const slug = slugify(p.name);
      const threshold = p.threshold ?? 10;
      const variants = p.variants ?? [];
      const rules = (p.volume ?? []).map(([minQuantity, discountPercentage]) => ({ minQuantity, discountPercentage }));
      const id = rows.product(
        {
          name: p.name,
          slug,
          sku: p.sku,
          description: p.description,
          costPrice: p.cost,
          salesPrice: p.price,
          vatRate: p.vat,
          categoryId,
          stockLevel: p.stock,
          lowStockThreshold: threshold,
          supplierId: supplier ? supplierIds.get(supplier)! : null,
          createdAt: created,
        },
        variants,
        rules,
        now - 300 * DAY,
      );
      products.push({ id, slug, sku: p.sku, name: p.name, category: category.key, supplier, cost: p.cost, price: p.price, vat: p.vat, stock: p.stock, threshold, variants, rules });
    }
  }
  return products;
}

/** Agreed prices for the demo buyer, by product id. */
export function writeCustomerPrices(demo: Demo) {
  const prices = new Map<number, number>();
  for (const [name, price] of [
    ["Catering Tea Bags (1,100)", 1650],
    ["Ripple Wall Coffee Cups (500)", 3050],
    ["Washing-Up Liquid 5L", 420],
    ["Rapeseed Oil 20L Drum", 2950],
  ] as const) {
    const p = productNamed(demo, name);
    prices.set(p.id, price);
    demo.db
      .insert(s.customerPricing)
      .values({ companyId: companyIdOfUser(customerIdOf(demo, "buyer")), productId: p.id, customPrice: price, createdAt: new Date(demo.now - 200 * DAY) })
      .run();
  }
  return prices;
}

/**
 * A demo product sold by the case (decision 0074): energy drinks in 24-can cases, at least two cases and
 * in twos, so the storefront shows a pack rule and its per-can price. It is a product no browser test orders.
 */
export function writePackRules(demo: Demo) {
  const energy = productNamed(demo, "Energy Drink 250ml Cans (24 pack)");
  demo.db
    .update(s.products)
    .set({ minOrderQuantity: 2, orderMultiple: 2, packLabel: "case of 24 cans", unitsPerPack: 24 })
    .where(eq(s.products.id, energy.id))
    .run();
}
