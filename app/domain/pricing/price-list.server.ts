/**
 * GET /api/account/price-list's use case (docs/decisions/0077): every product with the price this buyer pays for
 * one (the company's customer price, else its tier; list prices before approval), VAT, stock as it stands, the
 * category and the volume steps, in the compact form of price-list.ts. Priced by the pricing engine, as every
 * screen is, so the offline list shows what the pages show.
 */
import crypto from "node:crypto";
import { asc, gt, inArray } from "drizzle-orm";
import { products, volumeDiscounts } from "~db/schema";
import { listCategories } from "~/domain/catalog/catalog.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { ok, type Result } from "~/utils/result";
import { chunks } from "~/utils/chunks";
import { checkoutDefaults } from "~/domain/orders/checkout.server";
import { PRICE_LIST_COLUMNS, PRICE_LIST_VERSION, priceListRow, type PriceListBody, type PriceStep, type VolumeStep } from "./price-list";
import { unitPriceFor } from "./pricing";
import { buyerFor, priceMany } from "./pricing.server";

export type PriceListReply = { pieces: string[]; etag: string };

/** Products priced and written a batch at a time: the whole list's objects at once outgrew the server's heap cap (0083). */
const PRICE_LIST_BATCH = 2_000;

export function buyerPriceList(db: DB, user: SessionUser): Result<PriceListReply> {
  const buyer = buyerFor(db, user);
  const categories = listCategories(db);
  const categoryIndex = new Map(categories.map((category, index) => [category.id, index]));
  // the body as pieces, hashed as they are written: the same bytes and ETag as the whole list stringified at once
  const pieces: string[] = [];
  const hash = crypto.createHash("sha256");
  const write = (piece: string) => {
    pieces.push(piece);
    hash.update(piece);
  };
  const head: Omit<PriceListBody, "rows"> = {
    v: PRICE_LIST_VERSION,
    basis: buyer ? "company" : "list",
    cats: categories.map((category) => category.name),
    cols: PRICE_LIST_COLUMNS,
  };
  write(`${JSON.stringify(head).slice(0, -1)},"rows":[`);
  let lastId = 0;
  for (;;) {
    const rows = priceListBatch(db, buyer, lastId, categoryIndex);
    if (rows.length === 0) break;
    write(`${lastId === 0 ? "" : ","}${JSON.stringify(rows.map((row) => row.row)).slice(1, -1)}`);
    lastId = rows[rows.length - 1]!.id;
  }
  // what checkout would start with, so that an order made offline can be sent (0078); only for a buyer who orders
  write(buyer && user.role === "customer" ? `],"ship":${JSON.stringify(checkoutDefaults(db, user))}}` : "]}");
  const etag = `"${hash.digest("base64url").slice(0, 27)}"`;
  return ok({ pieces, etag });
}

/** The next batch of products after `afterId`, each with its row of the list. */
function priceListBatch(db: DB, buyer: ReturnType<typeof buyerFor>, afterId: number, categoryIndex: Map<number, number>) {
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
      minOrderQuantity: products.minOrderQuantity,
      orderMultiple: products.orderMultiple,
      packLabel: products.packLabel,
      unitsPerPack: products.unitsPerPack,
    })
    .from(products)
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(PRICE_LIST_BATCH)
    .all();
  if (rows.length === 0) return [];
  const prices = priceMany(db, buyer, rows.map((row) => ({ productId: row.id, salesPrice: row.salesPrice, quantity: 1 })));

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

  // the unit price at each step's quantity, as the engine prices it (tier and step compound, rounded once)
  const priceSteps = new Map<number, PriceStep[]>();
  if (buyer) {
    const requests = rows.flatMap((row) =>
      (prices.get(row.id)!.customPrice === null ? (steps.get(row.id) ?? []) : []).map(([minimum]) => ({ row, minimum })),
    );
    for (const { row, minimum } of requests) {
      const price = unitPriceFor({ salesPrice: row.salesPrice, customPrice: null, tierDiscount: buyer.tierDiscount, volumeRules: (steps.get(row.id) ?? []).map(([minQuantity, discountPercentage]) => ({ minQuantity, discountPercentage })), quantity: minimum });
      const list = priceSteps.get(row.id) ?? [];
      list.push([minimum, price.finalPrice]);
      priceSteps.set(row.id, list);
    }
  }

  return rows.map((row) => {
    const price = prices.get(row.id)!;
    return {
      id: row.id,
      row: priceListRow({
        ...row,
        unitPrice: price.finalPrice,
        categoryIndex: row.categoryId === null ? -1 : (categoryIndex.get(row.categoryId) ?? -1),
        volumeSteps: price.customPrice === null ? (steps.get(row.id) ?? []) : [],
        priceSteps: priceSteps.get(row.id) ?? [],
      }),
    };
  });
}
