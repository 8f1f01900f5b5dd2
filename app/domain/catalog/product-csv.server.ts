/**
 * Product CSV import and export over the database. The file is read by product-csv.ts; here each product
 * is upserted by its slug (Shopify's Handle), all in ONE transaction, each product inside its own savepoint
 * so a product that cannot be saved is reported against its row and the others still go in.
 */
import { recordOpeningStock, setStockLevel } from "./stock-movements.server";
import { writeCsv } from "~/utils/csv.server";
import { asc, eq, gt } from "drizzle-orm";
import { categories, products, productVariants } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { loadVariants } from "~/domain/catalog/catalog.server";
import type { DB } from "~/utils/db.server";
import { readMultipartWithin } from "~/utils/http.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  CATEGORY_NAME_MAX,
  CSV_FILE_TOO_LARGE,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_VAT_RATE,
  PRODUCT_CSV_MAX_BYTES,
  skuTakenMessage,
} from "./product.schema";
import { findCategoryByName, uniqueCategorySlug } from "./product-categories.server";
import type { Actor } from "./products.server";
import {
  EXPORT_COLUMNS,
  exportFileName,
  parseProductCsv,
  shopifyRowsFor,
  type CsvFormat,
  type ExportProduct,
  type ImportItem,
  type ImportVariant,
  type RowError,
} from "./product-csv";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";

export type ImportOutcome = { created: number; updated: number; errors: RowError[] };

const LABELS: Record<CsvFormat, { name: string; price: string }> = {
  simple: { name: "name", price: "salesPrice" },
  shopify: { name: "Title", price: "Variant Price" },
};

/** The most slugs an import's audit record lists by name (the counts are always complete). */
const AUDIT_SLUGS_MAX = 50;

/**
 * Imports a product CSV (simple rows or Shopify's layout). A file that is not a product CSV at all is a
 * 400 on `file` and writes nothing; otherwise the good products are created or updated and the bad rows
 * come back as {row, message}.
 */
export function importProductCsv(
  db: DB,
  actor: Actor,
  text: string,
  options: { idempotencyKey?: string | null; fileName?: string | null } = {},
): Result<ImportOutcome> {
  const parsed = parseProductCsv(text);
  if (!parsed.ok) return fail(400, parsed.message, "file");
  const { format, items, errors: parseErrors } = parsed.value;

  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.productImport, key: options.idempotencyKey ?? null, command: text },
    (tx): Result<ImportOutcome> => {
      const errors = [...parseErrors];
      const created: string[] = [];
      const updated: string[] = [];
      for (const item of items) {
        let outcome: "created" | "updated" | RowError;
        try {
          // a savepoint: whatever this product wrote is undone if it fails half-way
          outcome = tx.$client.transaction(() => upsertItem(tx, actor, item, format))();
        } catch (error) {
          console.error(`Importing product "${item.slug}" failed`, error);
          outcome = { row: item.row, message: "This product could not be saved" };
        }
        if (outcome === "created") created.push(item.slug);
        else if (outcome === "updated") updated.push(item.slug);
        else errors.push(outcome);
      }
      errors.sort((a, b) => a.row - b.row);
      recordAudit(tx, {
        actorId: actor.id,
        action: "products.imported",
        entityType: "product",
        entityId: null,
        details: {
          format,
          fileName: options.fileName ?? null,
          created: created.length,
          updated: updated.length,
          errors: errors.length,
          createdSlugs: created.slice(0, AUDIT_SLUGS_MAX),
          updatedSlugs: updated.slice(0, AUDIT_SLUGS_MAX),
        },
      });
      return ok({ created: created.length, updated: updated.length, errors });
    },
    (result) => result.ok,
  ).result;
}

/** The category a file names, created when there is none by that name (ignoring case). */
function categoryIdFor(tx: DB, actor: Actor, name: string | null): number | null {
  if (!name) return null;
  const found = findCategoryByName(tx, name);
  if (found) return found.id;
  const created = tx
    .insert(categories)
    .values({ name: name.slice(0, CATEGORY_NAME_MAX), slug: uniqueCategorySlug(tx, name) })
    .returning({ id: categories.id, slug: categories.slug })
    .get();
  recordAudit(tx, {
    actorId: actor.id,
    action: "category.created",
    entityType: "category",
    entityId: created.id,
    details: { name, slug: created.slug, source: "product import" },
  });
  return created.id;
}

function sameVariants(a: readonly ImportVariant[], b: readonly ImportVariant[]) {
  return JSON.stringify(a.map((v) => [v.name, v.options])) === JSON.stringify(b.map((v) => [v.name, v.options]));
}

function writeVariants(tx: DB, productId: number, variants: readonly ImportVariant[]) {
  tx.delete(productVariants).where(eq(productVariants.productId, productId)).run();
  variants.forEach((variant, position) => {
    tx.insert(productVariants).values({ productId, name: variant.name, options: [...variant.options], position }).run();
  });
}

function upsertItem(tx: DB, actor: Actor, item: ImportItem, format: CsvFormat): "created" | "updated" | RowError {
  const { fields } = item;
  const existing = tx.select().from(products).where(eq(products.slug, item.slug)).get();
  if (fields.sku) {
    const holder = tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.sku, fields.sku)).get();
    if (holder && holder.id !== existing?.id) return { row: item.row, message: skuTakenMessage(fields.sku, holder.name) };
  }

  if (!existing) {
    const labels = LABELS[format];
    if (!fields.name) return { row: item.row, message: `${labels.name} is required for a new product` };
    if (fields.salesPrice === undefined) return { row: item.row, message: `${labels.price} is required for a new product` };
    const categoryId = fields.categoryName !== undefined ? categoryIdFor(tx, actor, fields.categoryName) : null;
    const { id } = tx
      .insert(products)
      .values({
        name: fields.name,
        slug: item.slug,
        sku: fields.sku ?? null,
        description: fields.description ?? null,
        categoryId,
        costPrice: fields.costPrice ?? 0,
        salesPrice: fields.salesPrice,
        vatRate: fields.vatRate ?? (fields.taxable === false ? 0 : DEFAULT_VAT_RATE),
        stockLevel: fields.stockLevel ?? 0,
        lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
        imageUrl: fields.imageUrl ?? null,
      })
      .returning({ id: products.id })
      .get();
    if (item.variants && item.variants.length > 0) writeVariants(tx, id, item.variants);
    recordOpeningStock(tx, id, fields.stockLevel ?? 0, { userId: actor.id, note: "CSV import" });
    recordAudit(tx, {
      actorId: actor.id,
      action: "product.created",
      entityType: "product",
      entityId: id,
      details: { slug: item.slug, source: "product import" },
    });
    return "created";
  }

  const next: Partial<typeof products.$inferInsert> = {};
  if (fields.name !== undefined) next.name = fields.name;
  if (fields.sku !== undefined) next.sku = fields.sku;
  if (fields.description !== undefined) next.description = fields.description;
  if (fields.categoryName !== undefined) {
    const sameCategory =
      fields.categoryName === null
        ? existing.categoryId === null
        : existing.categoryId !== null && findCategoryByName(tx, fields.categoryName)?.id === existing.categoryId;
    if (!sameCategory) next.categoryId = categoryIdFor(tx, actor, fields.categoryName);
  }
  if (fields.stockLevel !== undefined) next.stockLevel = fields.stockLevel;
  if (fields.salesPrice !== undefined) next.salesPrice = fields.salesPrice;
  if (fields.costPrice !== undefined) next.costPrice = fields.costPrice;
  if (fields.imageUrl !== undefined) next.imageUrl = fields.imageUrl;
  if (fields.vatRate !== undefined) next.vatRate = fields.vatRate;

  const changed = Object.keys(next).filter(
    (key) => next[key as keyof typeof next] !== existing[key as keyof typeof existing],
  );
  let variantsChanged = false;
  if (item.variants) {
    const current = loadVariants(tx, [existing.id]).get(existing.id) ?? [];
    if (!sameVariants(current, item.variants)) {
      writeVariants(tx, existing.id, item.variants);
      variantsChanged = true;
    }
  }
  if (changed.length > 0 || variantsChanged) {
    const { stockLevel, ...rest } = next;
    if (stockLevel !== undefined) setStockLevel(tx, existing.id, stockLevel, { reason: "import", userId: actor.id });
    tx.update(products)
      .set({ ...rest, updatedAt: new Date() })
      .where(eq(products.id, existing.id))
      .run();
    recordAudit(tx, {
      actorId: actor.id,
      action: "product.updated",
      entityType: "product",
      entityId: existing.id,
      details: { fields: changed, variants: variantsChanged, source: "product import" },
    });
  }
  return "updated";
}

// ─── Export ─────────────────────────────────────────────────────────────────

const EXPORT_BATCH = 1000;

/** Every product in Shopify's layout, oldest first; null when there are none. */
export function exportProductsCsv(db: DB, now: Date = new Date()): { fileName: string; csv: string; count: number } | null {
  const rows: string[][] = [[...EXPORT_COLUMNS]];
  let lastId = 0;
  let count = 0;
  for (;;) {
    const batch = db
      .select({
        id: products.id,
        slug: products.slug,
        sku: products.sku,
        name: products.name,
        description: products.description,
        categoryName: categories.name,
        salesPrice: products.salesPrice,
        costPrice: products.costPrice,
        vatRate: products.vatRate,
        stockLevel: products.stockLevel,
        imageUrl: products.imageUrl,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(gt(products.id, lastId))
      .orderBy(asc(products.id))
      .limit(EXPORT_BATCH)
      .all();
    if (batch.length === 0) break;
    const variants = loadVariants(
      db,
      batch.map((product) => product.id),
    );
    for (const { id, ...product } of batch) {
      const exported: ExportProduct = {
        ...product,
        variants: (variants.get(id) ?? []).map((variant) => ({ name: variant.name, options: variant.options })),
      };
      rows.push(...shopifyRowsFor(exported));
    }
    lastId = batch[batch.length - 1].id;
    count += batch.length;
  }
  if (rows.length === 1) return null;
  return { fileName: exportFileName(now), csv: writeCsv(rows), count };
}

// ─── The upload ─────────────────────────────────────────────────────────────

/** Room for the multipart envelope and the form's other fields beside the file. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;
const SEND_AS_MULTIPART = 'Send the CSV as multipart/form-data, in the field "file"';

export type CsvUpload = { ok: true; formData: FormData } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the import API's multipart body, never holding more than the 5 MB limit: a larger declared body is
 * refused unread, a larger file part is read past and refused (413). The products page reads its form (the
 * CSV or a product image) the same way, with `readMultipartWithin`.
 */
export async function readProductCsvUpload(request: Request): Promise<CsvUpload> {
  const body = await readMultipartWithin(request, {
    maxPartBytes: PRODUCT_CSV_MAX_BYTES,
    maxTotalBytes: PRODUCT_CSV_MAX_BYTES + UPLOAD_OVERHEAD_BYTES,
  });
  if (!body.ok) return { ok: false, status: body.status, message: body.status === 413 ? CSV_FILE_TOO_LARGE : SEND_AS_MULTIPART };
  if (body.oversized.size > 0) return { ok: false, status: 413, message: CSV_FILE_TOO_LARGE };
  return { ok: true, formData: body.formData };
}
