/**
 * The point of sale's commands and queries (/admin/pos and /api/admin/pos/..., /api/admin/get-customer-price),
 * with the spec's texts. Browser-safe: the screen's forms and the server parse with the same schemas.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { MAX_LINE_QUANTITY } from "~/domain/cart/cart.schema";
import { MAX_ORDER_LINES } from "~/domain/orders/order.schema";
import { PAYMENT_METHODS, type PaymentMethod } from "~/domain/invoices/sales-invoice.schema";
import { searchTerm } from "~/domain/pricing/pricing-rules.schema";

// The spec's texts, exactly.
export const SALE_COMPLETED = "Sale completed";
export const CART_EMPTY = "Cart is empty";
export const NO_PRODUCTS_IN_CATEGORY = "No products found in this category";
export const CUSTOMER_PRICING_APPLIED = "Customer-specific pricing applied";
export const WALK_IN_CUSTOMER = "Walk-in Customer";

export const CUSTOMER_NOT_FOUND = "Customer not found";
export const POS_PRODUCT_NOT_FOUND = "Product not found";
/** Goods sold over the counter leave with the buyer: the order's address says so. */
export const COUNTER_HANDOVER = "Collected at the trade counter";

/** Products per page of the grid; a larger catalogue pages on the server. */
export const POS_PAGE_SIZE = 24;

/** The counter takes cash and cards (recorded as `credit`, the schema's card payment), and bank transfers. */
export const POS_PAYMENT_METHODS = ["cash", "credit", "bank_transfer"] as const satisfies readonly PaymentMethod[];
export const POS_PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  credit: "Card",
  bank_transfer: "Bank transfer",
};

/** `?q=&category=&page=&customerSearch=` of the screen: bad values fall back to "no filter". */
export const posQuerySchema = z.object({
  q: searchTerm,
  /** a category's slug; absent for All Products */
  category: searchTerm,
  page: pageField(100_000),
  /** narrows the customer picker's options */
  customerSearch: searchTerm,
});
export type PosQuery = z.infer<typeof posQuerySchema>;

/** `GET /api/admin/pos/products?search=&category=&page=`: the same filters under the API's names. */
export const posProductsApiQuerySchema = z
  .object({ search: searchTerm, category: searchTerm, page: posQuerySchema.shape.page })
  .transform(({ search, ...rest }) => ({ q: search, ...rest }));

const productIdField = z.coerce
  .number({ required_error: "Product is required", invalid_type_error: "Product must be a product id" })
  .int("Product must be a product id")
  .positive("Product must be a product id")
  .max(Number.MAX_SAFE_INTEGER);

const quantityField = (min: number) =>
  z.coerce
    .number({ required_error: "Quantity is required", invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(min, `Quantity must be at least ${min}`)
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY.toLocaleString("en-GB")}`);

/** A customer's id, or blank / null for the walk-in customer. */
const customerIdField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() || null : value ?? null),
  z.string({ invalid_type_error: "customerId must be a customer's id or null" }).max(64).nullable(),
);

/**
 * The sale in progress, changed by the screen's buttons. Quantities are set, not added to: Add, + and −
 * post the quantity the line should have, so a repeated post (a double click, a retry) changes nothing more.
 * Quantity 0 takes the line out.
 */
export const posBasketCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quantity"), productId: productIdField, quantity: quantityField(0) }),
  z.object({ intent: z.literal("remove"), productId: productIdField }),
  z.object({ intent: z.literal("customer"), customerId: customerIdField }),
  z.object({ intent: z.literal("clear") }),
]);
export type PosBasketCommand = z.infer<typeof posBasketCommandSchema>;

const paymentMethodField = z.enum(PAYMENT_METHODS, {
  errorMap: () => ({ message: `Payment method must be one of ${PAYMENT_METHODS.join(", ")}` }),
});

/** A financial account's id; blank or null means "the default account for the payment method". */
const accountIdField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ invalid_type_error: "Financial account must be an account id" })
    .int("Financial account must be an account id")
    .positive("Financial account must be an account id")
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
);

export const PACK_OVERRIDE_REASON_REQUIRED = "Give a reason to sell outside the pack rules";
export const MAX_PACK_OVERRIDE_REASON = 300;

/**
 * Selling outside a product's pack rules (a minimum, a multiple): counter staff tick the box and say why;
 * the reason goes to the audit log with the sale. The box without a reason is refused. The back office's quote
 * pricing takes the same two fields.
 */
export const packOverrideFields = {
  overridePackRules: z.preprocess(
    (value) => (value === undefined || value === null ? undefined : value === true || value === "on" || value === "true"),
    z.boolean().optional(),
  ),
  packOverrideReason: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value ?? undefined),
    z
      .string({ invalid_type_error: "packOverrideReason must be text" })
      .max(MAX_PACK_OVERRIDE_REASON, `The reason must be at most ${MAX_PACK_OVERRIDE_REASON} characters`)
      .optional(),
  ),
};

/** Complete Sale on the screen: how the customer pays and where the money goes. The lines are the basket's. */
export const completeSaleFormSchema = z.object({
  intent: z.literal("complete"),
  paymentMethod: paymentMethodField.default("cash"),
  financialAccountId: accountIdField,
  ...packOverrideFields,
});

/**
 * POST /api/admin/pos/checkout, the spec's body. productName, unitPrice and vatRate are read (a client sends
 * what its screen showed) but never used: the server prices every line again for the customer.
 */
export const posCheckoutSchema = z.object({
  items: z
    .array(
      z.object({
        productId: productIdField,
        productName: z.string().max(500).optional(),
        unitPrice: z.union([z.number(), z.string().max(32)]).optional(),
        vatRate: z.union([z.number(), z.string().max(32)]).optional(),
        quantity: quantityField(1),
      }),
      { required_error: "items is required", invalid_type_error: "items must be a list" },
    )
    .min(1, CART_EMPTY)
    .max(MAX_ORDER_LINES, `A sale holds at most ${MAX_ORDER_LINES} lines`),
  customerName: z.string({ invalid_type_error: "customerName must be text" }).trim().max(200).nullish(),
  customerId: customerIdField,
  paymentMethod: paymentMethodField.default("cash"),
  financialAccountId: accountIdField,
  ...packOverrideFields,
});
export type PosCheckoutBody = z.infer<typeof posCheckoutSchema>;

/** POST /api/admin/get-customer-price {customerId, productId, quantity}. */
export const customerPriceSchema = z.object({
  customerId: z.string({ required_error: "customerId is required", invalid_type_error: "customerId must be text" }).trim().min(1, "customerId is required").max(64),
  productId: productIdField,
  quantity: quantityField(1).default(1),
});
