/**
 * Pack rules: the minimum order quantity and the order multiple a product (or one of its variants) is sold
 * in, the pack's name ("case of 6") and how many inner units a unit of sale holds (for the per-unit price).
 * Pure and browser-safe: every door (cart, quick order, CSV, reorder, templates, checkout, the POS, quotes)
 * checks quantities with `checkPackQuantity`, and the storefront shows `packSummary`.
 *
 * A quantity always counts units of sale, the units the price is for. Valid quantities are the multiples of
 * the order multiple that are at least the minimum: a minimum the multiple does not divide is rounded up to
 * the next multiple (minimum 10 in multiples of 6 allows 12, 18, 24…). See docs/decisions/0074-pack-rules.md.
 */
import { formatMoney, divideRoundHalfUp } from "~/utils/money";

/** The stored fields of a product or a variant; on a variant, null inherits the product's value. */
export type PackRuleFields = {
  minOrderQuantity: number | null;
  orderMultiple: number | null;
  packLabel: string | null;
  unitsPerPack: number | null;
};

/** The rule that applies to a line. */
export type PackRule = {
  /** the fewest units a line may hold (1 when there is no minimum) */
  minimum: number;
  /** a line's quantity is a multiple of this (1 when there is none) */
  multiple: number;
  packLabel: string | null;
  unitsPerPack: number | null;
};

export const NO_PACK_RULE: PackRule = { minimum: 1, multiple: 1, packLabel: null, unitsPerPack: null };

/** The largest value the admin forms, API and CSV accept for a minimum, a multiple or units per pack. */
export const MAX_PACK_NUMBER = 10_000;
export const MAX_PACK_LABEL = 60;

export const PACK_RULE_FIELDS = ["minOrderQuantity", "orderMultiple", "packLabel", "unitsPerPack"] as const;

/** Just the pack rule fields of a row that has more (a field it lacks is null: none, or inherit on a variant). */
export function packFieldsOf(row: Partial<PackRuleFields>): PackRuleFields {
  return {
    minOrderQuantity: row.minOrderQuantity ?? null,
    orderMultiple: row.orderMultiple ?? null,
    packLabel: row.packLabel ?? null,
    unitsPerPack: row.unitsPerPack ?? null,
  };
}

function positive(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : null;
}

function label(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The rule of a product, or of a line of it with its chosen variants: each field is the first variant's
 * (in the variants' display order) that sets it, else the product's.
 */
export function effectivePackRule(
  product: PackRuleFields,
  variants: readonly Partial<PackRuleFields>[] = [],
): PackRule {
  function pick<K extends keyof PackRuleFields>(key: K): PackRuleFields[K] {
    for (const variant of variants) {
      const value = variant[key];
      if (value !== null && value !== undefined) return value as PackRuleFields[K];
    }
    return product[key];
  }
  const multiple = positive(pick("orderMultiple")) ?? 1;
  const minimum = positive(pick("minOrderQuantity")) ?? 1;
  return {
    // the smallest multiple at or above the minimum
    minimum: Math.ceil(minimum / multiple) * multiple,
    multiple,
    packLabel: label(pick("packLabel")),
    unitsPerPack: positive(pick("unitsPerPack")),
  };
}

export function hasPackRule(rule: PackRule): boolean {
  return rule.minimum > 1 || rule.multiple > 1;
}

/** The largest valid quantity at or below `quantity`, or null when that would be below the minimum. */
export function validQuantityBelow(rule: PackRule, quantity: number): number | null {
  const below = Math.floor(quantity / rule.multiple) * rule.multiple;
  return below >= rule.minimum ? below : null;
}

/** The smallest valid quantity at or above `quantity`. */
export function validQuantityAbove(rule: PackRule, quantity: number): number {
  return Math.max(rule.minimum, Math.ceil(quantity / rule.multiple) * rule.multiple);
}

/** What + and − on a line lead to: the next valid quantity up, or down (0, removing the line, below the minimum). */
export function stepQuantity(rule: PackRule, quantity: number, direction: 1 | -1): number {
  return direction === 1 ? validQuantityAbove(rule, quantity + 1) : (validQuantityBelow(rule, quantity - 1) ?? 0);
}

/** The valid quantity nearest to `quantity`; halfway between two, the larger. Never below the minimum. */
export function nearestValidQuantity(rule: PackRule, quantity: number): number {
  const above = validQuantityAbove(rule, quantity);
  const below = validQuantityBelow(rule, quantity);
  if (below === null) return above;
  return quantity - below < above - quantity ? below : above;
}

export type PackQuantityCheck =
  | { ok: true }
  | {
      ok: false;
      /** names the product and the rule, and offers the valid quantities either side */
      message: string;
      /** the largest valid quantity below, or null when that is under the minimum */
      below: number | null;
      /** the smallest valid quantity above */
      above: number;
      nearest: number;
    };

function labelSuffix(rule: PackRule) {
  return rule.packLabel ? ` (${rule.packLabel})` : "";
}

/**
 * Checks a line's quantity (units of sale) against the rule. A quantity of 0 or less is not a line (removing
 * one is always allowed), so it passes.
 */
export function checkPackQuantity(rule: PackRule, quantity: number, productName = "This product"): PackQuantityCheck {
  if (quantity <= 0) return { ok: true };
  const isMultiple = quantity % rule.multiple === 0;
  if (isMultiple && quantity >= rule.minimum) return { ok: true };
  const below = validQuantityBelow(rule, quantity);
  const above = validQuantityAbove(rule, quantity);
  const nearest = nearestValidQuantity(rule, quantity);
  const offer = below === null ? `${above}?` : `${below} or ${above}?`;
  const minimumPart = rule.minimum > rule.multiple ? `, at least ${rule.minimum}` : "";
  const message =
    rule.multiple > 1
      ? `${productName} is sold in multiples of ${rule.multiple}${labelSuffix(rule)}${minimumPart}: ${offer}`
      : `${productName} has a minimum order of ${rule.minimum}${labelSuffix(rule)}: ${offer}`;
  return { ok: false, message, below, above, nearest };
}

/** The inner unit's name from a pack label: "case of 24 tins" → "tin"; null when the label names none. */
export function innerUnitName(packLabel: string | null): string | null {
  const match = packLabel?.match(/\bof\s+\d+\s+([a-z][a-z-]*)\s*$/i);
  if (!match) return null;
  const word = match[1].toLowerCase();
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * What a unit of sale is called, from its pack label: "case of 24 tins" → "case", "Pallet of 40" → "pallet",
 * "pair" → "pair"; null without a label or when it does not start with a word ("6-pack", "24 x 330ml").
 */
export function packUnitName(packLabel: string | null): string | null {
  const match = packLabel?.trim().match(/^([a-z][a-z-]*)(\s+of\b.*)?$/i);
  return match ? match[1].toLowerCase() : null;
}

/**
 * The price of one inner unit ("£3.96 per tin", or "£0.66 each" when the label names no unit), for a unit
 * of sale at `packPrice` pence; null when the units per pack are not known (or are 1). Rounded half-up.
 */
export function perUnitPrice(rule: PackRule, packPrice: number): string | null {
  if (rule.unitsPerPack === null || rule.unitsPerPack <= 1) return null;
  const each = divideRoundHalfUp(packPrice, rule.unitsPerPack);
  const unit = innerUnitName(rule.packLabel);
  return unit ? `${formatMoney(each)} per ${unit}` : `${formatMoney(each)} each`;
}

/**
 * One line for cards, the product page, the quick-order pad and the cart: "Case of 6 · min 12 · £0.66 each".
 * Empty when the product has no rule and no known pack size.
 */
export function packSummary(rule: PackRule, packPrice?: number | null): string {
  const parts: string[] = [];
  if (rule.packLabel) parts.push(rule.packLabel.charAt(0).toUpperCase() + rule.packLabel.slice(1));
  else if (rule.multiple > 1) parts.push(`In multiples of ${rule.multiple}`);
  if (rule.minimum > rule.multiple) parts.push(`min ${rule.minimum}`);
  // "Case of 6" already says "in sixes"; "Case of 24 cans" sold in twos does not
  if (rule.packLabel && rule.multiple > 1 && !new RegExp(`\\b${rule.multiple}\\b`).test(rule.packLabel)) {
    parts.push(`multiples of ${rule.multiple}`);
  }
  const unitPrice = packPrice === null || packPrice === undefined ? null : perUnitPrice(rule, packPrice);
  if (unitPrice) parts.push(unitPrice);
  return parts.join(" · ");
}

/** The quantity a product's quantity input starts at, and its step and min attributes. */
export function quantityInputRule(rule: PackRule): { min: number; step: number; defaultValue: number } {
  return { min: rule.minimum, step: rule.multiple, defaultValue: rule.minimum };
}

/**
 * The rule in force as the public product JSON carries it (GET /api/products, /api/products/{slug} and
 * /id/{id}): the smallest quantity a line may hold (a minimum the multiple does not divide already rounded
 * up), the step between valid quantities (1 when there is none), the pack's name and its inner units (null
 * when not set). An API client can offer exactly the quantities the cart will take.
 */
export function packRuleJson(rule: PackRule) {
  return { minOrderQuantity: rule.minimum, orderMultiple: rule.multiple, packLabel: rule.packLabel, unitsPerPack: rule.unitsPerPack };
}
