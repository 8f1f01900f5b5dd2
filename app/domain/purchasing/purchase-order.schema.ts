/**
 * Commands and queries of the back office's purchase orders (/admin/purchase-orders and
 * /api/admin/purchase-orders/...): the list's filters, creating an order and moving its status.
 * Browser-safe: the screen's forms validate with the same schemas as the server.
 */
import { z } from "zod";
import {
  addIssue,
  apiPageSizeField,
  asText,
  optionalTextField,
  parseTwoPlaces,
  requiredIdField,
  searchTerm,
  wholeNumberField,
  MONEY_MAX_PENCE,
} from "~/domain/pricing/pricing-rules.schema";
import { PURCHASE_ORDER_STATUSES } from "./purchase-order-status";

export const PURCHASE_ORDERS_PAGE_SIZE = 20;

// The spec's notices and messages, exactly.
export const PURCHASE_ORDERS_GENERATED = "Purchase orders generated";
export const GENERATE_FAILED = "Failed to generate purchase orders";
export const STATUS_UPDATE_FAILED = "Failed to update purchase order status";

export const PURCHASE_ORDER_CREATED = "Purchase order created";
export const STATUS_UPDATED = "Status updated";
export const NOTHING_TO_REORDER = "Nothing to reorder";
export const PURCHASE_ORDER_NOT_FOUND = "Purchase order not found";
export const NO_PURCHASE_ORDERS = "No purchase orders yet. Click Auto-Generate POs to draft orders for the products the stock forecast says to reorder.";
const NO_LINE_ITEMS = "Please add at least one line item";
const SUPPLIER_REQUIRED = "Supplier is required";
const SUPPLIER_INVALID = "Choose a supplier from the list";

export const NOTES_MAX = 2000;
const MAX_LINES = 200;
const MAX_QUANTITY = 1_000_000;
/** Rows the Create form shows at first; "More lines" adds this many again, up to FORM_LINES_MAX. */
export const FORM_LINES_STEP = 5;
export const FORM_LINES_MAX = 50;

const pageField = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

/** `?status=&q=&page=` of the screen; anything unreadable means no filter. q: order number or supplier. */
export const purchaseOrderListQuerySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES).optional().catch(undefined),
  q: searchTerm,
  page: pageField,
});
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuerySchema>;

/** GET /api/admin/purchase-orders: the same filters, `pageSize` up to 100, and a 400 for an unknown status. */
export const purchaseOrderApiQuerySchema = z.object({
  status: z
    .enum(PURCHASE_ORDER_STATUSES, {
      errorMap: () => ({ message: `status must be one of ${PURCHASE_ORDER_STATUSES.join(", ")}` }),
    })
    .optional(),
  q: searchTerm,
  page: pageField,
  pageSize: apiPageSizeField,
});

/** PATCH /api/admin/purchase-orders/{id}/status {status}; the status select. */
export const purchaseOrderStatusSchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, {
    errorMap: () => ({ message: `Status must be one of ${PURCHASE_ORDER_STATUSES.join(", ")}` }),
  }),
});
export type PurchaseOrderStatusInput = z.infer<typeof purchaseOrderStatusSchema>;

/** A unit price in pounds (0 or more, two decimals) → pence; blank → null (the product's cost price). */
const unitPriceField = z.unknown().transform((value, ctx): number | null => {
  const text = asText(value);
  if (text === "") return null;
  const pence = parseTwoPlaces(value);
  if (pence === null || pence > MONEY_MAX_PENCE) {
    return addIssue(ctx, "Unit price must be an amount in pounds of 0 or more, like 12.50");
  }
  return pence;
});

const lineSchema = z.object({
  productId: requiredIdField("Product is required", "Choose a product from the list"),
  quantity: wholeNumberField(
    "Quantity is required",
    "Quantity must be a whole number of at least 1",
    1,
    MAX_QUANTITY,
    `Quantity must be at most ${MAX_QUANTITY.toLocaleString("en-GB")}`,
  ),
  unitPrice: unitPriceField.optional().transform((value) => value ?? null),
});
type PurchaseOrderLine = z.infer<typeof lineSchema>;

const header = {
  supplierId: z.unknown().transform((value, ctx): string => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, SUPPLIER_REQUIRED);
    if (text === null || !/^[\w-]{1,64}$/.test(text)) return addIssue(ctx, SUPPLIER_INVALID);
    return text;
  }),
  notes: optionalTextField(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`, "Notes must be text"),
};

/**
 * POST /api/admin/purchase-orders {supplierId, items: [{productId, quantity, unitPrice?}], notes?}. The
 * VAT rate is the product's; a unit price left out is the product's cost price. Totals are the server's.
 */
export const createPurchaseOrderSchema = z.object({
  ...header,
  items: z
    .array(lineSchema, { required_error: NO_LINE_ITEMS, invalid_type_error: NO_LINE_ITEMS })
    .min(1, NO_LINE_ITEMS)
    .max(MAX_LINES, `A purchase order can have at most ${MAX_LINES} lines`),
});
export type CreatePurchaseOrderInput = z.infer<typeof createPurchaseOrderSchema>;

/** A form row nobody filled in: no product and no price. */
function isBlankRow(value: unknown) {
  if (!value || typeof value !== "object") return true;
  const row = value as Record<string, unknown>;
  return asText(row.productId) === "" && asText(row.unitPrice) === "";
}

/**
 * The Create form: a fixed set of rows (it works without JavaScript), of which the blank ones are ignored.
 * Blank rows become null before validation, so an error stays on the row it belongs to.
 */
export const createPurchaseOrderFormSchema = z.object({
  ...header,
  items: z
    .array(z.preprocess((row) => (isBlankRow(row) ? null : row), lineSchema.nullable()))
    .max(FORM_LINES_MAX)
    .default([])
    .transform((rows) => rows.filter((row): row is PurchaseOrderLine => row !== null))
    .refine((rows) => rows.length > 0, NO_LINE_ITEMS),
});
