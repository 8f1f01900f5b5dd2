/**
 * The back office's pricing-rule commands (price tiers, volume discounts, customer prices): one schema per
 * command, shared by the admin screens' forms (Conform, in the browser and in the action) and the JSON API.
 * Browser-safe: no server imports.
 *
 * Percentages are typed as "10", "12.5" (or a JSON number) and come out as integer hundredths (1000 = 10%);
 * money is typed in pounds ("12.50") and comes out as integer pence. Blank text counts as "not given".
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { parseDecimalToHundredths } from "~/utils/money";

// ─── Limits (spec §9) ───────────────────────────────────────────────────────

export const TIER_NAME_MAX = 100;
export const TIER_DESCRIPTION_MAX = 500;
export const PERCENT_MAX = 10_000; // 100.00%
/** Prices are precision 10, scale 2: at most 99,999,999.99. */
export const MONEY_MAX_PENCE = 9_999_999_999;
const MIN_QUANTITY_MAX = 1_000_000;
export const ADMIN_RULES_PAGE_SIZE = 25;

// ─── Notices and texts (the spec's exact words first) ───────────────────────

export const PRICE_TIER_CREATED = "Price Tier Created";
export const PRICE_TIER_UPDATED = "Price Tier Updated";
export const PRICE_TIER_DELETED = "Price Tier Deleted";
export const VOLUME_DISCOUNT_CREATED = "Volume Discount Created";
export const VOLUME_DISCOUNT_UPDATED = "Volume Discount Updated";
export const VOLUME_DISCOUNT_DELETED = "Volume Discount Deleted";
export const CUSTOMER_PRICING_CREATED = "Customer Pricing Created";
export const CUSTOMER_PRICING_UPDATED = "Customer Pricing Updated";
export const CUSTOMER_PRICING_DELETED = "Customer Pricing Deleted";

export const NO_VOLUME_DISCOUNTS = "No volume discounts yet";
export const NO_CUSTOM_PRICES = "No custom pricing rules yet";
export const NO_PRICE_TIERS = "No price tiers yet";
export const CONFIRM_DELETE_VOLUME_DISCOUNT = "Are you sure you want to delete this volume discount?";
export const CONFIRM_DELETE_CUSTOM_PRICE = "Are you sure you want to delete this custom pricing rule?";
export const CONFIRM_DELETE_PRICE_TIER = "Are you sure you want to delete this price tier?";

export const volumeDiscountCountLine = (n: number) => `${n} discount rule(s) configured`;
export const customPriceCountLine = (n: number) => `${n} custom price(s) configured`;

// ─── Validation messages ────────────────────────────────────────────────────

export const TIER_NAME_REQUIRED = "Tier name is required";
export const TIER_NAME_TOO_LONG = `Tier name must be at most ${TIER_NAME_MAX} characters`;
const TIER_DESCRIPTION_TOO_LONG = `Description must be at most ${TIER_DESCRIPTION_MAX} characters`;
export const DISCOUNT_REQUIRED = "Discount percentage is required";
export const DISCOUNT_INVALID = "Discount percentage must be a number from 0 to 100, with at most two decimals";
export const PRODUCT_REQUIRED = "Product is required";
const PRODUCT_INVALID = "Choose a product from the list";
export const MIN_QUANTITY_REQUIRED = "Minimum quantity is required";
export const MIN_QUANTITY_INVALID = "Minimum quantity must be a whole number of at least 1";
const MIN_QUANTITY_TOO_LARGE = `Minimum quantity must be at most ${MIN_QUANTITY_MAX.toLocaleString("en-GB")}`;
export const CUSTOMER_REQUIRED = "Customer is required";
const CUSTOMER_INVALID = "Choose a customer from the list";
export const CUSTOM_PRICE_REQUIRED = "Custom price is required";
export const CUSTOM_PRICE_INVALID = "Custom price must be an amount in pounds of 0 or more, like 12.50";

// ─── Field parsers ──────────────────────────────────────────────────────────
//
// Each accepts what a form posts (strings; Conform turns blanks into undefined) and what a JSON client sends
// (strings, numbers, null), and reports one clear message.

export function addIssue(ctx: z.RefinementCtx, message: string) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
}

/** Trimmed text, or "" when blank or absent; null when the value is not text (or a number) at all. */
export function asText(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * "12.5", "12.50", ".5", 12.5 → hundredths (1250, 50, 1250); null when it is not a plain non-negative
 * decimal with at most two places. A leading "£" or a trailing "%" is allowed, as people type them.
 */
export function parseTwoPlaces(value: unknown): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const hundredths = Math.round(value * 100);
    return Math.abs(value * 100 - hundredths) < 1e-6 ? hundredths : null;
  }
  if (typeof value !== "string") return null;
  const text = value.replace(/^\s*£/, "").replace(/%\s*$/, "").replace(/,/g, "").trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) return null;
  return parseDecimalToHundredths(text);
}

/** Required one-line text. */
export function requiredTextField(requiredMessage: string, max: number, tooLongMessage: string) {
  return z.unknown().transform((value, ctx): string => {
    const text = asText(value);
    if (text === null) return addIssue(ctx, requiredMessage);
    const single = text.replace(/\s+/g, " ");
    if (!single) return addIssue(ctx, requiredMessage);
    if (single.length > max) return addIssue(ctx, tooLongMessage);
    return single;
  });
}

/** Optional text (line breaks kept): blank → null. */
export function optionalTextField(max: number, tooLongMessage: string, notTextMessage: string) {
  return z.unknown().transform((value, ctx): string | null => {
    const text = asText(value);
    if (text === null) return addIssue(ctx, notTextMessage);
    const clean = text.replace(/\r\n?/g, "\n").replace(/[^\S\n]+/g, " ").replace(/\n{3,}/g, "\n\n").trim();
    if (!clean) return null;
    if (clean.length > max) return addIssue(ctx, tooLongMessage);
    return clean;
  });
}

/** A percentage from 0 to 100 with at most two decimals → hundredths. */
function percentField(requiredMessage: string, invalidMessage: string) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, requiredMessage);
    const hundredths = parseTwoPlaces(value);
    if (hundredths === null || hundredths > PERCENT_MAX) return addIssue(ctx, invalidMessage);
    return hundredths;
  });
}

/** An amount in pounds, 0 or more, at most two decimals → pence. */
export function moneyField(requiredMessage: string, invalidMessage: string) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, requiredMessage);
    const pence = parseTwoPlaces(value);
    if (pence === null || pence > MONEY_MAX_PENCE) return addIssue(ctx, invalidMessage);
    return pence;
  });
}

/** The id of a row (a positive whole number), required. */
export function requiredIdField(requiredMessage: string, invalidMessage: string) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, requiredMessage);
    if (text === null || !/^\d{1,15}$/.test(text) || Number(text) <= 0) return addIssue(ctx, invalidMessage);
    return Number(text);
  });
}

/** The id of a row that may be absent: blank or null → null. */
export function optionalIdField(invalidMessage: string) {
  return z.unknown().transform((value, ctx): number | null => {
    const text = asText(value);
    if (text === "") return null;
    if (text === null || !/^\d{1,15}$/.test(text) || Number(text) <= 0) return addIssue(ctx, invalidMessage);
    return Number(text);
  });
}

export function wholeNumberField(requiredMessage: string, invalidMessage: string, min: number, max: number, tooLarge: string) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, requiredMessage);
    if (text === null || !/^\d{1,12}$/.test(text) || Number(text) < min) return addIssue(ctx, invalidMessage);
    if (Number(text) > max) return addIssue(ctx, tooLarge);
    return Number(text);
  });
}

/** A user id (uuid) picked from a list. */
const userIdField = z.unknown().transform((value, ctx): string => {
  const text = asText(value);
  if (text === "") return addIssue(ctx, CUSTOMER_REQUIRED);
  if (text === null || !/^[\w-]{1,64}$/.test(text)) return addIssue(ctx, CUSTOMER_INVALID);
  return text;
});

// ─── Price tiers ────────────────────────────────────────────────────────────

/** POST /api/admin/price-tiers and PUT /api/admin/price-tiers/{id}; the tier form. */
export const priceTierSchema = z.object({
  name: requiredTextField(TIER_NAME_REQUIRED, TIER_NAME_MAX, TIER_NAME_TOO_LONG),
  description: optionalTextField(TIER_DESCRIPTION_MAX, TIER_DESCRIPTION_TOO_LONG, "Description must be text"),
  discountPercentage: percentField(DISCOUNT_REQUIRED, DISCOUNT_INVALID),
});
export type PriceTierInput = z.infer<typeof priceTierSchema>;

// ─── Volume discounts ───────────────────────────────────────────────────────

/** POST /api/admin/volume-discounts and PUT /api/admin/volume-discounts/{id}; the discount form. */
export const volumeDiscountSchema = z.object({
  productId: requiredIdField(PRODUCT_REQUIRED, PRODUCT_INVALID),
  minQuantity: wholeNumberField(MIN_QUANTITY_REQUIRED, MIN_QUANTITY_INVALID, 1, MIN_QUANTITY_MAX, MIN_QUANTITY_TOO_LARGE),
  discountPercentage: percentField(DISCOUNT_REQUIRED, DISCOUNT_INVALID),
});
export type VolumeDiscountInput = z.infer<typeof volumeDiscountSchema>;

// ─── Customer prices ────────────────────────────────────────────────────────

/** POST /api/admin/customer-pricing and PUT /api/admin/customer-pricing/{id}; the custom price form. */
export const customerPriceSchema = z.object({
  userId: userIdField,
  productId: requiredIdField(PRODUCT_REQUIRED, PRODUCT_INVALID),
  customPrice: moneyField(CUSTOM_PRICE_REQUIRED, CUSTOM_PRICE_INVALID),
});
export type CustomerPriceInput = z.infer<typeof customerPriceSchema>;

// ─── List queries ───────────────────────────────────────────────────────────

/** A list's search box: trimmed, at most 200 characters; blank or unreadable means no search. */
export const searchTerm = z
  .string()
  .trim()
  .max(200)
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

/** GET ?q=&page= of the volume discount and customer pricing screens (q searches product / customer). */
export const ruleListQuerySchema = z.object({
  q: searchTerm,
  page: pageField(100_000),
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

/** ?pageSize= of a list API: 1 to 100; absent or out of range, 100. */
const API_PAGE_SIZE_MAX = 100;
export const apiPageSizeField = z.coerce
  .number()
  .int()
  .min(1)
  .max(API_PAGE_SIZE_MAX)
  .catch(API_PAGE_SIZE_MAX)
  .default(API_PAGE_SIZE_MAX);

const productIdFilter = z.coerce
  .number({ invalid_type_error: "productId must be a number" })
  .int("productId must be a whole number")
  .positive("productId must be a positive number")
  .optional();

/** GET /api/admin/volume-discounts ?q=&productId=&page=&pageSize= */
export const volumeDiscountListApiQuerySchema = ruleListQuerySchema.extend({
  pageSize: apiPageSizeField,
  productId: productIdFilter,
});

/** GET /api/admin/customer-pricing ?q=&userId=&productId=&page=&pageSize= */
export const customerPriceListApiQuerySchema = ruleListQuerySchema.extend({
  pageSize: apiPageSizeField,
  userId: z.string().trim().min(1).max(64).optional(),
  productId: productIdFilter,
});

/** The search boxes of the dialogs' pickers (?product=&customer=). */
export const pickerQuerySchema = z.object({
  product: searchTerm,
  customer: searchTerm,
});

/** A rule list screen's address: the list's ?q=&page= and its dialogs' picker searches. */
export const ruleScreenQuerySchema = ruleListQuerySchema.merge(pickerQuerySchema);

/** The list's search and page read from an address (where a form returns to). */
export function ruleListState(params: URLSearchParams): RuleListQuery {
  return ruleListQuerySchema.parse(Object.fromEntries(params));
}

// ─── Display helpers ────────────────────────────────────────────────────────

/** Savings of a custom price against the list price: amount in pence and percent off in tenths (rounded). */
export function savingsOf(standardPence: number, customPence: number): { amount: number; percentTenths: number } | null {
  const amount = standardPence - customPence;
  if (amount <= 0 || standardPence <= 0) return null;
  // tenths of a percent, half-up: amount / standard × 1000
  const percentTenths = Math.floor((2 * amount * 1000 + standardPence) / (2 * standardPence));
  return { amount, percentTenths };
}

/** 91 → "9.1%" */
export function formatTenthsPercent(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}
