/**
 * The buyer's price list for offline use (docs/decisions/0077): the compact form the server sends and the
 * device keeps, and the look-ups the quick-order pad and the search box make on it offline. Pure and
 * browser-safe. Money in integer pence, rates in hundredths.
 *
 * Extension point: a new per-product field is a new name appended to PRICE_LIST_COLUMNS and a value appended in
 * `priceListRow` (the price steps and the pack rules came so). Readers look columns up by name
 * (`decodePriceList`), so a device with an older client simply ignores a column it does not know, and a list kept
 * before a column was added reads as "not set".
 */
import { effectivePackRule, type PackRule, type PackRuleFields } from "~/domain/catalog/pack-rules";
import { withVat } from "~/utils/money";
import { slugify } from "~/utils/slug";

export const PRICE_LIST_VERSION = 1;

export const PRICE_LIST_COLUMNS = [
  "id",
  "sku",
  "name",
  "slug",
  "ex",
  "inc",
  "vat",
  "stock",
  "cat",
  "vol",
  // added with the order queue (0078): the unit price ex VAT at each volume step, so the device shows the price
  // the server will charge for the quantity typed
  "volp",
  // the pack rules (docs/decisions/0074), the product's own (a variant's may differ: the server checks the line)
  "min",
  "mult",
  "pack",
  "upp",
] as const;

/** The columns a reader must find; those added later may be missing from a list a device kept before. */
const REQUIRED_COLUMNS = ["id", "sku", "name", "slug", "ex", "inc", "vat", "stock", "cat", "vol"] as const;

/** A volume step the buyer can reach: [minimum quantity, discount in hundredths]. */
export type VolumeStep = [number, number];
/** The unit price ex VAT (pence) from a quantity on: [minimum quantity, price]. */
export type PriceStep = [number, number];

/**
 * One product as sent: the values in the order of PRICE_LIST_COLUMNS (slug "" when it is slugify(name); 0 or ""
 * for a pack field the product does not set).
 */
export type PriceListRow = [
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  VolumeStep[] | 0,
  PriceStep[] | 0,
  number,
  number,
  string,
  number,
];

/** The delivery details checkout would start with, kept so that an order made offline can be sent (0078). */
export type PriceListDelivery = {
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
};

export type PriceListBody = {
  v: typeof PRICE_LIST_VERSION;
  /** "company": the buyer's company prices; "list": list prices (not yet approved, staff) */
  basis: "company" | "list";
  cats: string[];
  cols: readonly string[];
  rows: PriceListRow[];
  /** the buyer's own delivery details as checkout fills them in; absent for anyone who cannot order */
  ship?: PriceListDelivery;
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
  /** the unit price ex VAT from each step's quantity on (empty: the price is the same for any quantity) */
  priceSteps: PriceStep[];
  /** the product's pack rule fields (null: not set) */
  pack: PackRuleFields;
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
  priceSteps: PriceStep[];
} & PackRuleFields): PriceListRow {
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
    product.priceSteps.length > 0 ? product.priceSteps : 0,
    product.minOrderQuantity ?? 0,
    product.orderMultiple ?? 0,
    product.packLabel ?? "",
    product.unitsPerPack ?? 0,
  ];
}

/** Reads a price list by column name; null for anything that is not one (an error reply, another version). */
export function decodePriceList(body: unknown): PriceListProduct[] | null {
  const list = body as Partial<PriceListBody> | null;
  if (!list || list.v !== PRICE_LIST_VERSION || !Array.isArray(list.cols) || !Array.isArray(list.rows)) return null;
  const at = (name: (typeof PRICE_LIST_COLUMNS)[number]) => list.cols!.indexOf(name);
  const index = Object.fromEntries(PRICE_LIST_COLUMNS.map((name) => [name, at(name)])) as Record<(typeof PRICE_LIST_COLUMNS)[number], number>;
  if (REQUIRED_COLUMNS.some((name) => index[name] < 0)) return null;
  const cats = Array.isArray(list.cats) ? list.cats : [];
  return list.rows.map((row) => {
    const cell = row as unknown[];
    const steps = cell[index.vol];
    const priceSteps = index.volp < 0 ? null : cell[index.volp];
    const whole = (name: "min" | "mult" | "upp") => {
      const value = index[name] < 0 ? 0 : Number(cell[index[name]]);
      return Number.isInteger(value) && value > 0 ? value : null;
    };
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
      priceSteps: Array.isArray(priceSteps) ? (priceSteps as PriceStep[]) : [],
      pack: {
        minOrderQuantity: whole("min"),
        orderMultiple: whole("mult"),
        packLabel: index.pack < 0 ? null : String(cell[index.pack] ?? "") || null,
        unitsPerPack: whole("upp"),
      },
    };
  });
}

/** The buyer's delivery details kept with the list, or null when it has none (or they are malformed). */
export function deliveryOfPriceList(body: unknown): PriceListDelivery | null {
  const ship = (body as Partial<PriceListBody> | null)?.ship;
  if (!ship || typeof ship !== "object") return null;
  const fields = ["shippingName", "shippingEmail", "shippingAddress", "shippingCity", "shippingPostcode"] as const;
  if (fields.some((name) => typeof ship[name] !== "string")) return null;
  return Object.fromEntries(fields.map((name) => [name, ship[name]])) as PriceListDelivery;
}

/**
 * The unit price ex VAT the server charges for `quantity` of a product (all its lines together): the lowest of
 * the price for one and the prices of the steps the quantity reaches (the engine takes the best discount reached).
 */
export function unitPriceAt(product: Pick<PriceListProduct, "exVat" | "priceSteps">, quantity: number): number {
  let price = product.exVat;
  for (const [minimum, stepPrice] of product.priceSteps) if (quantity >= minimum && stepPrice < price) price = stepPrice;
  return price;
}

/** The product's pack rule as the device knows it. */
export function packRuleOf(product: Pick<PriceListProduct, "pack">): PackRule {
  return effectivePackRule(product.pack);
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
