/**
 * GET /api/account/price-list's use case (docs/decisions/0077): every product with the price this buyer pays for
 * one (the company's customer price, else its tier; list prices before approval), VAT, stock as it stands, the
 * category and the volume steps, in the compact form of price-list.ts. Priced by the pricing engine, as every
 * screen is, so the offline list shows what the pages show.
 */
import crypto from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { products, volumeDiscounts } from "~db/schema";
import { listCategories } from "~/domain/catalog/catalog.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { ok, type Result } from "~/utils/result";
import { chunks } from "~/utils/chunks";
import { PRICE_LIST_COLUMNS, PRICE_LIST_VERSION, priceListRow, type PriceListBody, type VolumeStep } from "./price-list";
import { buyerFor, priceMany } from "./pricing.server";

export type PriceListReply = { body: string; etag: string };

export function buyerPriceList(db: DB, user: SessionUser): Result<PriceListReply> {
  const buyer = buyerFor(db, user);
  const rows = db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      salesPrice: products.salesPrice,
      vatRate: products.vatRate,
      stockLevel: products.stockLevel,
      categoryId: products.categoryId,
    })
    .from(products)
    .orderBy(asc(products.id))
    .all();
  const prices = priceMany(db, buyer, rows.map((row) => ({ productId: row.id, salesPrice: row.salesPrice, quantity: 1 })));
  const categories = listCategories(db);
  const categoryIndex = new Map(categories.map((category, index) => [category.id, index]));

  // the steps a buyer without an agreed price can reach (an agreed price takes no other discount)
  const steps = new Map<number, VolumeStep[]>();
  if (buyer) {
    for (const ids of chunks(rows.map((row) => row.id), 500)) {
      for (const rule of db
        .select({ productId: volumeDiscounts.productId, min: volumeDiscounts.minQuantity, pct: volumeDiscounts.discountPercentage })
        .from(volumeDiscounts)
        .where(inArray(volumeDiscounts.productId, ids))
        .orderBy(asc(volumeDiscounts.productId), asc(volumeDiscounts.minQuantity))
        .all()) {
        const list = steps.get(rule.productId) ?? [];
        list.push([rule.min, rule.pct]);
        steps.set(rule.productId, list);
      }
    }
  }

  const list: PriceListBody = {
    v: PRICE_LIST_VERSION,
    basis: buyer ? "company" : "list",
    cats: categories.map((category) => category.name),
    cols: PRICE_LIST_COLUMNS,
    rows: rows.map((row) => {
      const price = prices.get(row.id)!;
      return priceListRow({
        ...row,
        unitPrice: price.finalPrice,
        categoryIndex: row.categoryId === null ? -1 : (categoryIndex.get(row.categoryId) ?? -1),
        volumeSteps: price.customPrice === null ? (steps.get(row.id) ?? []) : [],
      });
    }),
  };
  const body = JSON.stringify(list);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return ok({ body, etag });
}
