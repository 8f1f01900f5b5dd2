/**
 * Product CSV, the pure parts: reading a file in either layout into products to upsert (with the row
 * errors of the rows that cannot be), writing products in Shopify's layout, and the conversions between
 * Shopify's HTML bodies and our plain-text descriptions.
 *
 * Two layouts are read:
 *  - the simple row (spec §3): slug, name, description, category, stockLevel, salesPrice, imageUrl,
 *    costPrice. Header names are matched ignoring case, spaces and underscores; a column that is absent
 *    leaves that field alone on an existing product. Slug or name identifies the row.
 *  - Shopify's product CSV, recognised by its Handle column (decisions.md "Product CSV"): the rows sharing
 *    a Handle are one product.
 * Row numbers are the file's records counted from the header as row 1, as a spreadsheet shows them.
 */
import { restoreCell } from "~/utils/csv-cells";
import { csvReadProblem, readCsvText, type CsvReadOptions } from "~/utils/csv.server";
import { slugify } from "~/utils/slug";
import { toDecimalString } from "~/utils/money";
import { ukDay } from "~/utils/uk-time";
import { packFieldsOf, type PackRuleFields } from "./pack-rules";
import { PACK_FIELD_LABELS, readPackLabel, readPackNumber } from "./pack-rules.schema";
import {
  CATEGORY_NAME_MAX,
  DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SLUG_MAX,
  STOCK_MAX,
  VARIANT_NAME_MAX,
  VARIANT_OPTION_MAX,
  VARIANT_OPTIONS_MAX,
  VARIANTS_PER_PRODUCT_MAX,
  MONEY_MAX_PENCE,
  RATE_MAX,
  imageUrlProblem,
  normaliseDescription,
  parseMoneyInput,
  normaliseSku,
  skuProblem,
  splitOptions,
} from "./product.schema";
import { readBarcodeList } from "./barcode.schema";
import { joinBarcodeList, type Barcode } from "./barcodes";

// ─── Shapes ─────────────────────────────────────────────────────────────────

export type RowError = { row: number; message: string };

export type ImportVariant = { name: string; options: string[] };

/** One variant's pack rule overrides (null inherits the product's). */
export type VariantPackRule = { variant: string; fields: PackRuleFields };

/** The codes of one option of one variant ("Size" "L"), in the order they were given. */
export type OptionBarcodes<Code = string> = { variant: string; option: string; codes: Code[] };

/** The fields a file sets; an absent key means "leave it as it is" (or the default for a new product). */
export type ImportFields = {
  name?: string;
  /** the product code, upper-cased; null clears it */
  sku?: string | null;
  description?: string | null;
  categoryName?: string | null;
  stockLevel?: number;
  salesPrice?: number;
  costPrice?: number;
  imageUrl?: string | null;
  /** the VAT rate in hundredths of a percent, from the VAT rate metafield column (or the simple row's vatRate) */
  vatRate?: number;
  /** Shopify's Variant Taxable; used only when a product is created and no VAT rate is given (FALSE → 0% VAT) */
  taxable?: boolean;
  /** the product's own barcodes, the whole list (an empty cell clears them); absent column: left alone */
  barcodes?: Barcode[];
  /** the codes of its variants' options, the whole list (an empty cell clears them); absent column: left alone */
  optionBarcodes?: OptionBarcodes<Barcode>[];
  /** the variants' pack rule overrides, every variant's (one not named inherits everything); absent column: left alone */
  variantPackRules?: VariantPackRule[];
  /** pack rules: a blank cell clears the rule, an absent column leaves it */
  minOrderQuantity?: number | null;
  orderMultiple?: number | null;
  packLabel?: string | null;
  unitsPerPack?: number | null;
};

export type ImportItem = {
  /** the first row of the product in the file */
  row: number;
  slug: string;
  fields: ImportFields;
  /** the complete set of variants (Shopify); undefined leaves a product's variants alone (simple rows) */
  variants?: ImportVariant[];
};

export type CsvFormat = "simple" | "shopify";

export type ParsedProductCsv = { format: CsvFormat; items: ImportItem[]; errors: RowError[] };

export type ParseOutcome = { ok: true; value: ParsedProductCsv } | { ok: false; message: string };

/** What the export writes for one product. */
export type ExportProduct = {
  slug: string;
  sku: string | null;
  name: string;
  description: string | null;
  categoryName: string | null;
  salesPrice: number;
  costPrice: number;
  vatRate: number;
  stockLevel: number;
  imageUrl: string | null;
  variants: ImportVariant[];
  /** the product's own barcodes */
  barcodes: string[];
  /** its variants' option codes, by variant then option (the variants' order) */
  optionBarcodes: OptionBarcodes[];
  /** the variants that override a pack rule field, in their display order */
  variantPackRules: VariantPackRule[];
} & PackRuleFields;

/** Shopify's product CSV header, column for column as in Shopify's own template. */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Google Shopping / Google Product Category",
  "Google Shopping / Gender",
  "Google Shopping / Age Group",
  "Google Shopping / MPN",
  "Google Shopping / Condition",
  "Google Shopping / Custom Product",
  "Variant Image",
  "Variant Weight Unit",
  "Variant Tax Code",
  "Cost per item",
  "Included / United States",
  "Price / United States",
  "Compare At Price / United States",
  "Included / International",
  "Price / International",
  "Compare At Price / International",
  "Status",
] as const;
export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];

/**
 * The product's VAT rate as a Shopify product metafield column (namespace custom, key vat_rate), which
 * Shopify's importer accepts beside its own columns. Variant Taxable only says "taxed or not", so without
 * this column a 5% product would come back at the default 20%.
 */
export const VAT_RATE_COLUMN = "VAT rate (product.metafields.custom.vat_rate)";

/**
 * The product's own barcodes as a metafield column beside Shopify's (Shopify's Variant Barcode holds one
 * code per row; a product here has up to 20), separated by "|" (";" is read too): decision 0075.
 */
export const BARCODES_COLUMN = "Barcodes (product.metafields.custom.barcodes)";

/**
 * The codes of the variants' options, on the product's first row: a line per option that has codes,
 * "Size: L = 5014732000226|5014732000233" (decision 0075). Shopify's Variant Barcode (one code per row,
 * and a row is a combination of options) cannot hold them when a product has two variants.
 */
export const OPTION_BARCODES_COLUMN = "Option barcodes (product.metafields.custom.option_barcodes)";

/**
 * The variants' pack rule overrides (decision 0074), on the product's first row: a line per variant that sets
 * any, "Size = minimum;multiple;units per pack;pack label", a blank part inheriting the product's value
 * ("Pack = ;6;;case of 6"). The label is last, so it may hold any character.
 */
export const VARIANT_PACK_RULES_COLUMN = "Variant pack rules (product.metafields.custom.variant_pack_rules)";

export function variantPackRuleLine({ variant, fields }: VariantPackRule): string {
  const number = (value: number | null) => (value === null ? "" : String(value));
  return `${variant} = ${number(fields.minOrderQuantity)};${number(fields.orderMultiple)};${number(fields.unitsPerPack)};${fields.packLabel ?? ""}`;
}

/** An option's line of the option barcodes cell. */
export function optionBarcodeLine(entry: OptionBarcodes): string {
  return `${entry.variant}: ${entry.option} = ${joinBarcodeList(entry.codes)}`;
}


/**
 * The pack rules as product metafield columns (namespace custom), like the VAT rate: the minimum order
 * quantity, the order multiple, the pack label and the units per pack. A blank cell is no rule.
 */
export const PACK_COLUMNS = {
  minOrderQuantity: "Minimum order quantity (product.metafields.custom.min_order_quantity)",
  orderMultiple: "Order multiple (product.metafields.custom.order_multiple)",
  packLabel: "Pack label (product.metafields.custom.pack_label)",
  unitsPerPack: "Units per pack (product.metafields.custom.units_per_pack)",
} as const;

/** The export's header: Shopify's template, then the VAT rate, barcodes and pack rule metafields. */
export const EXPORT_COLUMNS = [
  ...SHOPIFY_COLUMNS,
  VAT_RATE_COLUMN,
  BARCODES_COLUMN,
  PACK_COLUMNS.minOrderQuantity,
  PACK_COLUMNS.orderMultiple,
  PACK_COLUMNS.packLabel,
  PACK_COLUMNS.unitsPerPack,
  OPTION_BARCODES_COLUMN,
  VARIANT_PACK_RULES_COLUMN,
] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

const OPTION_SLOTS = [1, 2, 3] as const;

// ─── HTML ⇄ plain text ──────────────────────────────────────────────────────

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…",
  lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", sbquo: "‚", bdquo: "„", pound: "£", euro: "€", cent: "¢",
  yen: "¥", copy: "©", reg: "®", trade: "™", deg: "°", times: "×", divide: "÷", middot: "·", bull: "•",
  frac12: "½", frac14: "¼", frac34: "¾", sup2: "²", sup3: "³", laquo: "«", raquo: "»", sect: "§", para: "¶",
  micro: "µ", plusmn: "±", shy: "", eacute: "é", egrave: "è", ecirc: "ê", agrave: "à", aacute: "á",
  acirc: "â", ccedil: "ç", ouml: "ö", uuml: "ü", auml: "ä", oacute: "ó", iacute: "í", uacute: "ú",
  ntilde: "ñ", szlig: "ß", Eacute: "É", Auml: "Ä", Ouml: "Ö", Uuml: "Ü",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (whole, entity: string) => {
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "";
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[entity] ?? NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = new Set(
  "p div section article header footer aside main nav h1 h2 h3 h4 h5 h6 ul ol dl dt dd table thead tbody tfoot tr blockquote pre figure figcaption hr address details summary".split(
    " ",
  ),
);

/**
 * Shopify's Body (HTML) as our plain-text description. Converting to text is the sanitising: no markup
 * survives, so nothing a file carries can run in a page (descriptions are rendered as text). Scripts,
 * styles and comments go with their content; paragraphs and headings become paragraphs, <br> a line
 * break, list items "- " lines, and entities are decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<(script|style|template|noscript|iframe|object|embed|svg|math|head|title|textarea|select)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, "")
    // in HTML a line break in the source is just a space
    .replace(/\s+/g, " ")
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (tag, name: string) => {
      const element = name.toLowerCase();
      const closing = tag.startsWith("</");
      if (element === "br") return "\n";
      if (element === "li") return closing ? "" : "\n- ";
      if (element === "td" || element === "th") return closing ? " " : "";
      if (BLOCK_TAGS.has(element)) return "\n\n";
      return "";
    });
  return normaliseDescription(decodeEntities(text));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A plain-text description as Shopify's Body (HTML): a <p> per paragraph, <br> per line break. */
export function textToHtml(text: string | null): string {
  if (!text) return "";
  return normaliseDescription(text)
    .split("\n\n")
    .map((paragraph) => `<p>${paragraph.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}

// ─── Reading ────────────────────────────────────────────────────────────────

type CsvRecord = { row: number; cells: string[] };

/** How every product CSV is parsed: rows of any length, stray quotes kept, unreadable rows skipped and reported. */
export const CSV_READ_OPTIONS = { bom: true, relax_column_count: true, relax_quotes: true, skip_records_with_error: true } as const;

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

function headerKey(cell: string) {
  return cell.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/\s+/g, " ");
}

/** Shown when the header matches neither layout. */
const UNKNOWN_LAYOUT =
  "The first row must be a header naming the columns (slug, name, description, category, stockLevel, salesPrice, imageUrl, costPrice), or the file must be a Shopify product CSV with a Handle column.";
const NO_PRODUCT_ROWS = "The file has a header but no product rows.";

/** The answer for a file the CSV parser gave up on: why it is not CSV, or the limit a row passed (csv.server.ts). */
export function unreadableFile(error: unknown): ParseOutcome {
  return { ok: false, message: csvReadProblem(error).message };
}

/** Where a layout hands what it makes of the records: products, rows refused, and a count of products dealt with. */
type LayoutOutput = { item: (item: ImportItem) => void; error: (error: RowError) => void; productDone: () => void };

/** One layout's reading: the cells it keeps of each record, and what it makes of them. */
type Layout = {
  project: (cells: string[]) => string[];
  add: (record: CsvRecord) => void;
  /** hands over every product still held (the file has ended) */
  finish: () => void;
};

/**
 * The records of a file in order, as a parser hands them over: the first row that is not blank is the
 * header and decides the layout; each later record keeps only the cells the layout reads. Row numbers count
 * every record, as a spreadsheet shows them. ProductCsvSurvey and ProductCsvReader read them.
 */
abstract class ProductCsvRecords {
  protected row = 0;
  private headerSeen = false;
  private layout: Layout | null = null;
  /** records after the header that are not blank */
  protected dataRows = 0;
  protected readonly unreadable: RowError[] = [];

  protected abstract layoutFor(format: CsvFormat, keys: string[]): Layout;

  /** The next record of the file. */
  record(cells: string[]) {
    this.row += 1;
    if (isBlank(cells)) return;
    if (!this.headerSeen) {
      this.headerSeen = true;
      const keys = cells.map(headerKey);
      const format = formatOf(keys);
      this.layout = format && this.layoutFor(format, keys);
      return;
    }
    if (!this.layout) return;
    this.dataRows += 1;
    // our own export puts a quote before a cell a spreadsheet would run as a formula: take it off
    this.layout.add({ row: this.row, cells: this.layout.project(cells).map(restoreCell) });
  }

  /** A record the parser could not read. */
  skipped(reason: string | undefined) {
    this.row += 1;
    if (this.headerSeen) this.unreadable.push({ row: this.row, message: `The row could not be read as CSV (${reason ?? "malformed"})` });
  }

  /** Whether the header already shows the file is no product CSV (the rest need not be read). */
  get refused() {
    return this.headerSeen && !this.layout;
  }

  /** The end of the file: the layout hands over what it still holds. Answers why the file is no product CSV at all, or null. */
  protected end(): string | null {
    if (!this.headerSeen) return "The file is empty.";
    if (!this.layout) return UNKNOWN_LAYOUT;
    if (this.dataRows === 0 && this.unreadable.length === 0) return NO_PRODUCT_ROWS;
    this.layout.finish();
    return null;
  }
}

/** What a first reading of a file tells before anything is written. */
export type CsvSurvey = {
  format: CsvFormat;
  /** the products in the file: its rows (simple), its Handles (Shopify) */
  products: number;
  /** Shopify: the last row of each Handle, where its product is whole */
  lastRows: Map<string, number>;
};

/**
 * A first reading of a file, keeping nothing of its rows: whether it is a product CSV at all, how many
 * products it has, and where each Shopify Handle's last row is, so that the second reading (ProductCsvReader)
 * can hand each product on as soon as its rows are read, wherever in the file they are.
 */
export class ProductCsvSurvey extends ProductCsvRecords {
  private readonly lastRows = new Map<string, number>();
  private format: CsvFormat = "simple";

  protected layoutFor(format: CsvFormat, keys: string[]): Layout {
    this.format = format;
    if (format === "simple") return { project: () => [], add: () => {}, finish: () => {} };
    const cells = cellReader(keys, { Handle: ["handle"] });
    return {
      project: cells.project,
      add: (record) => {
        const slug = slugFrom(cells.get(record, "Handle"));
        if (slug) this.lastRows.set(slug, record.row);
      },
      finish: () => {},
    };
  }

  finish(): { ok: true; value: CsvSurvey } | { ok: false; message: string } {
    const refusal = this.end();
    if (refusal) return { ok: false, message: refusal };
    const products = this.format === "shopify" ? this.lastRows.size : this.dataRows;
    return { ok: true, value: { format: this.format, products, lastRows: this.lastRows } };
  }
}

/**
 * Makes the products of a file from its records, so that a large file is never held whole: a simple row
 * becomes its product at once; Shopify's rows wait for the rest of their Handle, until the row the survey
 * found to be its last (without a survey, until the end of the file). Products come out in the order of
 * their first rows, whatever order they are completed in, and a SKU already given to an earlier product is
 * refused. `take()` hands over the products made so far; `finish()` the rest, with every row refused.
 */
export class ProductCsvReader extends ProductCsvRecords {
  private format: CsvFormat = "simple";
  private ready: ImportItem[] = [];
  private readonly errors: RowError[] = [];
  /** SKU → the row of the product that has it */
  private readonly skuRows = new Map<string, number>();
  private done = 0;
  private readonly out: LayoutOutput = {
    item: (item) => {
      const sku = item.fields.sku;
      if (sku) {
        const earlier = this.skuRows.get(sku);
        if (earlier !== undefined) return this.out.error({ row: item.row, message: `SKU ${sku} is already on row ${earlier}` });
        this.skuRows.set(sku, item.row);
      }
      this.ready.push(item);
    },
    error: (error) => {
      this.errors.push(error);
    },
    productDone: () => {
      this.done += 1;
    },
  };

  constructor(private readonly lastRows?: ReadonlyMap<string, number>) {
    super();
  }

  protected layoutFor(format: CsvFormat, keys: string[]): Layout {
    this.format = format;
    return format === "shopify" ? shopifyLayout(keys, this.out, this.lastRows) : simpleLayout(keys, this.out);
  }

  /** The products handed over or refused so far (of the survey's count). */
  get productsDone() {
    return this.done;
  }

  /** The rows refused so far. */
  get rowErrors() {
    return this.errors.length + this.unreadable.length;
  }

  /** The products made since the last take, in the order of their first rows. */
  take(): ImportItem[] {
    const items = this.ready;
    this.ready = [];
    return items;
  }

  /** The products not yet taken and every row refused, or why the file is not a product CSV at all. */
  finish(): ParseOutcome {
    const refusal = this.end();
    if (refusal) return { ok: false, message: refusal };
    const errors = [...this.errors, ...this.unreadable].sort((a, b) => a.row - b.row);
    return { ok: true, value: { format: this.format, items: this.take(), errors } };
  }
}

/** Which layout a header names: Shopify's by its Handle column, the simple row by a slug or name column. */
function formatOf(keys: string[]): CsvFormat | null {
  if (keys.includes("handle")) return "shopify";
  const simple = cellReader(keys.map(compact), SIMPLE_ALIASES);
  return simple.has("slug") || simple.has("name") ? "simple" : null;
}

/** csv-parse's options that hand every record (and every unreadable one) to `records`, for either parser. */
export function readerOptions(records: Pick<ProductCsvRecords, "record" | "skipped">): CsvReadOptions {
  return {
    ...CSV_READ_OPTIONS,
    on_record: (record: string[]) => {
      records.record(record);
      return null;
    },
    on_skip: (error) => {
      records.skipped(error?.message);
      return undefined;
    },
  };
}

/** Reads a product CSV of either layout held in a string. A file that is not one at all is a failure with a message. */
export function parseProductCsv(text: string): ParseOutcome {
  const reader = new ProductCsvReader();
  try {
    readCsvText(text, readerOptions(reader));
  } catch (error) {
    return unreadableFile(error);
  }
  return reader.finish();
}

class RowProblem extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** The fields a header names, and their cells in a record that kept only those columns (`project`). */
function cellReader(keys: string[], names: Record<string, string[]>) {
  const columns: number[] = [];
  const index = new Map<string, number>();
  for (const [field, aliases] of Object.entries(names)) {
    const found = keys.findIndex((key) => aliases.includes(key));
    if (found >= 0) {
      index.set(field, columns.length);
      columns.push(found);
    }
  }
  return {
    has: (field: string) => index.has(field),
    project: (cells: string[]) => columns.map((column) => cells[column] ?? ""),
    get: (record: CsvRecord, field: string): string => {
      const at = index.get(field);
      return at === undefined ? "" : (record.cells[at] ?? "").trim();
    },
  };
}

function slugFrom(value: string): string {
  return slugify(value).slice(0, PRODUCT_SLUG_MAX).replace(/-+$/, "");
}

function quote(value: string) {
  return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
}

function amountOf(row: number, column: string, value: string): number {
  const pence = parseMoneyInput(value);
  if (pence === null || pence < 0 || pence > MONEY_MAX_PENCE) {
    throw new RowProblem(row, `${column} ${quote(value)} is not an amount in pounds, like 12.50`);
  }
  return pence;
}

/** A VAT rate typed as a percentage ("20", "5", "17.5", "20%") → hundredths. */
function vatRateOf(row: number, column: string, value: string): number {
  const rate = parseMoneyInput(value.replace(/%\s*$/, ""));
  if (rate === null || rate < 0 || rate > RATE_MAX) {
    throw new RowProblem(row, `${column} ${quote(value)} is not a percentage from 0 to 100, like 20 or 5`);
  }
  return rate;
}

/** 2000 → "20", 1750 → "17.5", 0 → "0": the metafield's value as a person would type it. */
export function vatRateCell(rate: number): string {
  return String(Number(toDecimalString(rate)));
}

function stockOf(row: number, column: string, value: string, { allowNegative }: { allowNegative: boolean }): number {
  if (!/^-?\d+(?:\.0+)?$/.test(value)) throw new RowProblem(row, `${column} ${quote(value)} is not a whole number`);
  const number = Math.trunc(Number(value));
  if (number < 0 && !allowNegative) throw new RowProblem(row, `${column} cannot be negative`);
  if (number > STOCK_MAX) throw new RowProblem(row, `${column} is too large`);
  return Math.max(0, number);
}

function nameOf(row: number, column: string, value: string): string {
  const name = value.replace(/\s+/g, " ");
  if (name.length > PRODUCT_NAME_MAX) throw new RowProblem(row, `${column} must be at most ${PRODUCT_NAME_MAX} characters`);
  return name;
}

function descriptionOf(row: number, column: string, text: string): string | null {
  if (text.length > DESCRIPTION_MAX) throw new RowProblem(row, `${column} must be at most ${DESCRIPTION_MAX} characters`);
  return text || null;
}

function categoryOf(row: number, column: string, value: string): string | null {
  const name = value.replace(/\s+/g, " ");
  if (name.length > CATEGORY_NAME_MAX) throw new RowProblem(row, `${column} must be at most ${CATEGORY_NAME_MAX} characters`);
  return name || null;
}

function skuOf(row: number, column: string, value: string): string | null {
  const sku = normaliseSku(value);
  if (sku === null) return null;
  const problem = skuProblem(sku);
  if (problem) throw new RowProblem(row, `${column} ${quote(value)}: ${problem}`);
  return sku;
}

/** A cell of codes separated by "|" or ";", each checked (a GS1 code's check digit) and at most 20. */
function barcodesOf(row: number, column: string, value: string): Barcode[] {
  const read = readBarcodeList(value);
  if (!read.ok) throw new RowProblem(row, `${column}: ${read.message}`);
  return read.value;
}

type PackKey = keyof typeof PACK_COLUMNS;

/**
 * The pack rule cells of a product: `cell` gives a column's value (undefined when the file has no such
 * column, which leaves the field alone; blank clears it), `label` the column's name for a message.
 */
function readPackCells(row: number, cell: (key: PackKey) => string | undefined, label: (key: PackKey) => string, fields: ImportFields) {
  for (const key of ["minOrderQuantity", "orderMultiple", "unitsPerPack"] as const) {
    const value = cell(key);
    if (value === undefined) continue;
    const read = readPackNumber(label(key), value);
    if ("problem" in read) throw new RowProblem(row, read.problem);
    fields[key] = read.value;
  }
  const packLabel = cell("packLabel");
  if (packLabel !== undefined) {
    const read = readPackLabel(packLabel);
    if ("problem" in read) throw new RowProblem(row, read.problem);
    fields.packLabel = read.value;
  }
}

function imageOf(row: number, column: string, value: string): string | null {
  if (!value) return null;
  const problem = imageUrlProblem(value);
  if (problem) throw new RowProblem(row, `${column}: ${problem}`);
  return value;
}

// ─── The simple row ─────────────────────────────────────────────────────────

const compact = (key: string) => key.replace(/[^a-z0-9]/g, "");

const SIMPLE_ALIASES: Record<string, string[]> = {
  slug: ["slug"],
  sku: ["sku", "productcode", "code"],
  name: ["name", "productname", "title"],
  description: ["description"],
  category: ["category", "categoryname"],
  stockLevel: ["stocklevel", "stock"],
  salesPrice: ["salesprice", "price"],
  imageUrl: ["imageurl", "image"],
  costPrice: ["costprice", "cost"],
  vatRate: ["vatrate", "vat"],
  barcodes: ["barcodes", "barcode"],
  minOrderQuantity: ["minorderquantity", "minimumorderquantity", "moq"],
  orderMultiple: ["ordermultiple", "multiple"],
  packLabel: ["packlabel", "pack"],
  unitsPerPack: ["unitsperpack"],
};

function simpleLayout(keys: string[], out: LayoutOutput): Layout {
  const cells = cellReader(keys.map(compact), SIMPLE_ALIASES);
  const seen = new Map<string, number>();

  const add = (record: CsvRecord) => {
    const { row } = record;
    try {
      const name = cells.has("name") ? nameOf(row, "name", cells.get(record, "name")) : "";
      const given = cells.get(record, "slug");
      const slug = slugFrom(given || name);
      if (!slug) {
        throw new RowProblem(row, given || name ? `slug ${quote(given || name)} has no letters or numbers to use` : "The row has no slug and no name");
      }
      const earlier = seen.get(slug);
      if (earlier !== undefined) throw new RowProblem(row, `slug "${slug}" is already on row ${earlier}`);

      const fields: ImportFields = {};
      if (name) fields.name = name;
      if (cells.has("sku")) fields.sku = skuOf(row, "sku", cells.get(record, "sku"));
      if (cells.has("description")) {
        fields.description = descriptionOf(row, "description", normaliseDescription(cells.get(record, "description")));
      }
      if (cells.has("category")) fields.categoryName = categoryOf(row, "category", cells.get(record, "category"));
      if (cells.has("stockLevel")) {
        const value = cells.get(record, "stockLevel");
        fields.stockLevel = value ? stockOf(row, "stockLevel", value, { allowNegative: false }) : 0;
      }
      if (cells.has("salesPrice")) {
        const value = cells.get(record, "salesPrice");
        if (value) fields.salesPrice = amountOf(row, "salesPrice", value);
      }
      if (cells.has("costPrice")) {
        const value = cells.get(record, "costPrice");
        fields.costPrice = value ? amountOf(row, "costPrice", value) : 0;
      }
      if (cells.has("imageUrl")) fields.imageUrl = imageOf(row, "imageUrl", cells.get(record, "imageUrl"));
      if (cells.has("vatRate")) {
        const value = cells.get(record, "vatRate");
        if (value) fields.vatRate = vatRateOf(row, "vatRate", value);
      }
      if (cells.has("barcodes")) fields.barcodes = barcodesOf(row, "barcodes", cells.get(record, "barcodes"));
      readPackCells(row, (key) => (cells.has(key) ? cells.get(record, key) : undefined), (key) => key, fields);
      seen.set(slug, row);
      out.item({ row, slug, fields });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      out.error({ row: error.row, message: error.message });
    }
    out.productDone();
  };
  return { project: cells.project, add, finish: () => {} };
}

// ─── Shopify ────────────────────────────────────────────────────────────────

/** The columns of Shopify's layout the import reads; the others (SEO, Google Shopping, …) are dropped as each row is read. */
const SHOPIFY_READ_COLUMNS: readonly ExportColumn[] = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Type",
  "Product Category",
  "Variant SKU",
  "Variant Price",
  "Cost per item",
  "Variant Inventory Qty",
  "Image Src",
  "Variant Taxable",
  VAT_RATE_COLUMN,
  BARCODES_COLUMN,
  OPTION_BARCODES_COLUMN,
  VARIANT_PACK_RULES_COLUMN,
  ...Object.values(PACK_COLUMNS),
  ...OPTION_SLOTS.flatMap((slot) => [`Option${slot} Name`, `Option${slot} Value`] as ShopifyColumn[]),
];

const SHOPIFY_FIELDS: Record<string, string[]> = Object.fromEntries(
  SHOPIFY_READ_COLUMNS.map((column) => [column, [headerKey(column)]]),
);

/**
 * Shopify's rows grouped by Handle. A product is made once its group is whole: at the row `lastRows` names
 * as its last, or at the end of the file; groups are handed over in the order of their first rows.
 */
function shopifyLayout(keys: string[], out: LayoutOutput, lastRows?: ReadonlyMap<string, number>): Layout {
  const cells = cellReader(keys, SHOPIFY_FIELDS);
  // in the order of their first rows (a Map keeps the order keys were added in)
  const groups = new Map<string, { rows: CsvRecord[]; whole: boolean }>();

  /** Makes the products of the groups at the front that are whole (every group once the file has ended). */
  const release = (ended: boolean) => {
    for (const [slug, group] of groups) {
      if (!group.whole && !ended) break;
      try {
        out.item(shopifyProduct(slug, group.rows, cells));
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        out.error({ row: error.row, message: error.message });
      }
      out.productDone();
      groups.delete(slug); // its rows are no longer needed
    }
  };

  const add = (record: CsvRecord) => {
    const handle = cells.get(record, "Handle");
    const slug = slugFrom(handle);
    if (!slug) {
      out.error({
        row: record.row,
        message: handle ? `Handle ${quote(handle)} has no letters or numbers to use` : "Handle is missing",
      });
      return;
    }
    let group = groups.get(slug);
    if (group) group.rows.push(record);
    else groups.set(slug, (group = { rows: [record], whole: false }));
    if (lastRows?.get(slug) === record.row) {
      group.whole = true;
      release(false);
    }
  };
  return { project: cells.project, add, finish: () => release(true) };
}

type Cells = ReturnType<typeof cellReader>;

/** The first row of the group with a value in the column. */
function firstWith(rows: CsvRecord[], cells: Cells, column: ExportColumn) {
  for (const record of rows) {
    const value = cells.get(record, column);
    if (value) return { record, value };
  }
  return null;
}

/** One product from the rows sharing its Handle (decisions.md "Product CSV"). */
function shopifyProduct(slug: string, rows: CsvRecord[], cells: Cells): ImportItem {
  const first = rows[0];
  const fields: ImportFields = {};

  const title = firstWith(rows, cells, "Title");
  if (title) fields.name = nameOf(title.record.row, "Title", title.value);

  if (cells.has("Body (HTML)")) {
    const body = firstWith(rows, cells, "Body (HTML)");
    fields.description = body ? descriptionOf(body.record.row, "Body (HTML)", htmlToText(body.value)) : null;
  }

  if (cells.has("Type") || cells.has("Product Category")) {
    const type = cells.get(first, "Type");
    const taxonomy = cells.get(first, "Product Category");
    const lastSegment = taxonomy.split(">").pop()?.trim() ?? "";
    fields.categoryName = categoryOf(first.row, type ? "Type" : "Product Category", type || lastSegment);
  }

  // the product's code is the first row's Variant SKU, where the export writes it
  if (cells.has("Variant SKU")) fields.sku = skuOf(first.row, "Variant SKU", cells.get(first, "Variant SKU"));
  if (cells.has("Variant Price")) {
    const price = cells.get(first, "Variant Price");
    if (price) fields.salesPrice = amountOf(first.row, "Variant Price", price);
  }
  if (cells.has("Cost per item")) {
    const cost = firstWith(rows, cells, "Cost per item");
    if (cost) fields.costPrice = amountOf(cost.record.row, "Cost per item", cost.value);
  }
  if (cells.has("Variant Inventory Qty")) {
    let stock = 0;
    for (const record of rows) {
      const value = cells.get(record, "Variant Inventory Qty");
      // Shopify lets inventory go negative (oversold); here that is simply none in stock
      if (value) stock += stockOf(record.row, "Variant Inventory Qty", value, { allowNegative: true });
    }
    if (stock > STOCK_MAX) throw new RowProblem(first.row, "Variant Inventory Qty adds up to more than we can hold");
    fields.stockLevel = stock;
  }
  if (cells.has("Image Src")) fields.imageUrl = imageOf(first.row, "Image Src", cells.get(first, "Image Src"));
  if (cells.has("Variant Taxable")) {
    const taxable = cells.get(first, "Variant Taxable").toUpperCase();
    if (taxable) fields.taxable = taxable !== "FALSE";
  }
  const vatRate = firstWith(rows, cells, VAT_RATE_COLUMN);
  if (vatRate) fields.vatRate = vatRateOf(vatRate.record.row, "VAT rate", vatRate.value);
  if (cells.has(BARCODES_COLUMN)) {
    const barcodes = firstWith(rows, cells, BARCODES_COLUMN);
    fields.barcodes = barcodes ? barcodesOf(barcodes.record.row, "Barcodes", barcodes.value) : [];
  }
  const variants = shopifyVariants(rows, cells);
  readShopifyOptionBarcodes(rows, cells, variants, fields);
  if (cells.has(VARIANT_PACK_RULES_COLUMN)) {
    const cell = firstWith(rows, cells, VARIANT_PACK_RULES_COLUMN);
    fields.variantPackRules = cell ? variantPackRulesOf(cell.record.row, cell.value, variants) : [];
  }
  // the pack rules are the product's, on its first row as the export writes them
  readPackCells(
    first.row,
    (key) => (cells.has(PACK_COLUMNS[key]) ? (firstWith(rows, cells, PACK_COLUMNS[key])?.value ?? "") : undefined),
    (key) => PACK_FIELD_LABELS[key],
    fields,
  );

  return { row: first.row, slug, fields, variants };
}

/**
 * The option codes of a product's rows, from the option barcodes column (absent: left alone; blank: none).
 * Shopify's own Variant Barcode is not read: in a Shopify shop it is free text (anything a merchant typed,
 * check digit or not) on a combination of options, and our export writes it only for Shopify's benefit.
 */
function readShopifyOptionBarcodes(rows: CsvRecord[], cells: Cells, variants: ImportVariant[], fields: ImportFields) {
  if (!cells.has(OPTION_BARCODES_COLUMN)) return;
  const cell = firstWith(rows, cells, OPTION_BARCODES_COLUMN);
  fields.optionBarcodes = cell ? optionBarcodesOf(cell.record.row, cell.value, variants) : [];
}

/** The variant pack rules cell: "Variant = min;multiple;units;label" a line, each variant one of the product's. */
function variantPackRulesOf(row: number, value: string, variants: ImportVariant[]): VariantPackRule[] {
  const rules: VariantPackRule[] = [];
  for (const line of value.split(/\r?\n/).filter((text) => text.trim() !== "")) {
    const variant = variants.find((candidate) => line.toLowerCase().startsWith(`${candidate.name.toLowerCase()} = `));
    if (!variant) {
      throw new RowProblem(
        row,
        `Variant pack rules: ${quote(line)} should start with one of this product's variants and " = " (${variants.map((v) => v.name).join(", ") || "it has none"})`,
      );
    }
    if (rules.some((rule) => rule.variant === variant.name)) throw new RowProblem(row, `Variant pack rules: ${quote(variant.name)} is given twice`);
    const parts = line.slice(variant.name.length + 3).split(";");
    if (parts.length < 4) throw new RowProblem(row, `Variant pack rules: ${quote(line)} should read "${variant.name} = minimum;multiple;units per pack;label"`);
    const [minimum, multiple, units, ...label] = parts;
    const fields: ImportFields = {};
    readPackCells(
      row,
      (key) => ({ minOrderQuantity: minimum, orderMultiple: multiple, unitsPerPack: units, packLabel: label.join(";") })[key].trim(),
      (key) => `Variant pack rules (${variant.name}): ${PACK_FIELD_LABELS[key]}`,
      fields,
    );
    rules.push({ variant: variant.name, fields: packFieldsOf(fields) });
  }
  return rules;
}

/** The option barcodes cell: "Variant: Option = code|code" a line, each option one of the product's. */
function optionBarcodesOf(row: number, value: string, variants: ImportVariant[]): OptionBarcodes<Barcode>[] {
  const entries: OptionBarcodes<Barcode>[] = [];
  for (const line of value.split(/\r?\n/).map((text) => text.trim()).filter(Boolean)) {
    const equals = line.lastIndexOf("=");
    const name = equals < 0 ? "" : line.slice(0, equals).trim();
    const match = variants.flatMap((variant) =>
      variant.options.flatMap((option) => (`${variant.name}: ${option}`.toLowerCase() === name.toLowerCase() ? [{ variant: variant.name, option }] : [])),
    )[0];
    if (!match) {
      throw new RowProblem(
        row,
        equals < 0
          ? `Option barcodes: ${quote(line)} should read "Variant: Option = codes"`
          : `Option barcodes: ${quote(name)} is not an option of this product (${variants.flatMap((variant) => variant.options.map((option) => `${variant.name}: ${option}`)).join(", ") || "it has none"})`,
      );
    }
    if (entries.some((entry) => entry.variant === match.variant && entry.option === match.option)) {
      throw new RowProblem(row, `Option barcodes: ${quote(name)} is given twice`);
    }
    entries.push({ ...match, codes: barcodesOf(row, `Option barcodes (${name})`, line.slice(equals + 1)) });
  }
  return entries;
}

function shopifyVariants(rows: CsvRecord[], cells: Cells): ImportVariant[] {
  const variants: ImportVariant[] = [];
  for (const slot of OPTION_SLOTS) {
    const nameColumn = `Option${slot} Name` as ShopifyColumn;
    const valueColumn = `Option${slot} Value` as ShopifyColumn;
    const named = firstWith(rows, cells, nameColumn);
    const values = rows.map((record) => cells.get(record, valueColumn)).filter(Boolean);
    if (!named) {
      const stray = firstWith(rows, cells, valueColumn);
      if (stray) throw new RowProblem(stray.record.row, `${valueColumn} is given but ${nameColumn} is missing`);
      continue;
    }
    const name = named.value.replace(/\s+/g, " ");
    if (name.length > VARIANT_NAME_MAX) {
      throw new RowProblem(named.record.row, `${nameColumn} must be at most ${VARIANT_NAME_MAX} characters`);
    }
    // Shopify's marker for a product without options
    if (name.toLowerCase() === "title" && values.every((value) => value.toLowerCase() === "default title")) continue;
    const options = splitOptions(values);
    if (options.length === 0) continue;
    if (options.length > VARIANT_OPTIONS_MAX) {
      throw new RowProblem(named.record.row, `${nameColumn} ${quote(name)} has more than ${VARIANT_OPTIONS_MAX} values`);
    }
    if (options.some((option) => option.length > VARIANT_OPTION_MAX)) {
      throw new RowProblem(named.record.row, `${valueColumn} values must be at most ${VARIANT_OPTION_MAX} characters`);
    }
    if (variants.some((variant) => variant.name.toLowerCase() === name.toLowerCase())) {
      throw new RowProblem(named.record.row, `${nameColumn} ${quote(name)} is used twice`);
    }
    variants.push({ name, options });
  }
  if (variants.length > VARIANTS_PER_PRODUCT_MAX) throw new RowProblem(rows[0].row, "A product can have at most 3 options");
  return variants;
}

// ─── Writing ────────────────────────────────────────────────────────────────

/** Every combination of the variants' options, the first variant changing slowest (as Shopify lists them). */
export function optionCombinations(variants: readonly ImportVariant[]): string[][] {
  let combinations: string[][] = [[]];
  for (const variant of variants) {
    const next: string[][] = [];
    for (const combination of combinations) {
      for (const option of variant.options) next.push([...combination, option]);
    }
    combinations = next;
  }
  return combinations;
}

const blankRow = (): Record<ExportColumn, string> =>
  Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, ""])) as Record<ExportColumn, string>;

/**
 * A product as Shopify rows: one per combination of options (one when it has none, with Shopify's
 * Title / Default Title), the product's own fields on the first. The whole stock goes on the first row so
 * that the rows add up to it again on import.
 */
export function shopifyRowsFor(product: ExportProduct): string[][] {
  const variants = product.variants.filter((variant) => variant.options.length > 0).slice(0, VARIANTS_PER_PRODUCT_MAX);
  const combinations = variants.length > 0 ? optionCombinations(variants) : [["Default Title"]];
  const names = variants.length > 0 ? variants.map((variant) => variant.name) : ["Title"];
  const price = toDecimalString(product.salesPrice);
  const cost = toDecimalString(product.costPrice);
  const taxable = product.vatRate > 0 ? "TRUE" : "FALSE";

  return combinations.map((options, index) => {
    const row = blankRow();
    const isFirst = index === 0;
    row.Handle = product.slug;
    if (isFirst) {
      row.Title = product.name;
      row["Body (HTML)"] = textToHtml(product.description);
      row.Type = product.categoryName ?? "";
      row.Published = "TRUE";
      row["Gift Card"] = "FALSE";
      row.Status = "active";
      row[VAT_RATE_COLUMN] = vatRateCell(product.vatRate);
      row[BARCODES_COLUMN] = joinBarcodeList(product.barcodes);
      row[PACK_COLUMNS.minOrderQuantity] = product.minOrderQuantity === null ? "" : String(product.minOrderQuantity);
      row[PACK_COLUMNS.orderMultiple] = product.orderMultiple === null ? "" : String(product.orderMultiple);
      row[PACK_COLUMNS.packLabel] = product.packLabel ?? "";
      row[PACK_COLUMNS.unitsPerPack] = product.unitsPerPack === null ? "" : String(product.unitsPerPack);
      row[VARIANT_PACK_RULES_COLUMN] = product.variantPackRules.map(variantPackRuleLine).join("\n");
      row[OPTION_BARCODES_COLUMN] = product.optionBarcodes.filter((entry) => entry.codes.length > 0).map(optionBarcodeLine).join("\n");
      if (product.imageUrl) {
        row["Image Src"] = product.imageUrl;
        row["Image Position"] = "1";
        row["Image Alt Text"] = product.name;
      }
    }
    names.forEach((name, slot) => {
      if (isFirst) row[`Option${slot + 1} Name` as ShopifyColumn] = name;
      row[`Option${slot + 1} Value` as ShopifyColumn] = options[slot] ?? "";
    });
    // the product's code, once: its options have no codes of their own here
    row["Variant SKU"] = isFirst ? (product.sku ?? "") : "";
    row["Variant Grams"] = "0";
    row["Variant Inventory Tracker"] = "shopify";
    row["Variant Inventory Qty"] = String(isFirst ? product.stockLevel : 0);
    row["Variant Inventory Policy"] = "deny";
    row["Variant Fulfillment Service"] = "manual";
    row["Variant Price"] = price;
    row["Variant Requires Shipping"] = "TRUE";
    row["Variant Taxable"] = taxable;
    // Shopify's one code a row, where a row is one thing: the product (no options) or one option of its one variant
    row["Variant Barcode"] =
      variants.length === 0
        ? isFirst ? (product.barcodes[0] ?? "") : ""
        : variants.length === 1
          ? (product.optionBarcodes.find((entry) => entry.variant === variants[0].name && entry.option === options[0])?.codes[0] ?? "")
          : "";
    row["Variant Weight Unit"] = "kg";
    row["Cost per item"] = cost;
    return EXPORT_COLUMNS.map((column) => row[column]);
  });
}

/** products-YYYY-MM-DD.csv, the date as it is in the UK. */
export function exportFileName(now: Date = new Date()): string {
  return `products-${ukDay(now)}.csv`;
}
