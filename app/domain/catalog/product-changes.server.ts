/** Creating, editing and deleting products (both doors: the products screen and /api/admin/products). */
import { recordOpeningStock, setStockLevel } from "./stock-movements.server";
import { and, eq, ne } from "drizzle-orm";
import { categories, products, users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { PACK_RULE_FIELDS } from "./pack-rules";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  CATEGORY_NOT_FOUND,
  PRODUCT_NOT_FOUND,
  SLUG_NOT_DERIVABLE,
  SLUG_TAKEN,
  SUPPLIER_NOT_FOUND,
  resolveSlug,
  skuTakenMessage,
  type ProductInput,
  type ProductPatch,
} from "./product.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { withUploadedImage, type ImageUpload } from "./product-images.server";
import { barcodesOf, replaceBarcodes } from "./barcodes.server";
import { getAdminProduct, adminProductJson, type Actor, type AdminProductJson, type WriteOptions } from "./products.server";

// Checks shared by create and update

function categoryExists(db: DB, id: number) {
  return Boolean(db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get());
}

function isSupplier(db: DB, id: string) {
  return Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, "supplier")))
      .get(),
  );
}

function slugTaken(db: DB, slug: string, exceptId?: number) {
  return Boolean(
    db
      .select({ id: products.id })
      .from(products)
      .where(exceptId === undefined ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, exceptId)))
      .get(),
  );
}

/** 409 on the SKU field when another product already has the code (codes are stored upper-case). */
function skuConflict(db: DB, sku: string | null | undefined, exceptId?: number) {
  if (!sku) return null;
  const other = db
    .select({ name: products.name })
    .from(products)
    .where(exceptId === undefined ? eq(products.sku, sku) : and(eq(products.sku, sku), ne(products.id, exceptId)))
    .get();
  return other ? fail(409, skuTakenMessage(sku, other.name), "sku") : null;
}

function checkReferences(db: DB, input: Pick<ProductPatch, "categoryId" | "supplierId">) {
  if (input.categoryId !== undefined && input.categoryId !== null && !categoryExists(db, input.categoryId)) {
    return fail(400, CATEGORY_NOT_FOUND, "categoryId");
  }
  if (input.supplierId !== undefined && input.supplierId !== null && !isSupplier(db, input.supplierId)) {
    return fail(400, SUPPLIER_NOT_FOUND, "supplierId");
  }
  return null;
}

type ProductValues = Omit<ProductInput, "slug" | "barcodes"> & { slug: string };


/** Creates a product; a blank slug is derived from the name. 409 on a slug already in use. */
export function createProduct(db: DB, actor: Actor, input: ProductInput, options: WriteOptions = {}): Result<AdminProductJson> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.productCreate, key: options.idempotencyKey ?? null, command: input },
    (tx): Result<AdminProductJson> => {
      const slug = resolveSlug(input.slug, input.name);
      if (!slug) return fail(400, SLUG_NOT_DERIVABLE, "slug");
      if (slugTaken(tx, slug)) return fail(409, SLUG_TAKEN, "slug");
      const taken = skuConflict(tx, input.sku);
      if (taken) return taken;
      const problem = checkReferences(tx, input);
      if (problem) return problem;
      const { barcodes, ...fields } = input;
      const values: ProductValues = { ...fields, slug };
      const { id, stockLevel } = tx.insert(products).values(values).returning({ id: products.id, stockLevel: products.stockLevel }).get();
      recordOpeningStock(tx, id, stockLevel, { userId: actor.id });
      replaceBarcodes(tx, id, null, barcodes);
      recordAudit(tx, {
        actorId: actor.id,
        action: "product.created",
        entityType: "product",
        entityId: id,
        details: { slug, sku: input.sku, name: input.name, salesPrice: input.salesPrice, barcodes: barcodes.map((item) => item.code) },
      });
      return ok(adminProductJson(getAdminProduct(tx, id)!));
    },
    (result) => result.ok,
  ).result;
}

/** Add product from the form: an uploaded image is stored first and becomes the product's image; a refused image saves nothing. */
export async function createProductWithImage(
  db: DB,
  actor: Actor,
  input: ProductInput,
  image: ImageUpload,
  options: WriteOptions = {},
): Promise<Result<AdminProductJson>> {
  const withImage = await withUploadedImage(input, image);
  return withImage.ok ? createProduct(db, actor, withImage.value, options) : withImage;
}

/** Save changes from the form: as `updateProduct`, with an uploaded image replacing the image URL. */
export async function updateProductWithImage(
  db: DB,
  actor: Actor,
  id: number,
  patch: ProductPatch,
  image: ImageUpload,
  options: WriteOptions = {},
): Promise<Result<AdminProductJson>> {
  if (image && !db.select({ id: products.id }).from(products).where(eq(products.id, id)).get()) return fail(404, PRODUCT_NOT_FOUND);
  const withImage = await withUploadedImage(patch, image);
  return withImage.ok ? updateProduct(db, actor, id, withImage.value, options) : withImage;
}

const PATCHABLE = [
  "name",
  "slug",
  "sku",
  "description",
  "categoryId",
  "costPrice",
  "salesPrice",
  "vatRate",
  "stockLevel",
  "lowStockThreshold",
  "imageUrl",
  "supplierId",
  ...PACK_RULE_FIELDS,
] as const;

/**
 * Changes the given fields of a product; absent fields stay as they are. A blank slug is derived from the
 * (new) name. 404 when there is no such product, 409 when the slug belongs to another one.
 */
export function updateProduct(db: DB, actor: Actor, id: number, patch: ProductPatch, options: WriteOptions = {}): Result<AdminProductJson> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.productUpdate, id), key: options.idempotencyKey ?? null, command: patch },
    (tx): Result<AdminProductJson> => {
      const current = tx.select().from(products).where(eq(products.id, id)).get();
      if (!current) return fail(404, PRODUCT_NOT_FOUND);
      const next: Partial<ProductValues> = {};
      for (const key of PATCHABLE) {
        if (key === "slug") continue;
        if (patch[key] !== undefined) (next as Record<string, unknown>)[key] = patch[key];
      }
      if (patch.slug !== undefined) {
        const slug = resolveSlug(patch.slug, patch.name ?? current.name);
        if (!slug) return fail(400, SLUG_NOT_DERIVABLE, "slug");
        next.slug = slug;
      }
      if (next.slug !== undefined && next.slug !== current.slug && slugTaken(tx, next.slug, id)) {
        return fail(409, SLUG_TAKEN, "slug");
      }
      if (next.sku !== undefined && next.sku !== current.sku) {
        const taken = skuConflict(tx, next.sku, id);
        if (taken) return taken;
      }
      const problem = checkReferences(tx, next);
      if (problem) return problem;

      // before/after of each changed field; a description is only marked as changed (it can be long)
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        const before = current[key as keyof typeof current];
        if (before !== value) changes[key] = key === "description" ? "changed" : { from: before, to: value };
      }
      if (patch.barcodes !== undefined) {
        const from = barcodesOf(tx, id).barcodes;
        const to = patch.barcodes.map((item) => item.code);
        if (from.join("|") !== to.join("|")) {
          replaceBarcodes(tx, id, null, patch.barcodes);
          changes.barcodes = { from, to };
        }
      }
      if (Object.keys(changes).length > 0) {
        // a new stock level from the form is a movement like any other, so the history still adds up
        const { stockLevel, ...rest } = next;
        if (stockLevel !== undefined) setStockLevel(tx, id, stockLevel, { reason: "edit", userId: actor.id });
        tx.update(products)
          .set({ ...rest, updatedAt: new Date() })
          .where(eq(products.id, id))
          .run();
        recordAudit(tx, { actorId: actor.id, action: "product.updated", entityType: "product", entityId: id, details: { changes } });
      }
      return ok(adminProductJson(getAdminProduct(tx, id)!));
    },
    (result) => result.ok,
  ).result;
}

/**
 * Deletes a product with its variants, volume discounts and customer prices. Orders, invoices and returns
 * that name it keep their lines (product name, price and VAT are copied onto them; the link is cleared by
 * the schema), so the history stays whole.
 */
export function deleteProduct(db: DB, actor: Actor, id: number, options: WriteOptions = {}): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.productDelete, id), key: options.idempotencyKey ?? null, command: { id } },
    (tx): Result<{ id: number; name: string }> => {
      const current = tx.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.id, id)).get();
      if (!current) return fail(404, PRODUCT_NOT_FOUND);
      tx.delete(products).where(eq(products.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "product.deleted",
        entityType: "product",
        entityId: id,
        details: { name: current.name, slug: current.slug },
      });
      return ok({ id, name: current.name });
    },
    (result) => result.ok,
  ).result;
}
