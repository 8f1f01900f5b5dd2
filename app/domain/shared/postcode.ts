/**
 * UK postcodes as the business writes and checks them. A postcode is stored in its standard form, upper case
 * with one space before the inward code ("ls16en" → "LS1 6EN"), so the same address typed twice reads the
 * same on labels, invoices and in the address book. Deliveries are UK only, so a delivery address must carry
 * a UK postcode: the pattern of the UK government's data standards (GIR 0AA included) or a British Forces
 * "BFPO 1234" (docs/decisions: UK addresses at checkout). Browser-safe.
 */

/** Outward code (A9, A99, AA9, AA99, A9A, AA9A; no I or Z as an area's second letter), then the inward code. */
const UK_POSTCODE_PARTS = /^([A-Z]\d{1,2}|[A-Z][A-HJ-Y]\d{1,2}|[A-Z]\d[A-Z]|[A-Z][A-HJ-Y]\d[A-Z])(\d[A-Z]{2})$/;
const GIROBANK = "GIR0AA";
const BFPO = /^BFPO ?(\d{1,4})$/;

/** The standard form of a UK postcode; any other text upper-cased with single spaces (for the message). */
export function normalisePostcode(value: string): string {
  const tidy = value.trim().toUpperCase().replace(/\s+/g, " ");
  const compact = tidy.replace(/ /g, "");
  if (compact === GIROBANK) return "GIR 0AA";
  const bfpo = BFPO.exec(tidy);
  if (bfpo) return `BFPO ${Number(bfpo[1])}`;
  const match = UK_POSTCODE_PARTS.exec(compact);
  return match ? `${match[1]} ${match[2]}` : tidy;
}

/** Whether a postcode (in any spacing or case) reads as a UK one. */
export function isUkPostcode(value: string): boolean {
  const normal = normalisePostcode(value);
  return normal === "GIR 0AA" || BFPO.test(normal) || UK_POSTCODE_PARTS.test(normal.replace(" ", ""));
}

export const POSTCODE_INVALID = "Enter a UK postcode, for example LS1 6EN";
