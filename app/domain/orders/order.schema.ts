/**
 * Checkout commands, shared by the checkout form (browser and action) and POST /api/orders.
 * Browser-safe: no server imports.
 *
 * The form sends only the shipping details (its lines come from the buyer's saved cart); the API sends the
 * shipping details plus the lines of the client's cart. Prices are never read from either: an item's
 * `unitPrice`, `productName` or `vatRate` are dropped here and the server prices every line itself.
 */
import { z } from "zod";
import { cartLineRefSchema, MAX_LINE_QUANTITY } from "~/domain/cart/cart.schema";

export const SHIPPING_MESSAGES = {
  shippingName: "Name is required",
  shippingEmail: "Invalid email address",
  shippingAddress: "Address is required",
  shippingCity: "City is required",
  shippingPostcode: "Postcode is required",
} as const;

export const EMPTY_CART_MESSAGE = "Your cart is empty";
/** The most lines one order may hold (the cart holds at most as many). */
export const MAX_ORDER_LINES = 1000;

const requiredText = (message: string, max: number) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be ${max} characters or fewer`);

export const shippingSchema = z.object({
  shippingName: requiredText(SHIPPING_MESSAGES.shippingName, 200),
  shippingEmail: z
    .string({ required_error: SHIPPING_MESSAGES.shippingEmail, invalid_type_error: SHIPPING_MESSAGES.shippingEmail })
    .trim()
    .max(254, SHIPPING_MESSAGES.shippingEmail)
    .email(SHIPPING_MESSAGES.shippingEmail)
    .transform((email) => email.toLowerCase()),
  shippingAddress: requiredText(SHIPPING_MESSAGES.shippingAddress, 500),
  shippingCity: requiredText(SHIPPING_MESSAGES.shippingCity, 100),
  // Postcodes are kept as typed, upper-cased, with single spaces ("ls1 6en" → "LS1 6EN").
  shippingPostcode: requiredText(SHIPPING_MESSAGES.shippingPostcode, 20).transform((postcode) =>
    postcode.toUpperCase().replace(/\s+/g, " "),
  ),
});
export type ShippingDetails = z.infer<typeof shippingSchema>;

/** An optional loyalty voucher code: blank means none. The server checks it is the customer's and unused. */
const voucherCodeSchema = z
  .string({ invalid_type_error: "Voucher code must be text" })
  .trim()
  .max(40, "That voucher code is too long")
  .nullish()
  .transform((code) => (code ? code : null));

/**
 * The checkout form: the shipping details and the voucher chosen on the page. Its lines are the buyer's
 * saved cart, read by the server.
 */
export const checkoutFormSchema = shippingSchema.extend({ voucherCode: voucherCodeSchema });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

/** One line of an API order: product, chosen variants and quantity. Anything else sent with it is ignored. */
const orderItemSchema = cartLineRefSchema.pick({ productId: true, selectedVariants: true }).extend({
  quantity: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
  ),
});

/** POST /api/orders: the shipping details plus the items of the client's cart. */
export const apiOrderSchema = shippingSchema.extend({
  voucherCode: voucherCodeSchema,
  items: z
    .array(orderItemSchema, { required_error: EMPTY_CART_MESSAGE, invalid_type_error: EMPTY_CART_MESSAGE })
    .min(1, EMPTY_CART_MESSAGE)
    .max(MAX_ORDER_LINES, `An order holds at most ${MAX_ORDER_LINES} lines`),
});
