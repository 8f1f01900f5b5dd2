/**
 * Quote commands (docs/decisions/0072-quote-states.md), one schema per command, shared by the screens'
 * forms and the JSON API. Browser-safe: no server imports.
 */
import { z } from "zod";
import { cartLineRefSchema, MAX_LINE_QUANTITY } from "~/domain/cart/cart.schema";
import { csvUploadSchema, quickEntrySchema } from "~/domain/cart/quick-order.schema";
import { parseMoneyInput } from "~/domain/catalog/product.schema";
import { PO_REFERENCE_MAX_LENGTH, PO_REFERENCE_TOO_LONG } from "~/domain/orders/order.schema";
import { packOverrideFields } from "~/domain/pos/pos.schema";
import { calendarDayParts, ukDay } from "~/utils/uk-time";

export const QUOTES_PAGE_SIZE = 20;
export const MAX_QUOTE_LINES = 500;
export const QUOTE_NOTES_MAX_LENGTH = 1000;
export const DELIVERY_TERMS_MAX_LENGTH = 500;
export const DECLINE_REASON_MAX_LENGTH = 500;

export const QUOTE_NOT_FOUND = "Quote not found";
export const NO_QUOTE_LINES = "A quote needs at least one line";
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
export const PRICE_OR_DISCOUNT_MESSAGE = "Enter a price (ex VAT) or a discount % for each line";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : value);

function optionalText(max: number, tooLong: string) {
  return z.preprocess(
    (value) => (value === null || value === undefined || text(value) === "" ? undefined : text(value)),
    z.string({ invalid_type_error: tooLong }).max(max, tooLong).optional(),
  );
}

function requiredText(max: number, required: string, tooLong: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ required_error: required, invalid_type_error: required }).min(1, required).max(max, tooLong),
  );
}

/** An ISO day ("2026-12-24", what a date input posts); `notBeforeToday` refuses a UK day already gone. */
function dayField(label: string, { required, notBeforeToday }: { required: boolean; notBeforeToday: boolean }) {
  return z.unknown().transform((value, ctx): string | undefined => {
    const day = typeof value === "string" ? value.trim() : value;
    if (day === undefined || day === null || day === "") {
      if (!required) return undefined;
      ctx.addIssue({ code: "custom", message: `Enter the ${label} date` });
      return z.NEVER;
    }
    if (typeof day !== "string" || !calendarDayParts(day)) {
      ctx.addIssue({ code: "custom", message: `The ${label} date must be a real date, like 2026-12-24` });
      return z.NEVER;
    }
    if (notBeforeToday && day < ukDay()) {
      ctx.addIssue({ code: "custom", message: `The ${label} date cannot be in the past` });
      return z.NEVER;
    }
    return day;
  });
}

const quantityField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
  z
    .number({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
);

const requestFields = {
  notes: optionalText(QUOTE_NOTES_MAX_LENGTH, `Notes must be ${QUOTE_NOTES_MAX_LENGTH} characters or fewer`),
  wantedBy: dayField("wanted-by", { required: false, notBeforeToday: true }),
};

/** "Request a quote" from the cart: the lines are the cart's, so only the note and the wanted-by date. */
export const requestQuoteFormSchema = z.object(requestFields);
export type RequestQuoteForm = z.infer<typeof requestQuoteFormSchema>;

/** "Request a quote" for a Quick Entry list (the pad's format: one "SKU, quantity" a line). */
export const requestQuoteListFormSchema = z.object({ ...requestFields, lines: quickEntrySchema.shape.lines });

/** "Request a quote" for a quick-order CSV (the upload's format). */
export const requestQuoteCsvFormSchema = z.object({ ...requestFields, file: csvUploadSchema.shape.file });

/** POST /api/quotes, and the quick-order pad's and CSV's lines: the items to be priced. */
export const requestQuoteSchema = z.object({
  ...requestFields,
  items: z
    .array(cartLineRefSchema.pick({ productId: true, selectedVariants: true }).extend({ quantity: quantityField }), {
      required_error: NO_QUOTE_LINES,
      invalid_type_error: NO_QUOTE_LINES,
    })
    .min(1, NO_QUOTE_LINES)
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`),
});
export type RequestQuoteInput = z.infer<typeof requestQuoteSchema>;

export const declineQuoteSchema = z.object({
  reason: requiredText(
    DECLINE_REASON_MAX_LENGTH,
    "Say why you are declining the quote",
    `The reason must be ${DECLINE_REASON_MAX_LENGTH} characters or fewer`,
  ),
});
export type DeclineQuoteInput = z.infer<typeof declineQuoteSchema>;

export const reviseQuoteSchema = z.object({
  notes: requiredText(
    QUOTE_NOTES_MAX_LENGTH,
    "Say what you would like changed",
    `Notes must be ${QUOTE_NOTES_MAX_LENGTH} characters or fewer`,
  ),
});
export type ReviseQuoteInput = z.infer<typeof reviseQuoteSchema>;

/** Pounds ex VAT ("12.50", 12.5) → pence; absent → undefined. */
const priceField = z.unknown().transform((value, ctx): number | undefined => {
  if (value === undefined || value === null || text(value) === "") return undefined;
  const pence = parseMoneyInput(value);
  if (pence === null || pence < 0) {
    ctx.addIssue({ code: "custom", message: "A price must be an amount in pounds ex VAT, like 12.50" });
    return z.NEVER;
  }
  return pence;
});

/** A discount off the buyer's own price, "12.5" or "12.5%" → hundredths (0 to 100). */
const discountField = z.unknown().transform((value, ctx): number | undefined => {
  if (value === undefined || value === null || text(value) === "") return undefined;
  const rate = parseMoneyInput(typeof value === "string" ? value.replace(/%\s*$/, "") : value);
  if (rate === null || rate < 0 || rate > 10000) {
    ctx.addIssue({ code: "custom", message: "A discount must be a percentage from 0 to 100" });
    return z.NEVER;
  }
  return rate;
});

const pricedLineSchema = cartLineRefSchema
  .pick({ productId: true, selectedVariants: true })
  .extend({ quantity: quantityField, unitPrice: priceField, discountPercent: discountField })
  .refine((line) => line.unitPrice !== undefined || line.discountPercent !== undefined, {
    message: PRICE_OR_DISCOUNT_MESSAGE,
    path: ["unitPrice"],
  });

/**
 * PUT /api/admin/quotes/{id} and the back office's Save: the lines priced (a price ex VAT, or a discount off
 * the buyer's own price when no price is given), the valid-until date, notes and delivery terms; a quantity
 * outside its product's pack rule only with `overridePackRules` and a `packOverrideReason` (logged).
 */
export const saveQuoteSchema = z.object({
  items: z
    .array(pricedLineSchema, { required_error: NO_QUOTE_LINES, invalid_type_error: NO_QUOTE_LINES })
    .min(1, NO_QUOTE_LINES)
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`),
  validUntil: dayField("valid-until", { required: true, notBeforeToday: true }),
  notes: optionalText(QUOTE_NOTES_MAX_LENGTH, `Notes must be ${QUOTE_NOTES_MAX_LENGTH} characters or fewer`),
  deliveryTerms: optionalText(DELIVERY_TERMS_MAX_LENGTH, `Delivery terms must be ${DELIVERY_TERMS_MAX_LENGTH} characters or fewer`),
  ...packOverrideFields,
});
export type SaveQuoteInput = z.infer<typeof saveQuoteSchema>;

/**
 * The back office's quote form → the API's JSON shape: one row per line (`line.<n>.productId`, `.variants`
 * (JSON), `.quantity`, `.unitPrice`, `.discountPercent`, `.remove`), and a new line: `add.code` (a SKU or
 * barcode, found on the server as quick order finds one: `added`), `add.quantity`, `add.unitPrice`.
 */
export function saveQuoteInputFromForm(formData: FormData, added: { productId: number; selectedVariants: Record<string, string> } | null = null) {
  const rows = new Map<string, Record<string, string>>();
  for (const [field, value] of formData.entries()) {
    const match = /^line\.(\d+)\.(\w+)$/.exec(field);
    if (!match || typeof value !== "string") continue;
    const row = rows.get(match[1]!) ?? {};
    row[match[2]!] = value;
    rows.set(match[1]!, row);
  }
  const items: Record<string, unknown>[] = [];
  for (const [, row] of [...rows].sort(([a], [b]) => Number(a) - Number(b))) {
    if (row.remove) continue;
    let selectedVariants: unknown = {};
    try {
      selectedVariants = row.variants ? JSON.parse(row.variants) : {};
    } catch {
      selectedVariants = {};
    }
    items.push({
      productId: row.productId,
      selectedVariants,
      quantity: row.quantity,
      // a discount typed in wins over the price shown beside it: it is how the price is asked for
      unitPrice: row.discountPercent?.trim() ? undefined : row.unitPrice,
      discountPercent: row.discountPercent,
    });
  }
  if (added) {
    items.push({
      productId: added.productId,
      selectedVariants: added.selectedVariants,
      quantity: String(formData.get("add.quantity") ?? "1").trim() || "1",
      unitPrice: formData.get("add.unitPrice") ?? undefined,
      discountPercent: String(formData.get("add.unitPrice") ?? "").trim() ? undefined : "0",
    });
  }
  return {
    items,
    validUntil: formData.get("validUntil"),
    notes: formData.get("notes"),
    deliveryTerms: formData.get("deliveryTerms"),
    overridePackRules: formData.get("overridePackRules") ?? undefined,
    packOverrideReason: formData.get("packOverrideReason") ?? undefined,
  };
}

export const QUOTE_PACK_OVERRIDE_REASON_REQUIRED = "Give a reason to quote outside the pack rules";

/** The pricing form's field for a new line's product: its SKU or barcode (options after a comma). */
export const ADD_LINE_CODE_FIELD = "add.code";

/** Accept: where to deliver (one of the company's addresses; none: the default, else the last order's) and a PO reference. */
export const acceptQuoteSchema = z.object({
  addressId: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ invalid_type_error: "Choose one of your delivery addresses" }).int("Choose one of your delivery addresses").positive("Choose one of your delivery addresses").optional(),
  ),
  poReference: optionalText(PO_REFERENCE_MAX_LENGTH, PO_REFERENCE_TOO_LONG),
});
export type AcceptQuoteInput = z.infer<typeof acceptQuoteSchema>;
