/**
 * The buyer's price list for offline use (docs/decisions/0077): the compact form the server sends and the
 * device keeps, and the look-ups the quick-order pad and the search box make on it offline. Pure and
 * browser-safe. Money in integer pence, rates in hundredths.
 *
 * Extension point: a new per-product field (pack rules: minimum and multiple, being built on their own branch)
 * is a new name appended to PRICE_LIST_COLUMNS and a value appended in `priceListRow`. Readers look columns up by
 * name (`decodePriceList`), so a device with an older client simply ignores a column it does not know.
 */
import { withVat } from "~/utils/money";
import { slugify } from "~/utils/slug";

export const PRICE_LIST_VERSION = 1;

export const PRICE_LIST_COLUMNS = ["id", "sku", "name", "slug", "ex", "inc", "vat", "stock", "cat", "vol"] as const;

/** A volume step the buyer can reach: [minimum quantity, discount in hundredths]. */
export type VolumeStep = [number, number];

/** One product as sent: the values in the order of PRICE_LIST_COLUMNS (slug "" when it is slugify(name)). */
export type PriceListRow = [number, string, string, string, number, number, number, number, number, VolumeStep[] | 0];

export type PriceListBody = {
  v: typeof PRICE_LIST_VERSION;
  /** "company": the buyer's company prices; "list": list prices (not yet approved, staff) */
  basis: "company" | "list";
  cats: string[];
  cols: readonly string[];
  rows: PriceListRow[];
};

export type PriceListProduct = {
  id: number;
  sku: string;
  name: string;
  slug: string;
  /** the unit price for one, ex VAT, pence */
  exVat: number;
  incVat: number;
  vatRate: number;
  /** stock when the list was made */
  stock: number;
  category: string | null;
  volumeSteps: VolumeStep[];
};

export function priceListRow(product: {
  id: number;
  sku: string | null;
  name: string;
  slug: string;
  unitPrice: number;
  vatRate: number;
  stockLevel: number;
  categoryIndex: number;
  volumeSteps: VolumeStep[];
}): PriceListRow {
  return [
    product.id,
    product.sku ?? "",
    product.name,
    // most slugs are the name's own (slugify): sent only when not, which halves the list
    product.slug === slugify(product.name) ? "" : product.slug,
    product.unitPrice,
    withVat(product.unitPrice, product.vatRate),
    product.vatRate,
    product.stockLevel,
    product.categoryIndex,
    product.volumeSteps.length > 0 ? product.volumeSteps : 0,
  ];
}

/** Reads a price list by column name; null for anything that is not one (an error reply, another version). */
export function decodePriceList(body: unknown): PriceListProduct[] | null {
  const list = body as Partial<PriceListBody> | null;
  if (!list || list.v !== PRICE_LIST_VERSION || !Array.isArray(list.cols) || !Array.isArray(list.rows)) return null;
  const at = (name: (typeof PRICE_LIST_COLUMNS)[number]) => list.cols!.indexOf(name);
  const index = Object.fromEntries(PRICE_LIST_COLUMNS.map((name) => [name, at(name)])) as Record<(typeof PRICE_LIST_COLUMNS)[number], number>;
  if (Object.values(index).some((i) => i < 0)) return null;
  const cats = Array.isArray(list.cats) ? list.cats : [];
  return list.rows.map((row) => {
    const cell = row as unknown[];
    const steps = cell[index.vol];
    return {
      id: Number(cell[index.id]),
      sku: String(cell[index.sku] ?? ""),
      name: String(cell[index.name] ?? ""),
      slug: String(cell[index.slug] || slugify(String(cell[index.name] ?? ""))),
      exVat: Number(cell[index.ex]),
      incVat: Number(cell[index.inc]),
      vatRate: Number(cell[index.vat]),
      stock: Number(cell[index.stock]),
      category: cats[Number(cell[index.cat])] ?? null,
      volumeSteps: Array.isArray(steps) ? (steps as VolumeStep[]) : [],
    };
  });
}

function normalise(text: string): string {
  return text.trim().toLowerCase();
}

/** The product a quick-order line names, as the server matches it: its SKU, the end of its web address, or its full name (any case). */
export function findProduct(products: readonly PriceListProduct[], code: string): PriceListProduct | null {
  const wanted = normalise(code);
  if (!wanted) return null;
  return (
    products.find((product) => product.sku && normalise(product.sku) === wanted) ??
    products.find((product) => normalise(product.slug) === wanted) ??
    products.find((product) => normalise(product.name) === wanted) ??
    null
  );
}

/**
 * Products matching every word of the query in their name, SKU or category: exact SKU first, then names that
 * start with the query, then the rest by name.
 */
export function searchPriceList(products: readonly PriceListProduct[], query: string, limit = 20): PriceListProduct[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const q = normalise(query);
  const rank = (product: PriceListProduct) => (normalise(product.sku) === q ? 0 : normalise(product.name).startsWith(q) ? 1 : 2);
  return products
    .filter((product) => {
      const text = `${product.name} ${product.sku} ${product.category ?? ""}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, "en-GB"))
    .slice(0, limit);
}
