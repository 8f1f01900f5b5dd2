/**
 * A delivery address in UK form (business name, lines 1 and 2, town, county, postcode) kept in the spec's
 * fields: the business name and the two lines are joined into the address, the county follows the town,
 * each part separated by ", " (docs/decisions: UK addresses at checkout). Every label, invoice, mail and
 * export that prints address, city and postcode therefore prints the whole address in UK order, and an API
 * client that sends only the spec's fields is read exactly as before. Pure and browser-safe.
 */

export const ADDRESS_PART_SEPARATOR = ", ";

/** The parts a form shows. Blank optional parts are empty strings. */
export type UkAddressParts = {
  businessName: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
};

/** Leading or trailing commas and spaces would double the separator when parts are joined. */
export function tidyAddressPart(part: string | null | undefined): string {
  return (part ?? "").replace(/\s+/g, " ").replace(/^[\s,]+|[\s,]+$/g, "");
}

function join(parts: (string | null | undefined)[]): string {
  return parts.map(tidyAddressPart).filter(Boolean).join(ADDRESS_PART_SEPARATOR);
}

/** "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet": the spec's one address field. */
export function joinAddressLines(parts: { businessName?: string | null; line1: string; line2?: string | null }): string {
  return join([parts.businessName, parts.line1, parts.line2]);
}

/** "Leeds, West Yorkshire": the spec's city field, the county after the town as a UK address writes it. */
export function joinTownAndCounty(town: string, county?: string | null): string {
  return join([town, county]);
}

/**
 * The form's parts of an address kept in the spec's fields, for a form that starts from it. A town never
 * holds ", ", so the city splits at the first one. The address cannot be split back with certainty (a first
 * line may itself hold a comma), so only a leading part that is one of `businessNames` (the customer's own
 * business) goes back to the business name; the rest stays on line 1. Joined again, the parts give exactly
 * the stored text, so an address picked and ordered to unchanged is kept unchanged.
 */
export function splitStoredAddress(
  stored: { address: string; city: string },
  businessNames: readonly (string | null | undefined)[] = [],
): UkAddressParts {
  const cut = stored.city.indexOf(ADDRESS_PART_SEPARATOR);
  const town = cut < 0 ? stored.city.trim() : stored.city.slice(0, cut).trim();
  const county = cut < 0 ? "" : stored.city.slice(cut + ADDRESS_PART_SEPARATOR.length).trim();

  const address = stored.address.trim();
  const known = businessNames.map(tidyAddressPart).filter(Boolean);
  const business = known.find((name) =>
    address.toLowerCase().startsWith(`${name.toLowerCase()}${ADDRESS_PART_SEPARATOR}`),
  );
  if (business) {
    return {
      businessName: address.slice(0, business.length),
      line1: address.slice(business.length + ADDRESS_PART_SEPARATOR.length).trim(),
      line2: "",
      town,
      county,
    };
  }
  return { businessName: "", line1: address, line2: "", town, county };
}
