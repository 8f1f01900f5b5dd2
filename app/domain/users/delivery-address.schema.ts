/**
 * The address book: delivery addresses a customer keeps to pick at checkout. One schema for the
 * /account/addresses forms (browser and action), POST/PUT /api/addresses and the checkout's "save this
 * address" box. The address fields carry the checkout's own rules and messages, so an address that was
 * good enough to order to is good enough to keep, and the other way round. Browser-safe.
 */
import { z } from "zod";
import { requiredTextField } from "~/domain/pricing/pricing-rules.schema";
import { normalisePostcode } from "~/domain/shared/postcode";

/** The checkout's messages (spec §5), shared by the address book. */
export const ADDRESS_MESSAGES = {
  name: "Name is required",
  address: "Address is required",
  city: "City is required",
  postcode: "Postcode is required",
} as const;
export const LABEL_REQUIRED = "Label is required";

export const ADDRESS_LABEL_MAX_LENGTH = 60;
/** An address book, not an archive: past this many, the customer tidies up first. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;
export const ADDRESS_NOT_FOUND = "Address not found";
export const ADDRESS_BOOK_FULL = `Your address book holds at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one you no longer use first.`;

const requiredText = (message: string, max: number) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be ${max} characters or fewer`);

/** Where goods go: the same four fields, lengths and messages as the checkout's shipping details. */
export const addressFields = {
  name: requiredText(ADDRESS_MESSAGES.name, 200),
  address: requiredText(ADDRESS_MESSAGES.address, 500),
  city: requiredText(ADDRESS_MESSAGES.city, 100),
  // a UK postcode in its standard form ("ls16en" → "LS1 6EN"); anything else upper-cased as typed
  postcode: requiredText(ADDRESS_MESSAGES.postcode, 20).transform(normalisePostcode),
};

/** The buyer's own name for an address ("Yard", "Site B, Leeds"). */
export const addressLabelField = requiredTextField(
  LABEL_REQUIRED,
  ADDRESS_LABEL_MAX_LENGTH,
  `Keep the label to ${ADDRESS_LABEL_MAX_LENGTH} characters or fewer`,
);

/** A ticked checkbox posts "on", an unticked one nothing; a JSON client sends true or false. */
export const checkboxField = z.unknown().transform((value) => value === true || value === "on" || value === "true");

/**
 * Add or edit an address (the form and POST/PUT /api/addresses): label, name, address, city, postcode and
 * `isDefault` (true makes it the default; the default changes only by naming another one).
 */
export const deliveryAddressSchema = z.object({
  label: addressLabelField,
  ...addressFields,
  isDefault: checkboxField,
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;

/** An address id from a form or a URL (`?edit=`, `?address=`): a positive whole number. */
export const addressIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The /account/addresses screen's posts: which form, and the address it is about (not for "add"). */
export const ADDRESS_INTENTS = ["add", "edit", "delete", "default"] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];
export const addressCommandSchema = z.object({ intent: z.enum(ADDRESS_INTENTS), addressId: addressIdSchema });

export const ADDRESSES_PATH = "/account/addresses";
