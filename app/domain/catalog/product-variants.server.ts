/** A product's variants (Size, Colour…): added with their options, at most three per product, and deleted. */
import { and, eq } from "drizzle-orm";
import { products, productVariants } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { variantPackColumns } from "./pack-rules.server";
import { type ProductVariant } from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  PRODUCT_NOT_FOUND,
  TOO_MANY_VARIANTS,
  VARIANT_NAME_TAKEN,
  VARIANT_NOT_FOUND,
  VARIANTS_PER_PRODUCT_MAX,
  type VariantInput,
} from "./product.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Actor, WriteOptions } from "./products.server";

/** Adds a variant (name and options) after the product's others. At most three per product. */
export function addVariant(
  db: DB,
  actor: Actor,
  productId: number,
  input: VariantInput,
  options: WriteOptions = {},
): Result<ProductVariant> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.variantAdd, productId), key: options.idempotencyKey ?? null, command: input },
    (tx): Result<ProductVariant> => {
      if (!tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get()) {
        return fail(404, PRODUCT_NOT_FOUND);
      }
      const existing = tx
        .select({ name: productVariants.name, position: productVariants.position })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .all();
      if (existing.some((variant) => variant.name.toLowerCase() === input.name.toLowerCase())) {
        return fail(409, VARIANT_NAME_TAKEN, "name");
      }
      if (existing.length >= VARIANTS_PER_PRODUCT_MAX) return fail(409, TOO_MANY_VARIANTS, "name");
      const position = existing.reduce((highest, variant) => Math.max(highest, variant.position + 1), 0);
      const created = tx
        .insert(productVariants)
        .values({ ...input, productId, position })
        .returning({
          id: productVariants.id,
          name: productVariants.name,
          options: productVariants.options,
          ...variantPackColumns,
        })
        .get();
      tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "variant.added",
        entityType: "product",
        entityId: productId,
        details: { variantId: created.id, name: created.name, options: created.options },
      });
      return ok(created);
    },
    (result) => result.ok,
  ).result;
}

/** One variant of a product: 404 naming the product or the variant, whichever is not there. */
export function findProductVariant(tx: DB, productId: number, variantId: number): Result<ProductVariant> {
  if (!tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get()) return fail(404, PRODUCT_NOT_FOUND);
  const variant = tx
    .select({ id: productVariants.id, name: productVariants.name, options: productVariants.options })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
    .get();
  return variant ? ok(variant) : fail(404, VARIANT_NOT_FOUND);
}

/** Deletes one of a product's variants. Past orders keep the options they were placed with. */
export function deleteVariant(
  db: DB,
  actor: Actor,
  productId: number,
  variantId: number,
  options: WriteOptions = {},
): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    {
      ownerId: actor.id,
      scope: scopeFor(REPEAT_SCOPE.variantDelete, productId, variantId),
      key: options.idempotencyKey ?? null,
      command: { productId, variantId },
    },
    (tx): Result<{ id: number; name: string }> => {
      const found = findProductVariant(tx, productId, variantId);
      if (!found.ok) return found;
      const variant = found.value;
      tx.delete(productVariants).where(eq(productVariants.id, variantId)).run();
      tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "variant.deleted",
        entityType: "product",
        entityId: productId,
        details: { variantId, name: variant.name, options: variant.options },
      });
      return ok({ id: variant.id, name: variant.name });
    },
    (result) => result.ok,
  ).result;
}
