/** The barcodes of a variant's options (both doors: the product form's Variants section and the variant API). */
import { eq } from "drizzle-orm";
import { products } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { barcodesOf, replaceBarcodes } from "./barcodes.server";
import type { ProductVariant } from "./catalog.server";
import { BARCODES_PER_ITEM_MAX, type Barcode } from "./barcodes";
import { findProductVariant } from "./product-variants.server";
import type { Actor, WriteOptions } from "./products.server";

export type VariantWithBarcodes = ProductVariant & { barcodes: Record<string, string[]> };

/** Each option of the variant with its codes (an option without any maps to an empty list). */
export function withOptionBarcodes(
  variant: ProductVariant,
  variantBarcodes: readonly { variantId: number; option: string; barcodes: string[] }[],
): VariantWithBarcodes {
  const barcodes: Record<string, string[]> = {};
  for (const option of variant.options) {
    barcodes[option] = variantBarcodes.find((item) => item.variantId === variant.id && item.option === option)?.barcodes ?? [];
  }
  return { ...variant, barcodes };
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Sets the codes of every option of one variant: the options named get exactly their lists, the others
 * none. 404 for an unknown product or variant; 400 (field barcodes) for an option the variant does not
 * have. A code may also be on other options or products (the scanner asks which).
 */
export function setVariantBarcodes(
  db: DB,
  actor: Actor,
  productId: number,
  variantId: number,
  input: Record<string, Barcode[]>,
  options: WriteOptions = {},
): Result<VariantWithBarcodes> {
  return runOnce(
    db,
    {
      ownerId: actor.id,
      scope: scopeFor(REPEAT_SCOPE.variantBarcodes, productId, variantId),
      key: options.idempotencyKey ?? null,
      command: input,
    },
    (tx): Result<VariantWithBarcodes> => {
      const found = findProductVariant(tx, productId, variantId);
      if (!found.ok) return found;
      const variant = found.value;
      const lists = new Map<string, Barcode[]>();
      for (const [name, codes] of Object.entries(input)) {
        const option = variant.options.find((candidate) => sameText(candidate, name));
        if (option === undefined) {
          return fail(400, `${variant.name} has no option "${name}" (it has ${variant.options.join(", ")})`, "barcodes");
        }
        const merged = dedupe([...(lists.get(option) ?? []), ...codes]);
        if (merged.length > BARCODES_PER_ITEM_MAX) {
          return fail(400, `${variant.name} ${option}: at most ${BARCODES_PER_ITEM_MAX} barcodes each`, "barcodes");
        }
        lists.set(option, merged);
      }
      const before = barcodesOf(tx, productId).variantBarcodes.filter((item) => item.variantId === variantId);
      for (const option of variant.options) replaceBarcodes(tx, productId, { variantId, option }, lists.get(option) ?? []);
      const after = barcodesOf(tx, productId).variantBarcodes;
      tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "variant.barcodes",
        entityType: "product",
        entityId: productId,
        details: { variantId, from: before, to: after.filter((item) => item.variantId === variantId) },
      });
      return ok(withOptionBarcodes(variant, after));
    },
    (result) => result.ok,
  ).result;
}

function dedupe(codes: readonly Barcode[]): Barcode[] {
  const seen = new Set<string>();
  return codes.filter((barcode) => (seen.has(barcode.code) ? false : (seen.add(barcode.code), true)));
}
