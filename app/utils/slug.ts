/**
 * URL slugs for products and categories, derived from a name: lower case, accents folded to plain
 * letters, characters other than word characters, spaces and hyphens dropped, whitespace to hyphens,
 * repeated hyphens collapsed, none at either end.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
