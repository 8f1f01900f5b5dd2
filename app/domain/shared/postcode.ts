/**
 * Postcodes as the business writes them. A UK postcode is stored in its standard form, upper case with one
 * space before the inward code ("ls16en" → "LS1 6EN"), so the same address typed twice reads the same on
 * labels, invoices and in the address book. Anything that does not read as a UK postcode (a BFPO number, an
 * Irish Eircode, a typo the carrier will query) is kept as typed, upper-cased with single spaces: refusing
 * it would stop an order the yard can still deliver.
 */

/** Outward code (A9, A99, AA9, AA99, A9A, AA9A) then inward code (9AA), without the space. */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/** The standard form of a UK postcode; any other text upper-cased with single spaces. */
export function normalisePostcode(value: string): string {
  const tidy = value.trim().toUpperCase().replace(/\s+/g, " ");
  const match = UK_POSTCODE.exec(tidy.replace(/ /g, ""));
  return match ? `${match[1]} ${match[2]}` : tidy;
}
