/**
 * The lines of an order template: from the cart (Save as Template, Edit's "replace with my cart") or from an
 * API client's items, merged so one product with the same variants is one line.
 */
import { inArray } from "drizzle-orm";
import { products } from "~db/schema";
import type { PackRuleFields } from "~/domain/catalog/pack-rules";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import type { Cart } from "./cart.server";
import { lineRule, packFailure, resolveVariants, variantGroupsByProduct } from "./cart.server";
import { MAX_LINE_QUANTITY, variantKey, type SelectedVariants } from "./cart.schema";
import { MAX_TEMPLATE_ITEMS, type TemplateItemInput } from "./order-template.schema";

export type TemplateItem = {
  productId: number;
  productName: string;
  quantity: number;
  selectedVariants: SelectedVariants;
};

/** Same product with the same variants is one line: quantities add up (capped at the line limit). */
export function mergeItems(items: TemplateItem[]): TemplateItem[] {
  const byLine = new Map<string, TemplateItem>();
  for (const item of items) {
    const id = `${item.productId}|${variantKey(item.selectedVariants)}`;
    const same = byLine.get(id);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + item.quantity);
    else byLine.set(id, { ...item });
  }
  return [...byLine.values()];
}

export const EMPTY_CART_TEMPLATE = "Your cart is empty. Add products before saving a template.";

/** The lines of a (priced, current) cart as template items, or the empty cart's refusal. */
export function itemsOfCart(cart: Pick<Cart, "lines">): Result<TemplateItem[]> {
  if (cart.lines.length === 0) return fail(400, EMPTY_CART_TEMPLATE);
  const items = cart.lines.slice(0, MAX_TEMPLATE_ITEMS).map((line) => ({
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    selectedVariants: line.selectedVariants,
  }));
  return ok(mergeItems(items));
}

/**
 * An API client's items as template items. Every product must exist (400 naming the item's field) and every
 * variant choice must be one of the product's options; names are the products' own.
 */
export function resolveTemplateItems(db: DB, input: TemplateItemInput[]): Result<TemplateItem[]> {
  const ids = [...new Set(input.map((item) => item.productId))];
  const found = new Map<number, string>();
  const rules = new Map<number, PackRuleFields>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const row of db
      .select({
        id: products.id,
        name: products.name,
        ...productPackColumns,
      })
      .from(products)
      .where(inArray(products.id, chunk))
      .all()) {
      found.set(row.id, row.name);
      rules.set(row.id, row);
    }
  }
  const groups = variantGroupsByProduct(db, ids);

  const items: TemplateItem[] = [];
  for (const [index, item] of input.entries()) {
    const name = found.get(item.productId);
    if (name === undefined) return fail(400, `Product ${item.productId} not found`, `items.${index}.productId`);
    const variants = resolveVariants(groups.get(item.productId) ?? [], item.selectedVariants);
    if (!variants.ok) {
      return fail(400, variants.description ? `${name}: ${variants.description}` : variants.message, `items.${index}.selectedVariants`);
    }
    items.push({ productId: item.productId, productName: name, quantity: item.quantity, selectedVariants: variants.value });
  }
  const merged = mergeItems(items);
  // a template's lines keep the pack rules (minimum, multiple), as a cart's lines do
  for (const item of merged) {
    const refused = packFailure(lineRule(rules.get(item.productId)!, groups.get(item.productId) ?? []), item.productName, item.quantity);
    if (refused) return fail(400, refused.message, "quantity");
  }
  return ok(merged);
}

