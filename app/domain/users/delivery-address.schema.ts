/**
 * The address book: delivery addresses a customer keeps to pick at checkout. One schema for the
 * /account/addresses forms (browser and action), POST/PUT /api/addresses and the checkout's "save this
 * address" box. The address fields carry the checkout's own rules and messages, so an address that was
 * good enough to order to is good enough to keep, and the other way round. Browser-safe.
 */
import { z } from "zod";
import { requiredTextField } from "~/domain/pricing/pricing-rules.schema";
import { isUkPostcode, normalisePostcode, POSTCODE_INVALID } from "~/domain/shared/postcode";
import { joinAddressLines, joinTownAndCounty, tidyAddressPart } from "./uk-address";

export { POSTCODE_INVALID };

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

/** The stored address and city hold at most this much once the UK form's parts are joined into them. */
export const ADDRESS_MAX_LENGTH = 500;
export const CITY_MAX_LENGTH = 100;

/** Where goods go: the spec's four fields, with the same lengths and messages as the checkout's shipping details. */
export const addressFields = {
  name: requiredText(ADDRESS_MESSAGES.name, 200),
  /** the first line of the address */
  address: requiredText(ADDRESS_MESSAGES.address, ADDRESS_MAX_LENGTH),
  /** the town */
  city: requiredText(ADDRESS_MESSAGES.city, CITY_MAX_LENGTH),
  // a UK postcode in its standard form ("ls16en" → "LS1 6EN"); anything that is not one is refused
  postcode: requiredText(ADDRESS_MESSAGES.postcode, 20).transform((value, ctx) => {
    const postcode = normalisePostcode(value);
    if (isUkPostcode(postcode)) return postcode;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: POSTCODE_INVALID });
    return z.NEVER;
  }),
};

/** An optional single line of an address: tidied, blank is "". */
const optionalLine = (max: number) =>
  z
    .string({ invalid_type_error: "Must be text" })
    .nullish()
    .transform((value, ctx) => {
      const line = tidyAddressPart(value);
      if (line.length <= max) return line;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Must be ${max} characters or fewer` });
      return z.NEVER;
    });

/** The UK form's optional parts beside the spec's fields: a business name, a second line and a county. */
export const ukAddressExtras = {
  businessName: optionalLine(100),
  addressLine2: optionalLine(200),
  county: optionalLine(40),
};

export const ADDRESS_TOO_LONG = `The business name and address lines must come to ${ADDRESS_MAX_LENGTH} characters or fewer`;
export const TOWN_AND_COUNTY_TOO_LONG = `The town and county must come to ${CITY_MAX_LENGTH} characters or fewer`;

/**
 * The UK form's parts joined into the spec's address and city (uk-address.ts), or issues on the fields
 * named in `paths` when the joined text would be too long to keep.
 */
export function joinUkAddress(
  parts: { businessName: string; line1: string; line2: string; town: string; county: string },
  ctx: z.RefinementCtx,
  paths: { line2: string; county: string },
): { address: string; city: string } | null {
  const address = joinAddressLines(parts);
  const city = joinTownAndCounty(parts.town, parts.county);
  if (address.length > ADDRESS_MAX_LENGTH) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [paths.line2], message: ADDRESS_TOO_LONG });
  }
  if (city.length > CITY_MAX_LENGTH) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [paths.county], message: TOWN_AND_COUNTY_TOO_LONG });
  }
  return address.length > ADDRESS_MAX_LENGTH || city.length > CITY_MAX_LENGTH ? null : { address, city };
}

/** The buyer's own name for an address ("Yard", "Site B, Leeds"). */
export const addressLabelField = requiredTextField(
  LABEL_REQUIRED,
  ADDRESS_LABEL_MAX_LENGTH,
  `Keep the label to ${ADDRESS_LABEL_MAX_LENGTH} characters or fewer`,
);

/** A ticked checkbox posts "on", an unticked one nothing; a JSON client sends true or false. */
export const checkboxField = z.unknown().transform((value) => value === true || value === "on" || value === "true");

/**
 * Add or edit an address (the form and POST/PUT /api/addresses): label, name, address (line 1), city (the
 * town), postcode and `isDefault` (true makes it the default; the default changes only by naming another
 * one), with the optional businessName, addressLine2 and county joined into address and city as checkout
 * joins them.
 */
export const deliveryAddressSchema = z
  .object({
    label: addressLabelField,
    ...addressFields,
    ...ukAddressExtras,
    isDefault: checkboxField,
  })
  .transform(({ businessName, addressLine2, county, ...input }, ctx) => {
    const joined = joinUkAddress(
      { businessName, line1: input.address, line2: addressLine2, town: input.city, county },
      ctx,
      { line2: "addressLine2", county: "county" },
    );
    return joined ? { ...input, ...joined } : z.NEVER;
  });
export type DeliveryAddressInput = z.output<typeof deliveryAddressSchema>;

/** An address id from a form or a URL (`?edit=`, `?address=`): a positive whole number. */
export const addressIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The /account/addresses screen's posts: which form, and the address it is about (not for "add"). */
export const ADDRESS_INTENTS = ["add", "edit", "delete", "default"] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];
export const addressCommandSchema = z.object({ intent: z.enum(ADDRESS_INTENTS), addressId: addressIdSchema });

export const ADDRESSES_PATH = "/account/addresses";
