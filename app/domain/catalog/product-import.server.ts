/**
 * Writing an import's products, one batch per write transaction (product-csv.server.ts runs the batches).
 * A batch reads what it needs in bulk (the products its slugs name, the holders of its SKUs, its
 * categories, the current variants), writes each product through prepared statements inside its own
 * savepoint, so a product that cannot be saved is reported against its row and the others still go in,
 * then records the stock movements and audit entries of the products that went in, all at once, and indexes
 * them for catalogue search in one statement (0087).
 */
import { loadBarcodes, replaceBarcodes, replaceOptionBarcodes, type ProductBarcodes } from "./barcodes.server";
import { PACK_RULE_FIELDS, packFieldsOf, type PackRuleFields } from "./pack-rules";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { categories, products, productVariants, searchIndexDeferrals } from "~db/schema";
import { recordAudit, recordAudits, type AuditEntry } from "~/domain/shared/audit.server";
import { loadVariants } from "~/domain/catalog/catalog.server";
import { chunks } from "~/utils/chunks";
import type { DB } from "~/utils/db.server";
import { CATEGORY_NAME_MAX, DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_VAT_RATE, skuTakenMessage } from "./product.schema";
import { findCategoryIdsByNames, uniqueCategorySlug } from "./product-categories.server";
import type { Actor } from "./products.server";
import type { CsvFormat, ImportItem, ImportVariant, RowError, VariantPackRule } from "./product-csv";
import { recordOpeningStocks, setStockLevels, type StockLevel } from "./stock-movements.server";

/** What an import has done so far: the slugs it created and updated, and the rows it could not import. */
export type ImportTally = { created: string[]; updated: string[]; errors: RowError[] };

const LABELS: Record<CsvFormat, { name: string; price: string }> = {
  simple: { name: "name", price: "salesPrice" },
  shopify: { name: "Title", price: "Variant Price" },
};

type ProductRow = typeof products.$inferSelect;

/** A placeholder in an UPDATE's SET (drizzle types those as plain SQL). */
const param = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** A product's text as the search index holds it. */
type SearchText = { id: number; name: string; description: string | null; sku: string | null };

/**
 * One product's outcome, with what to record once its savepoint has committed. `indexed` is the text the search
 * index holds for an updated product whose name, description or code the file changed, to be replaced.
 */
type Written =
  | { outcome: "created"; productId: number; level: number; audit: AuditEntry }
  | { outcome: "updated"; productId: number; level: number | null; audit: AuditEntry | null; indexed: SearchText | null }
  | { outcome: RowError };

/** Everything a batch looked up in bulk, kept current as the batch writes. */
type Lookups = {
  existing: Map<string, ProductRow>;
  /** SKU → the product holding it */
  skuHolders: Map<string, { id: number; name: string }>;
  /** category name as written in the file → id */
  categoryIds: Map<string, number>;
  variants: Map<number, (ImportVariant & { id: number; pack: PackRuleFields })[]>;
  /** the product's own barcodes now, of the existing products whose row carries barcodes */
  barcodes: Map<number, ProductBarcodes>;
};

function lookUp(tx: DB, items: readonly ImportItem[]): Lookups {
  const existing = new Map<string, ProductRow>();
  for (const slugs of chunks(items.map((item) => item.slug), 500)) {
    for (const row of tx.select().from(products).where(inArray(products.slug, slugs)).all()) existing.set(row.slug, row);
  }
  const skuHolders = new Map<string, { id: number; name: string }>();
  const skus = items.flatMap((item) => (item.fields.sku ? [item.fields.sku] : []));
  for (const batch of chunks(skus, 500)) {
    for (const row of tx
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, batch))
      .all()) {
      if (row.sku) skuHolders.set(row.sku, { id: row.id, name: row.name });
    }
  }
  const names = items.flatMap((item) => (item.fields.categoryName ? [item.fields.categoryName] : []));
  const variants = new Map<number, (ImportVariant & { id: number; pack: PackRuleFields })[]>();
  const loaded = loadVariants(tx, [...existing.values()].map((row) => row.id));
  for (const [productId, list] of loaded) {
    variants.set(
      productId,
      list.map((variant) => ({
        id: variant.id,
        name: variant.name,
        options: variant.options,
        pack: packFieldsOf(variant),
      })),
    );
  }
  const withBarcodes = items
    .flatMap((item) => (item.fields.barcodes || item.fields.optionBarcodes ? [existing.get(item.slug)?.id ?? 0] : []))
    .filter((id) => id > 0);
  const barcodes = loadBarcodes(tx, withBarcodes);
  return { existing, skuHolders, categoryIds: findCategoryIdsByNames(tx, names), variants, barcodes };
}

/** The product columns an import may change (the stock level is set apart, by setStockLevels, so each change leaves its movement). */
const UPDATABLE = ["name", "sku", "description", "categoryId", "costPrice", "salesPrice", "vatRate", "imageUrl", ...PACK_RULE_FIELDS] as const satisfies readonly (keyof ProductRow)[];

type Updatable = (typeof UPDATABLE)[number];

/**
 * An UPDATE of just the columns a product's row changes (and its updatedAt), prepared once per set of columns
 * within a batch. SQLite rewrites every index holding a column named in SET, changed or not: a revision that
 * moves prices only must not rewrite the name, SKU and category indexes of every product (0093).
 */
function productUpdates(tx: DB, now: Date) {
  const prepared = new Map<string, { run: (values: Record<string, unknown>) => unknown }>();
  return (id: number, values: Partial<Pick<ProductRow, Updatable>>) => {
    const columns = UPDATABLE.filter((column) => column in values);
    const key = columns.join(",");
    let statement = prepared.get(key);
    if (!statement) {
      const set: Record<string, unknown> = { updatedAt: now };
      for (const column of columns) set[column] = param(column);
      statement = tx
        .update(products)
        .set(set as Partial<typeof products.$inferInsert>)
        .where(sql`${products.id} = ${sql.placeholder("id")}`)
        .prepare();
      prepared.set(key, statement);
    }
    statement.run({ ...values, id });
  };
}

function prepareStatements(tx: DB, now: Date) {
  return {
    insertProduct: tx
      .insert(products)
      .values({
        name: sql.placeholder("name"),
        slug: sql.placeholder("slug"),
        sku: sql.placeholder("sku"),
        description: sql.placeholder("description"),
        categoryId: sql.placeholder("categoryId"),
        costPrice: sql.placeholder("costPrice"),
        salesPrice: sql.placeholder("salesPrice"),
        vatRate: sql.placeholder("vatRate"),
        stockLevel: sql.placeholder("stockLevel"),
        lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
        imageUrl: sql.placeholder("imageUrl"),
        minOrderQuantity: sql.placeholder("minOrderQuantity"),
        orderMultiple: sql.placeholder("orderMultiple"),
        packLabel: sql.placeholder("packLabel"),
        unitsPerPack: sql.placeholder("unitsPerPack"),
      })
      .returning({ id: products.id })
      .prepare(),
    updateProduct: productUpdates(tx, now),
    deleteVariants: tx.delete(productVariants).where(sql`${productVariants.productId} = ${sql.placeholder("productId")}`).prepare(),
    insertVariant: tx
      .insert(productVariants)
      .values({
        productId: sql.placeholder("productId"),
        name: sql.placeholder("name"),
        options: sql.placeholder("options"),
        position: sql.placeholder("position"),
      })
      .prepare(),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/**
 * Writes one batch of an import inside the caller's write transaction and adds what it did to `tally`.
 */
export function writeImportBatch(tx: DB, actor: Actor, items: readonly ImportItem[], format: CsvFormat, tally: ImportTally) {
  // the batch's products are indexed for search together at its end, not one statement at a time (0087)
  tx.insert(searchIndexDeferrals).values({ id: 1 }).run();
  const lookups = lookUp(tx, items);
  const statements = prepareStatements(tx, new Date());
  const openings: StockLevel[] = [];
  const levels: StockLevel[] = [];
  const audits: AuditEntry[] = [];
  const toIndex: number[] = [];
  const toReindex: SearchText[] = [];

  // a savepoint for each product: whatever it wrote is undone if it fails half-way
  const inSavepoint = tx.$client.transaction((item: ImportItem) => upsertItem(tx, actor, item, format, lookups, statements));
  for (const item of items) {
    let written: Written;
    try {
      written = inSavepoint(item);
    } catch (error) {
      console.error(`Importing product "${item.slug}" failed`, error);
      written = { outcome: { row: item.row, message: "This product could not be saved" } };
      // what the lookups learnt from the undone writes may be wrong now: read them again
      Object.assign(lookups, lookUp(tx, items));
    }
    if (written.outcome === "created") {
      tally.created.push(item.slug);
      toIndex.push(written.productId);
      openings.push({ productId: written.productId, level: written.level });
      audits.push(written.audit);
    } else if (written.outcome === "updated") {
      tally.updated.push(item.slug);
      if (written.level !== null) levels.push({ productId: written.productId, level: written.level });
      if (written.audit) audits.push(written.audit);
      if (written.indexed) toReindex.push(written.indexed);
    } else {
      tally.errors.push(written.outcome);
    }
  }

  recordOpeningStocks(tx, openings, { userId: actor.id, note: "CSV import" });
  setStockLevels(tx, levels, { reason: "import", userId: actor.id });
  recordAudits(tx, audits);
  indexForSearch(tx, toIndex, toReindex);
}

/**
 * Brings the search index up to the batch's products, as the triggers of 0010 would have product by product:
 * takes out the text it held of the changed ones, then adds the text now in products of the new and changed
 * ones, each in one statement. A product whose savepoint was undone is in neither list, so nothing of it is
 * indexed. Ends the deferral the batch began with, before its transaction commits.
 */
function indexForSearch(tx: DB, created: readonly number[], changed: readonly SearchText[]) {
  tx.delete(searchIndexDeferrals).run();
  if (changed.length > 0) {
    tx.run(sql`INSERT INTO products_search(products_search, rowid, name, description, sku)
      SELECT 'delete', value ->> 'id', value ->> 'name', value ->> 'description', value ->> 'sku' FROM json_each(${JSON.stringify(changed)})`);
  }
  const ids = [...created, ...changed.map((product) => product.id)];
  if (ids.length > 0) {
    tx.run(sql`INSERT INTO products_search(rowid, name, description, sku)
      SELECT id, name, description, sku FROM products WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  }
}

/** The category a file names, created when there is none by that name (ignoring case). */
function categoryIdFor(tx: DB, actor: Actor, name: string | null, lookups: Lookups): number | null {
  if (!name) return null;
  const found = lookups.categoryIds.get(name);
  if (found !== undefined) return found;
  // made earlier in this batch under another case ("Safety Signs", then "SAFETY SIGNS")
  const made = findCategoryIdsByNames(tx, [name]).get(name);
  if (made !== undefined) {
    lookups.categoryIds.set(name, made);
    return made;
  }
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
  // if the product's savepoint is undone, writeImportBatch reads the lookups again
  lookups.categoryIds.set(name, created.id);
  return created.id;
}

function sameVariants(a: readonly ImportVariant[], b: readonly ImportVariant[]) {
  return JSON.stringify(a.map((v) => [v.name, v.options])) === JSON.stringify(b.map((v) => [v.name, v.options]));
}

function writeVariants(statements: Statements, productId: number, variants: readonly ImportVariant[], replace: boolean) {
  if (replace) statements.deleteVariants.run({ productId });
  variants.forEach((variant, position) => {
    statements.insertVariant.run({ productId, name: variant.name, options: [...variant.options], position });
  });
}

/** Sets every variant's pack rule overrides from the file: a variant it does not name inherits everything. */
function writeVariantPackRules(tx: DB, productId: number, rules: readonly VariantPackRule[]) {
  for (const variant of tx.select({ id: productVariants.id, name: productVariants.name }).from(productVariants).where(eq(productVariants.productId, productId)).all()) {
    const fields = rules.find((rule) => rule.variant === variant.name)?.fields;
    tx.update(productVariants).set(packFieldsOf(fields ?? {})).where(eq(productVariants.id, variant.id)).run();
  }
}

/** A product's option codes now, as the file would give them (variant, option, codes), to compare. */
function optionBarcodeKey(codes: ProductBarcodes | undefined, variants: readonly (ImportVariant & { id: number })[]): string {
  return JSON.stringify(
    variants.flatMap((variant) =>
      variant.options.flatMap((option) => {
        const found = codes?.variantBarcodes.find((entry) => entry.variantId === variant.id && entry.option === option)?.barcodes ?? [];
        return found.length > 0 ? [[variant.name, option, found]] : [];
      }),
    ),
  );
}

function upsertItem(tx: DB, actor: Actor, item: ImportItem, format: CsvFormat, lookups: Lookups, statements: Statements): Written {
  const { fields } = item;
  const existing = lookups.existing.get(item.slug);
  if (fields.sku) {
    const holder = lookups.skuHolders.get(fields.sku);
    if (holder && holder.id !== existing?.id) return { outcome: { row: item.row, message: skuTakenMessage(fields.sku, holder.name) } };
  }

  if (!existing) {
    const labels = LABELS[format];
    if (!fields.name) return { outcome: { row: item.row, message: `${labels.name} is required for a new product` } };
    if (fields.salesPrice === undefined) return { outcome: { row: item.row, message: `${labels.price} is required for a new product` } };
    const categoryId = fields.categoryName !== undefined ? categoryIdFor(tx, actor, fields.categoryName, lookups) : null;
    const level = fields.stockLevel ?? 0;
    const { id } = statements.insertProduct.get({
      name: fields.name,
      slug: item.slug,
      sku: fields.sku ?? null,
      description: fields.description ?? null,
      categoryId,
      costPrice: fields.costPrice ?? 0,
      salesPrice: fields.salesPrice,
      vatRate: fields.vatRate ?? (fields.taxable === false ? 0 : DEFAULT_VAT_RATE),
      stockLevel: level,
      imageUrl: fields.imageUrl ?? null,
      minOrderQuantity: fields.minOrderQuantity ?? null,
      orderMultiple: fields.orderMultiple ?? null,
      packLabel: fields.packLabel ?? null,
      unitsPerPack: fields.unitsPerPack ?? null,
    })!;
    if (item.variants && item.variants.length > 0) writeVariants(statements, id, item.variants, false);
    if (fields.barcodes) replaceBarcodes(tx, id, null, fields.barcodes);
    if (fields.optionBarcodes) replaceOptionBarcodes(tx, id, fields.optionBarcodes);
    if (fields.variantPackRules) writeVariantPackRules(tx, id, fields.variantPackRules);
    if (fields.sku) lookups.skuHolders.set(fields.sku, { id, name: fields.name });
    const audit = { actorId: actor.id, action: "product.created", entityType: "product", entityId: id, details: { slug: item.slug, source: "product import" } };
    return { outcome: "created", productId: id, level, audit };
  }

  const next: Partial<typeof products.$inferInsert> = {};
  if (fields.name !== undefined) next.name = fields.name;
  if (fields.sku !== undefined) next.sku = fields.sku;
  if (fields.description !== undefined) next.description = fields.description;
  if (fields.categoryName !== undefined) {
    const sameCategory =
      fields.categoryName === null
        ? existing.categoryId === null
        : existing.categoryId !== null && lookups.categoryIds.get(fields.categoryName) === existing.categoryId;
    if (!sameCategory) next.categoryId = categoryIdFor(tx, actor, fields.categoryName, lookups);
  }
  if (fields.stockLevel !== undefined) next.stockLevel = fields.stockLevel;
  if (fields.salesPrice !== undefined) next.salesPrice = fields.salesPrice;
  if (fields.costPrice !== undefined) next.costPrice = fields.costPrice;
  if (fields.imageUrl !== undefined) next.imageUrl = fields.imageUrl;
  if (fields.vatRate !== undefined) next.vatRate = fields.vatRate;
  for (const key of PACK_RULE_FIELDS) {
    if (fields[key] !== undefined) (next as Record<string, unknown>)[key] = fields[key];
  }

  const changed = Object.keys(next).filter((key) => next[key as keyof typeof next] !== existing[key as keyof typeof existing]);
  let variantsChanged = false;
  if (item.variants) {
    const current = lookups.variants.get(existing.id) ?? [];
    if (!sameVariants(current, item.variants)) {
      writeVariants(statements, existing.id, item.variants, true);
      variantsChanged = true;
    }
  }
  let barcodesChanged = false;
  if (fields.barcodes) {
    const codes = fields.barcodes.map((barcode) => barcode.code);
    if (codes.join("|") !== (lookups.barcodes.get(existing.id)?.barcodes ?? []).join("|")) {
      replaceBarcodes(tx, existing.id, null, fields.barcodes);
      barcodesChanged = true;
    }
  }
  if (fields.optionBarcodes) {
    const now = optionBarcodeKey(lookups.barcodes.get(existing.id), lookups.variants.get(existing.id) ?? []);
    const wanted = JSON.stringify(fields.optionBarcodes.map((entry) => [entry.variant, entry.option, entry.codes.map((code) => code.code)]));
    // replaced variants lost their option codes with them (cascade): write them again
    if (variantsChanged || now !== wanted) {
      replaceOptionBarcodes(tx, existing.id, fields.optionBarcodes);
      barcodesChanged = true;
    }
  }
  if (barcodesChanged) changed.push("barcodes");
  if (fields.variantPackRules) {
    const now = (lookups.variants.get(existing.id) ?? []).flatMap((variant) =>
      Object.values(variant.pack).some((value) => value !== null) ? [{ variant: variant.name, fields: variant.pack }] : [],
    );
    // replaced variants start without overrides: write them again
    if (variantsChanged || JSON.stringify(now) !== JSON.stringify(fields.variantPackRules)) {
      writeVariantPackRules(tx, existing.id, fields.variantPackRules);
      changed.push("variant pack rules");
    }
  }
  if (changed.length === 0 && !variantsChanged) return { outcome: "updated", productId: existing.id, level: null, audit: null, indexed: null };

  const { stockLevel, ...rest } = next;
  const after = { ...existing, ...rest };
  const columns = UPDATABLE.filter((column) => rest[column] !== undefined && rest[column] !== existing[column]);
  statements.updateProduct(existing.id, Object.fromEntries(columns.map((column) => [column, after[column]])));
  if (rest.sku !== undefined && rest.sku !== existing.sku) {
    if (existing.sku) lookups.skuHolders.delete(existing.sku);
    if (rest.sku) lookups.skuHolders.set(rest.sku, { id: existing.id, name: after.name });
  }
  const audit = {
    actorId: actor.id,
    action: "product.updated",
    entityType: "product",
    entityId: existing.id,
    details: { fields: changed, variants: variantsChanged, source: "product import" },
  };
  const textChanged = after.name !== existing.name || after.description !== existing.description || after.sku !== existing.sku;
  const indexed = textChanged ? { id: existing.id, name: existing.name, description: existing.description, sku: existing.sku } : null;
  return { outcome: "updated", productId: existing.id, level: stockLevel ?? null, audit, indexed };
}
