/**
 * A product CSV as a real trade catalogue would send it, for the import benchmark and the import tests:
 * the simple row of the spec, or Shopify's export with each product's options spread over several rows
 * (one per combination, plus rows that only add an image), HTML bodies, image links, prices and stock.
 * The same seed gives the same file; `revision` changes stock on every product and the price on one in ten,
 * the way a nightly re-export of the same catalogue does.
 */
import { SHOPIFY_COLUMNS } from "~/domain/catalog/product-csv";
import { slugify } from "~/utils/slug";
import { createRandom, type Random } from "./random";
import { SCALE_BRANDS, SCALE_CATEGORIES, SCALE_SPECS } from "./scale-data";

export type SampleLayout = "simple" | "shopify";

export type SampleOptions = {
  products: number;
  layout: SampleLayout;
  seed?: number;
  /** 0 for the first file; each later revision moves stock and some prices */
  revision?: number;
};

/** What the import should make of product `index` (the same for both layouts). */
export type SampleProduct = {
  slug: string;
  sku: string;
  name: string;
  category: string;
  /** Shopify's Type: the product's kind within its category */
  type: string;
  salesPrice: number;
  costPrice: number;
  stockLevel: number;
  imageUrl: string;
  taxable: boolean;
  variants: { name: string; options: string[] }[];
};

const COLOURS = ["Black", "White", "Navy", "Red", "Grey", "Green", "Blue", "Yellow"];
const SIZES = ["Small", "Medium", "Large", "XL", "XXL"];
const PACKS = ["Pack of 10", "Pack of 25", "Pack of 50", "Box of 100", "Box of 250"];
const ZERO_RATED = new Set(["Frozen Food", "Chilled Food", "Bakery"]);
const CDN = "https://cdn.shopify.com/s/files/1/0612/3456/7890/products";

function money(pence: number) {
  return (pence / 100).toFixed(2);
}

function productAt(index: number, seed: number, revision: number): SampleProduct {
  const random = createRandom(seed * 1_000_003 + index);
  const [category, kinds] = SCALE_CATEGORIES[index % SCALE_CATEGORIES.length];
  const kind = kinds[Math.floor(index / SCALE_CATEGORIES.length) % kinds.length];
  const brand = random.pick(SCALE_BRANDS);
  const spec = random.pick(SCALE_SPECS);
  const number = index + 1;
  const name = `${brand} ${kind} ${spec} No. ${number}`;
  const costPrice = random.int(20, 8_000);
  let salesPrice = Math.round(costPrice * (1.3 + random.next() * 0.5));
  let stockLevel = random.chance(0.08) ? 0 : random.int(1, 2_000);

  const shape = random.next();
  const variants =
    shape < 0.4
      ? []
      : shape < 0.75
        ? [{ name: "Pack", options: random.sample(PACKS, random.int(2, 5)) }]
        : [
            { name: "Colour", options: random.sample(COLOURS, random.int(2, 4)) },
            { name: "Size", options: random.sample(SIZES, random.int(2, 3)) },
          ];

  if (revision > 0) {
    const change = createRandom(seed * 7_919 + revision * 104_729 + index);
    stockLevel = change.int(0, 2_500);
    if (change.chance(0.1)) salesPrice += change.int(1, 250);
  }
  // another seed is another catalogue: its slugs and codes never meet the first one's
  const serial = seed === 1 ? String(number) : `${seed}-${number}`;
  const slug = `${slugify(`${brand} ${kind} ${spec}`)}-${serial}`;
  return {
    slug,
    sku: `${category.replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase()}-${seed === 1 ? "" : `${seed}-`}${String(number).padStart(6, "0")}`,
    name,
    category,
    type: kind,
    salesPrice,
    costPrice,
    stockLevel,
    imageUrl: `${CDN}/${slug}-1.jpg?v=1718000000`,
    taxable: !ZERO_RATED.has(category),
    variants,
  };
}

/** Product `index` of a sample, as the import should store it. */
export function sampleProduct(index: number, options: Omit<SampleOptions, "products" | "layout"> = {}): SampleProduct {
  return productAt(index, options.seed ?? 1, options.revision ?? 0);
}

function plainDescription(product: SampleProduct, random: Random) {
  const uses = random.pick(["site work", "busy kitchens", "daily cleaning", "contract jobs", "retail counters"]);
  return [
    `${product.name}: trade quality ${product.type.toLowerCase()} for ${uses}, supplied by the case.`,
    `Made to last, easy to stock and quick to reorder. Order before 4pm for next-day delivery, "no quibble" returns within 30 days.`,
  ].join("\n");
}

function htmlDescription(product: SampleProduct, random: Random) {
  const points = random.sample(
    ["Hard-wearing &amp; easy to clean", "Trade pack, sold by the case", "Meets BS EN standards", "Next-day delivery", "Recyclable packaging", "Colour-fast finish"],
    random.int(2, 4),
  );
  return (
    `<p><strong>${product.name}</strong> &ndash; trade quality ${product.type.toLowerCase()} for professionals.</p>` +
    `<ul>${points.map((point) => `<li>${point}</li>`).join("")}</ul>` +
    `<p>Order before 4pm for next-day delivery.<br>Prices exclude VAT.&nbsp;<em>Bulk discounts available.</em></p>`
  );
}

function quote(cell: string) {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const line = (cells: string[]) => `${cells.map(quote).join(",")}\r\n`;

const SIMPLE_HEADER = ["slug", "sku", "name", "description", "category", "stockLevel", "salesPrice", "imageUrl", "costPrice"];

/** Every combination of the options, the first option changing slowest (as Shopify lists them). */
function combinations(variants: SampleProduct["variants"]): string[][] {
  let out: string[][] = [[]];
  for (const variant of variants) out = out.flatMap((combination) => variant.options.map((option) => [...combination, option]));
  return out;
}

function shopifyLines(product: SampleProduct, random: Random): string[] {
  const columns = SHOPIFY_COLUMNS;
  const at = new Map<string, number>(columns.map((column, index) => [column, index]));
  const blank = () => columns.map(() => "");
  const set = (row: string[], column: (typeof SHOPIFY_COLUMNS)[number], value: string) => {
    row[at.get(column)!] = value;
  };
  const combos = product.variants.length > 0 ? combinations(product.variants) : [["Default Title"]];
  const names = product.variants.length > 0 ? product.variants.map((variant) => variant.name) : ["Title"];
  // Shopify lists the stock per variant: spread the product's stock over its rows
  const share = Math.floor(product.stockLevel / combos.length);
  const rows = combos.map((options, index) => {
    const row = blank();
    set(row, "Handle", product.slug);
    if (index === 0) {
      set(row, "Title", product.name);
      set(row, "Body (HTML)", htmlDescription(product, random));
      set(row, "Vendor", product.name.split(" ")[0]);
      set(row, "Product Category", `Business & Industrial > ${product.category} > ${product.type}`);
      set(row, "Type", product.type);
      set(row, "Tags", `${product.category}, trade, ${product.type}`);
      set(row, "Published", "TRUE");
      set(row, "Gift Card", "FALSE");
      set(row, "SEO Title", `${product.name} | Trade Supplies`);
      set(row, "SEO Description", `Buy ${product.name} at trade prices.`);
      set(row, "Google Shopping / Condition", "new");
      set(row, "Status", random.chance(0.05) ? "draft" : "active");
      set(row, "Image Src", product.imageUrl);
      set(row, "Image Position", "1");
      set(row, "Image Alt Text", product.name);
    }
    names.forEach((name, slot) => {
      if (index === 0) set(row, `Option${slot + 1} Name` as (typeof SHOPIFY_COLUMNS)[number], name);
      set(row, `Option${slot + 1} Value` as (typeof SHOPIFY_COLUMNS)[number], options[slot]);
    });
    set(row, "Variant SKU", index === 0 ? product.sku : `${product.sku}-${index + 1}`);
    set(row, "Variant Grams", String(random.int(50, 25_000)));
    set(row, "Variant Inventory Tracker", "shopify");
    set(row, "Variant Inventory Qty", String(index === 0 ? product.stockLevel - share * (combos.length - 1) : share));
    set(row, "Variant Inventory Policy", "deny");
    set(row, "Variant Fulfillment Service", "manual");
    set(row, "Variant Price", money(product.salesPrice));
    set(row, "Variant Compare At Price", random.chance(0.3) ? money(Math.round(product.salesPrice * 1.2)) : "");
    set(row, "Variant Requires Shipping", "TRUE");
    set(row, "Variant Taxable", product.taxable ? "TRUE" : "FALSE");
    set(row, "Variant Barcode", String(5_000_000_000_000 + random.int(0, 999_999_999)));
    set(row, "Variant Image", index > 0 && random.chance(0.5) ? `${CDN}/${product.slug}-${index + 1}.jpg?v=1718000000` : "");
    set(row, "Variant Weight Unit", "kg");
    set(row, "Cost per item", money(product.costPrice));
    return line(row);
  });
  // Shopify adds a row with only the Handle and the image for every picture beyond the variants' ones
  for (let extra = random.int(0, 2), position = 2; extra > 0; extra -= 1, position += 1) {
    const row = blank();
    set(row, "Handle", product.slug);
    set(row, "Image Src", `${CDN}/${product.slug}-extra-${position}.jpg?v=1718000000`);
    set(row, "Image Position", String(position));
    set(row, "Image Alt Text", `${product.name}, view ${position}`);
    rows.push(line(row));
  }
  return rows;
}

/** The file's lines (each ending \r\n), header first: written out a piece at a time for large files. */
export function* productCsvSampleLines(options: SampleOptions): Generator<string> {
  const seed = options.seed ?? 1;
  const revision = options.revision ?? 0;
  yield line(options.layout === "simple" ? SIMPLE_HEADER : [...SHOPIFY_COLUMNS]);
  for (let index = 0; index < options.products; index += 1) {
    const product = productAt(index, seed, revision);
    // the text and the cells the import does not read are the product's own, the same in every revision:
    // a re-export moves stock and prices (productAt), not descriptions
    const random = createRandom(seed * 31 + index * 17);
    if (options.layout === "simple") {
      yield line([
        product.slug,
        product.sku,
        product.name,
        plainDescription(product, random),
        product.category,
        String(product.stockLevel),
        money(product.salesPrice),
        product.imageUrl,
        money(product.costPrice),
      ]);
    } else {
      yield* shopifyLines(product, random);
    }
  }
}

/** The whole file as one string (for tests and small files). */
export function productCsvSample(options: SampleOptions): string {
  let text = "";
  for (const piece of productCsvSampleLines(options)) text += piece;
  return text;
}
