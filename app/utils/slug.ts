/**
 * URL slugs for products and categories, derived from a name by the spec's rule: lower case, characters
 * other than (ASCII) word characters, spaces and hyphens dropped — accented letters too, so "Café" gives
 * "caf" — whitespace to hyphens, repeated hyphens collapsed; none left at either end.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
