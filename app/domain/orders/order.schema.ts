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
import { optionalTextField } from "~/domain/pricing/pricing-rules.schema";
import {
  ADDRESS_MESSAGES,
  addressFields,
  addressLabelField,
  checkboxField,
  joinUkAddress,
  LABEL_REQUIRED,
  ukAddressExtras,
} from "~/domain/users/delivery-address.schema";

export const SHIPPING_MESSAGES = {
  shippingName: ADDRESS_MESSAGES.name,
  shippingEmail: "Invalid email address",
  shippingAddress: ADDRESS_MESSAGES.address,
  shippingCity: ADDRESS_MESSAGES.city,
  shippingPostcode: ADDRESS_MESSAGES.postcode,
} as const;

export const EMPTY_CART_MESSAGE = "Your cart is empty";
/** The most lines one order may hold (the cart holds at most as many). */
export const MAX_ORDER_LINES = 1000;

/**
 * The address fields are the address book's (users/delivery-address.schema.ts): one set of rules for both.
 * The spec's five fields keep their meaning; the UK form adds an optional business name, second line and
 * county, which are joined into shippingAddress and shippingCity (users/uk-address.ts), so the order keeps
 * the spec's fields only and an API client that sends just those is read as before.
 */
const shippingFields = {
  shippingName: addressFields.name,
  shippingEmail: z
    .string({ required_error: SHIPPING_MESSAGES.shippingEmail, invalid_type_error: SHIPPING_MESSAGES.shippingEmail })
    .trim()
    .max(254, SHIPPING_MESSAGES.shippingEmail)
    .email(SHIPPING_MESSAGES.shippingEmail)
    .transform((email) => email.toLowerCase()),
  shippingBusinessName: ukAddressExtras.businessName,
  /** address line 1 */
  shippingAddress: addressFields.address,
  shippingAddressLine2: ukAddressExtras.addressLine2,
  /** the town */
  shippingCity: addressFields.city,
  shippingCounty: ukAddressExtras.county,
  shippingPostcode: addressFields.postcode,
};

/** Where an order goes, as the order keeps it: the spec's five fields. */
export type ShippingDetails = {
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
};

type ShippingInput = ShippingDetails & { shippingBusinessName: string; shippingAddressLine2: string; shippingCounty: string };

/** The UK form's parts joined into the spec's fields; null (with issues) when too long to keep. */
function withJoinedAddress<T extends ShippingInput>(
  input: T,
  ctx: z.RefinementCtx,
): Omit<T, "shippingBusinessName" | "shippingAddressLine2" | "shippingCounty"> | null {
  const { shippingBusinessName, shippingAddressLine2, shippingCounty, ...rest } = input;
  const joined = joinUkAddress(
    { businessName: shippingBusinessName, line1: rest.shippingAddress, line2: shippingAddressLine2, town: rest.shippingCity, county: shippingCounty },
    ctx,
    { line2: "shippingAddressLine2", county: "shippingCounty" },
  );
  return joined ? { ...rest, shippingAddress: joined.address, shippingCity: joined.city } : null;
}

export const shippingSchema = z.object(shippingFields).transform((input, ctx) => withJoinedAddress(input, ctx) ?? z.NEVER);

/** A command with shipping details and "save this address": the address joined, then the label checked. */
function withAddressAndLabel<T extends ShippingInput & SaveAddressInput>(input: T, ctx: z.RefinementCtx) {
  const joined = withJoinedAddress(input, ctx);
  return joined ? withAddressLabel(joined, ctx) : z.NEVER;
}

/** An optional loyalty voucher code: blank means none. The server checks it is the customer's and unused. */
const voucherCodeSchema = z
  .string({ invalid_type_error: "Voucher code must be text" })
  .trim()
  .max(40, "That voucher code is too long")
  .nullish()
  .transform((code) => (code ? code : null));

export const PO_REFERENCE_MAX_LENGTH = 50;
export const DELIVERY_NOTES_MAX_LENGTH = 500;
export const PO_REFERENCE_TOO_LONG = `Your PO reference must be ${PO_REFERENCE_MAX_LENGTH} characters or fewer`;
export const DELIVERY_NOTES_TOO_LONG = `Delivery notes must be ${DELIVERY_NOTES_MAX_LENGTH} characters or fewer`;

/**
 * What a trade buyer adds to an order: their own purchase-order reference (printed on the invoice so their
 * accounts team can match it) and notes for the driver (gate code, opening hours). Both optional: trimmed,
 * blank is null.
 */
const orderReferenceFields = {
  poReference: optionalTextField(PO_REFERENCE_MAX_LENGTH, PO_REFERENCE_TOO_LONG, "Your PO reference must be text"),
  deliveryNotes: optionalTextField(DELIVERY_NOTES_MAX_LENGTH, DELIVERY_NOTES_TOO_LONG, "Delivery notes must be text"),
};

/**
 * "Save this address to my address book": the shipping address is added under `addressLabel` when the
 * order is placed. The label is only asked for when the box is ticked.
 */
const saveAddressFields = {
  saveAddress: checkboxField,
  addressLabel: z.unknown(),
};

type SaveAddressInput = { saveAddress: boolean; addressLabel?: unknown };

/** The label is checked only when the address is to be saved; otherwise it is dropped (null). */
function withAddressLabel<T extends SaveAddressInput>(
  input: T,
  ctx: z.RefinementCtx,
): Omit<T, "addressLabel"> & { addressLabel: string | null } {
  if (!input.saveAddress) return { ...input, addressLabel: null };
  const label = addressLabelField.safeParse(input.addressLabel);
  if (label.success) return { ...input, addressLabel: label.data };
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["addressLabel"], message: label.error.issues[0]?.message ?? LABEL_REQUIRED });
  return z.NEVER;
}

/**
 * The checkout form: the shipping details, the voucher chosen on the page, the buyer's PO reference and
 * delivery notes, and whether to keep the address. Its lines are the buyer's saved cart, read by the server.
 */
export const checkoutFormSchema = z
  .object({ ...shippingFields, voucherCode: voucherCodeSchema, ...orderReferenceFields, ...saveAddressFields })
  .transform(withAddressAndLabel);
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

export const EXPECTED_PRICE_MESSAGE = "expectedUnitPrice must be a whole number of pence, ex VAT";

/**
 * One line of an API order: product, chosen variants and quantity, and optionally the unit price ex VAT (pence)
 * the buyer was shown (an order kept offline sends it: docs/decisions/0078). It is never the price charged: the
 * server prices every line and refuses the order (409, nothing written) when its price is not this one.
 * Anything else sent with a line (unitPrice, productName…) is ignored.
 */
const orderItemSchema = cartLineRefSchema.pick({ productId: true, selectedVariants: true }).extend({
  expectedUnitPrice: z
    .number({ invalid_type_error: EXPECTED_PRICE_MESSAGE })
    .int(EXPECTED_PRICE_MESSAGE)
    .min(0, EXPECTED_PRICE_MESSAGE)
    .max(100_000_000, EXPECTED_PRICE_MESSAGE)
    .optional(),
  quantity: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
  ),
});

/**
 * POST /api/orders: the shipping details plus the items of the client's cart, with the same optional PO
 * reference, delivery notes and "save this address" as the form.
 */
export const apiOrderSchema = z
  .object({
    ...shippingFields,
    voucherCode: voucherCodeSchema,
    ...orderReferenceFields,
    ...saveAddressFields,
    items: z
      .array(orderItemSchema, { required_error: EMPTY_CART_MESSAGE, invalid_type_error: EMPTY_CART_MESSAGE })
      .min(1, EMPTY_CART_MESSAGE)
      .max(MAX_ORDER_LINES, `An order holds at most ${MAX_ORDER_LINES} lines`),
  })
  .transform(withAddressAndLabel);
