/**
 * The back office's product commands: one schema per command, shared by the admin page's forms (with
 * Conform, in the browser and in the action) and the JSON API. Browser-safe: no server imports.
 *
 * Money is typed in pounds ("12.50", or a JSON number) and comes out as integer pence; rates as percentages
 * ("20", "17.5") and come out as integer hundredths. Blank text counts as "not given" everywhere.
 */
import { z } from "zod";
import { barcodeListField } from "./barcode.schema";
import {
  DEFAULT_FILTERS,
  parseCatalogQuery,
  poundsParam,
  rateParam,
  type SortOption,
  type StockFilter,
} from "~/domain/catalog/catalog.schema";
import { parseDecimalToHundredths } from "~/utils/money";
import { slugify } from "~/utils/slug";
import { packRuleFields } from "./pack-rules.schema";

// ─── Limits (spec §9) and defaults ──────────────────────────────────────────

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_SLUG_MAX = 200;
export const PRODUCT_SKU_MAX = 64;
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_SLUG_MAX = 100;
export const VARIANT_NAME_MAX = 100;
export const VARIANT_OPTION_MAX = 100;
export const VARIANT_OPTIONS_MAX = 50;
/**
 * Shopify's product CSV has three option columns, so a product with more variant groups could not be
 * exported and imported back unchanged. Three is also plenty for a trade catalogue (size, colour, pack).
 */
export const VARIANTS_PER_PRODUCT_MAX = 3;
export const DESCRIPTION_MAX = 10_000;
const IMAGE_URL_MAX = 2_000;
/** Prices are precision 10, scale 2: at most 99,999,999.99. */
export const MONEY_MAX_PENCE = 9_999_999_999;
export const STOCK_MAX = 1_000_000_000;
export const RATE_MAX = 10_000; // 100.00%

export const DEFAULT_VAT_RATE = 2000;
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
const DEFAULT_STOCK_LEVEL = 0;

/** The VAT rates the form offers by name; anything else is typed as a custom rate. */
export const VAT_RATE_CHOICES = [
  { value: "20", rate: 2000, label: "20%" },
  { value: "5", rate: 500, label: "5%" },
  { value: "0", rate: 0, label: "0%" },
] as const;
export const CUSTOM_VAT_CHOICE = "custom";

export const ADMIN_PRODUCTS_PATH = "/admin/products";
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_EXPORT_PATH = "/admin/products/export.csv";

/**
 * 100,000 products in Shopify's layout, several rows each with HTML descriptions (the generated catalogue is
 * 169 MB), with room for longer descriptions (decisions 0027, 0088). The upload goes to disk, not memory.
 */
export const PRODUCT_CSV_MAX_MB = 256;
export const PRODUCT_CSV_MAX_BYTES = PRODUCT_CSV_MAX_MB * 1024 * 1024;

// ─── Messages (the spec's exact texts first) ────────────────────────────────

export const PRODUCT_CREATED = "Product created";
export const PRODUCT_UPDATED = "Product updated";
export const PRODUCT_DELETED = "Product deleted";
export const CATEGORY_CREATED = "Category created";
export const VARIANT_ADDED = "Variant added";
export const VARIANT_DELETED = "Variant deleted";
export const DESCRIPTION_GENERATED = "Description generated";
export const MISSING_PRODUCT_NAME = "Missing product name";
export const ENTER_PRODUCT_NAME_FIRST = "Please enter a product name first.";
export const IMPORT_COMPLETE = "Import complete";
export const IMPORT_FAILED = "Import failed";
export const EXPORT_SUCCESSFUL = "Export successful";
export const NO_DATA_TO_EXPORT = "No data to export";
export const NO_PRODUCTS_TO_EXPORT = "There are no products to export.";
export const NO_PRODUCTS_FOUND = "No products found";

const PRODUCT_NAME_REQUIRED = "Product name is required";
const SLUG_INVALID = "Use lower-case letters, numbers, hyphens and underscores only";
export const SLUG_NOT_DERIVABLE = "Enter a slug: the name has no letters or numbers to make one from";
export const SLUG_TAKEN = "A product with this slug already exists";
const SKU_INVALID = "Use letters, numbers, hyphens, underscores and full stops only";
/** A product code may name one product only; the message names the product that has it. */
export const skuTakenMessage = (sku: string, productName: string) => `SKU ${sku} is already used by ${productName}`;
const SALES_PRICE_REQUIRED = "Sales price is required";
const CATEGORY_NAME_REQUIRED = "Category name is required";
export const CATEGORY_NAME_TAKEN = "A category with this name already exists";
export const CATEGORY_SLUG_TAKEN = "A category with this slug already exists";
export const CATEGORY_NOT_FOUND = "Category not found";
export const CATEGORY_RENAMED = "Category renamed";
export const CATEGORY_DELETED = "Category deleted";

/** Why a category that products still use cannot go. */
export function categoryInUseMessage(name: string, productCount: number): string {
  return `${name} is used by ${productCount} ${productCount === 1 ? "product" : "products"}: move them first`;
}
export const SUPPLIER_NOT_FOUND = "Choose a supplier from the list (a user with the supplier role)";
export const PRODUCT_NOT_FOUND = "Product not found";
export const VARIANT_NOT_FOUND = "Variant not found";
const VARIANT_NAME_REQUIRED = "Variant name is required";
const VARIANT_OPTIONS_REQUIRED = "Enter at least one option (separate options with commas)";
export const VARIANT_NAME_TAKEN = "This product already has a variant with this name";
export const TOO_MANY_VARIANTS = `A product can have at most ${VARIANTS_PER_PRODUCT_MAX} variants (the limit of Shopify's CSV layout)`;
export const CSV_FILE_REQUIRED = "Choose a .csv file to import";
export const CSV_FILE_WRONG_TYPE = "Choose a .csv file (save a spreadsheet as CSV first)";
export const CSV_FILE_EMPTY = "The file is empty";
export const CSV_FILE_TOO_LARGE = `The file is too large: a product CSV may be at most ${PRODUCT_CSV_MAX_MB} MB`;

export const importSummary = (created: number, updated: number) =>
  `Created ${created} products, updated ${updated} products`;

// ─── Text helpers ───────────────────────────────────────────────────────────

/**
 * Descriptions are plain text. One normal form, used wherever a description is stored (forms, API, CSV
 * import), so an exported description imports back exactly: line endings as \n, runs of other white space
 * as one space, lines trimmed, at most one blank line between paragraphs, nothing at either end.
 */
export function normaliseDescription(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replace(/[^\S\n]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const SLUG_PATTERN = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

function isValidSlug(slug: string) {
  return SLUG_PATTERN.test(slug);
}

/**
 * "S, M , L,,m" → ["S", "M", "L"]: split on commas, trimmed, blanks dropped, repeats (ignoring case)
 * dropped, first spelling kept.
 */
export function splitOptions(input: string | readonly unknown[]): string[] {
  const raw = typeof input === "string" ? input.split(",") : input.map((item) => (typeof item === "string" ? item : ""));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of raw) {
    const option = item.replace(/\s+/g, " ").trim();
    if (!option || seen.has(option.toLowerCase())) continue;
    seen.add(option.toLowerCase());
    out.push(option);
  }
  return out;
}

/** Margin as (sales − cost) / sales × 100, in tenths of a percent, rounded half-up; null when unpriced. */
export function marginTenths(salesPrice: number, costPrice: number): number | null {
  if (salesPrice <= 0) return null;
  const numerator = (salesPrice - costPrice) * 1000;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(numerator) + salesPrice) / (2 * salesPrice));
}

/** 333 → "33.3%", -50 → "-5.0%", null → "—" */
export function formatMargin(tenths: number | null): string {
  if (tenths === null) return "—";
  const sign = tenths < 0 ? "-" : "";
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}%`;
}

// ─── Field parsers ──────────────────────────────────────────────────────────
//
// Each accepts what a form posts (strings; Conform turns blanks into undefined) and what a JSON client
// sends (strings, numbers, null), and reports one clear message.

type Ctx = z.RefinementCtx;

function issue(ctx: Ctx, message: string) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
}

/** Trimmed text, or "" when blank/absent; null when the value is not text at all. */
function asText(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function requiredText(label: string, requiredMessage: string, max: number) {
  return z.unknown().transform((value, ctx) => {
    const text = asText(value);
    if (text === null) return issue(ctx, `${label} must be text`);
    const single = text.replace(/\s+/g, " ");
    if (!single) return issue(ctx, requiredMessage);
    if (single.length > max) return issue(ctx, `${label} must be at most ${max} characters`);
    return single;
  });
}

/** Optional text: blank → null. */
function optionalText(label: string, max: number, normalise: (text: string) => string = (t) => t) {
  return z.unknown().transform((value, ctx): string | null => {
    const text = asText(value);
    if (text === null) return issue(ctx, `${label} must be text`);
    const clean = normalise(text);
    if (!clean) return null;
    if (clean.length > max) return issue(ctx, `${label} must be at most ${max} characters`);
    return clean;
  });
}

/** A slug; blank → null (derive it from the name). */
function slugField(max: number) {
  return z.unknown().transform((value, ctx): string | null => {
    const text = asText(value);
    if (text === null) return issue(ctx, "Slug must be text");
    if (!text) return null;
    if (text.length > max) return issue(ctx, `Slug must be at most ${max} characters`);
    if (!isValidSlug(text)) return issue(ctx, SLUG_INVALID);
    return text;
  });
}

const SKU_PATTERN = /^[A-Z0-9._-]+$/;

/**
 * A product code as stored: trimmed and upper-cased ("hivis-vest " → "HIVIS-VEST"), so codes compare
 * without case wherever they are typed; null for blank.
 */
export function normaliseSku(text: string): string | null {
  const sku = text.trim().toUpperCase();
  return sku === "" ? null : sku;
}

/** What is wrong with a normalised product code, or null when it is fine. */
export function skuProblem(sku: string): string | null {
  if (sku.length > PRODUCT_SKU_MAX) return `SKU must be at most ${PRODUCT_SKU_MAX} characters`;
  return SKU_PATTERN.test(sku) ? null : SKU_INVALID;
}

/** An optional product code; blank → null (no code). */
const skuField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === null) return issue(ctx, "SKU must be text");
  const sku = normaliseSku(text);
  if (sku === null) return null;
  const problem = skuProblem(sku);
  return problem ? issue(ctx, problem) : sku;
});

/** Pounds → pence: "12.50", "£1,200", 12.5. At most two decimal places. */
export function parseMoneyInput(value: unknown): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const pence = Math.round(value * 100);
    return Math.abs(value * 100 - pence) < 1e-6 ? pence : null;
  }
  if (typeof value !== "string") return null;
  const text = value.replace(/[£,\s]/g, "");
  if (!/^-?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) return null;
  return parseDecimalToHundredths(text);
}

function moneyField(label: string, { required, fallback }: { required?: string; fallback?: number }) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") {
      if (fallback !== undefined) return fallback;
      return issue(ctx, required ?? `${label} is required`);
    }
    const pence = parseMoneyInput(value);
    if (pence === null) return issue(ctx, `${label} must be an amount in pounds, like 12.50`);
    if (pence < 0) return issue(ctx, `${label} cannot be negative`);
    if (pence > MONEY_MAX_PENCE) return issue(ctx, `${label} is too large`);
    return pence;
  });
}

/** A percentage ("20", "17.5", 20) → hundredths, 0 to 100. */
function rateField(label: string, fallback?: number) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") {
      if (fallback !== undefined) return fallback;
      return issue(ctx, `${label} is required`);
    }
    const rate = parseMoneyInput(typeof value === "string" ? value.replace(/%$/, "") : value);
    if (rate === null || rate < 0 || rate > RATE_MAX) {
      return issue(ctx, `${label} must be a percentage from 0 to 100, with at most two decimals`);
    }
    return rate;
  });
}

function wholeNumberField(label: string, fallback: number) {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === null) return issue(ctx, `${label} must be a whole number`);
    if (text === "") return fallback;
    if (!/^\d+$/.test(text)) return issue(ctx, `${label} must be a whole number of 0 or more`);
    const number = Number(text);
    if (number > STOCK_MAX) return issue(ctx, `${label} is too large`);
    return number;
  });
}

/** An id of a row that may be absent: blank / null → null. */
const optionalIdField = (label: string) =>
  z.unknown().transform((value, ctx): number | null => {
    const text = asText(value);
    if (text === null) return issue(ctx, `${label} is not valid`);
    if (text === "" || text === "none") return null;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) <= 0) {
      return issue(ctx, `${label} is not valid`);
    }
    return Number(text);
  });

const supplierIdField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === null || (text && !/^[\w-]{1,64}$/.test(text))) return issue(ctx, SUPPLIER_NOT_FOUND);
  return text || null;
});

/** What is wrong with an image URL, or null when it is fine: an http(s) URL or a path on this site. */
export function imageUrlProblem(text: string): string | null {
  if (text.length > IMAGE_URL_MAX) return `Image URL must be at most ${IMAGE_URL_MAX} characters`;
  if (/^\/(?!\/)\S*$/.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol === "https:" || url.protocol === "http:") && !/\s/.test(text)) return null;
  } catch {
    // not a URL
  }
  return "Image URL must start with https:// (or / for an image on this site)";
}

const imageUrlField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === null) return issue(ctx, "Image URL must be text");
  if (!text) return null;
  const problem = imageUrlProblem(text);
  return problem ? issue(ctx, problem) : text;
});

// ─── Products ───────────────────────────────────────────────────────────────

const productFields = {
  name: requiredText("Product name", PRODUCT_NAME_REQUIRED, PRODUCT_NAME_MAX),
  slug: slugField(PRODUCT_SLUG_MAX),
  sku: skuField,
  description: optionalText("Description", DESCRIPTION_MAX, normaliseDescription),
  categoryId: optionalIdField("Category"),
  costPrice: moneyField("Cost price", { fallback: 0 }),
  salesPrice: moneyField("Sales price", { required: SALES_PRICE_REQUIRED }),
  vatRate: rateField("VAT rate", DEFAULT_VAT_RATE),
  stockLevel: wholeNumberField("Stock level", DEFAULT_STOCK_LEVEL),
  lowStockThreshold: wholeNumberField("Low stock threshold", DEFAULT_LOW_STOCK_THRESHOLD),
  imageUrl: imageUrlField,
  supplierId: supplierIdField,
  /** the product's own barcodes (barcode.schema.ts); on create, absent means none */
  barcodes: barcodeListField,
  ...packRuleFields,
};

/** POST /api/admin/products: every field; absent ones take the defaults (VAT 20.00, threshold 10, stock 0). */
export const productCreateSchema = z.object(productFields);
export type ProductInput = z.infer<typeof productCreateSchema>;

/**
 * PATCH /api/admin/products/{id}: any subset of the fields; absent ones stay as they are. A blank slug is
 * derived from the name again.
 */
export const productPatchSchema = z.object(
  Object.fromEntries(Object.entries(productFields).map(([key, field]) => [key, field.optional()])) as {
    [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
  },
);
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** The slug to store: the one typed, else the name's (spec §5). Null when neither gives one. */
export function resolveSlug(slug: string | null | undefined, name: string): string | null {
  if (slug) return slug;
  const derived = slugify(name).slice(0, PRODUCT_SLUG_MAX).replace(/-+$/, "");
  return derived || null;
}

export const PRODUCT_INTENTS = {
  create: "create-product",
  update: "update-product",
  delete: "delete-product",
  generate: "generate-description",
  createCategory: "create-category",
  renameCategory: "rename-category",
  deleteCategory: "delete-category",
  addVariant: "add-variant",
  deleteVariant: "delete-variant",
  import: "import-products",
} as const;

/**
 * The add/edit form: the API's fields, except that VAT is a choice of 20 / 5 / 0 or a custom rate typed
 * beside it (without JavaScript both are plain inputs; the custom one counts only when "Custom" is chosen).
 */
export const productFormSchema = z
  .object({
    ...productFields,
    vatRate: z.unknown().optional(),
    vatRateChoice: z.unknown().optional(),
    vatRateCustom: z.unknown().optional(),
  })
  .transform(({ vatRate: _ignored, vatRateChoice, vatRateCustom, ...rest }, ctx) => {
    const choice = typeof vatRateChoice === "string" ? vatRateChoice.trim() : "";
    const preset = VAT_RATE_CHOICES.find((option) => option.value === choice);
    let vatRate: number = DEFAULT_VAT_RATE;
    if (preset) {
      vatRate = preset.rate;
    } else if (choice === CUSTOM_VAT_CHOICE) {
      const parsed = rateField("VAT rate").safeParse(vatRateCustom);
      if (!parsed.success) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["vatRateCustom"],
          message: parsed.error.issues[0]?.message ?? "Enter the VAT rate",
        });
        return z.NEVER;
      }
      vatRate = parsed.data;
    } else if (choice !== "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["vatRateChoice"], message: "Choose a VAT rate" });
      return z.NEVER;
    }
    return { ...rest, vatRate } satisfies ProductInput;
  });

/** The VAT select's value and the custom box for a stored rate. */
export function vatChoiceFor(rate: number): { choice: string; custom: string } {
  const preset = VAT_RATE_CHOICES.find((option) => option.rate === rate);
  if (preset) return { choice: preset.value, custom: "" };
  return { choice: CUSTOM_VAT_CHOICE, custom: String(rate / 100) };
}

export const productIdFormSchema = z.object({
  productId: z.coerce.number({ invalid_type_error: PRODUCT_NOT_FOUND }).int().positive(PRODUCT_NOT_FOUND),
});

/** The delete confirmation posts the product's id as `id`. */
export const productDeleteFormSchema = z.object({
  id: z.coerce.number({ invalid_type_error: PRODUCT_NOT_FOUND }).int().positive(PRODUCT_NOT_FOUND),
});

// ─── Generate description ───────────────────────────────────────────────────

/** POST /api/admin/generate-description {productName, categoryName?} → {description}. */
export const generateDescriptionSchema = z.object({
  productName: requiredText("Product name", ENTER_PRODUCT_NAME_FIRST, PRODUCT_NAME_MAX),
  categoryName: optionalText("Category name", CATEGORY_NAME_MAX).optional(),
});
export type GenerateDescriptionInput = z.infer<typeof generateDescriptionSchema>;

/** "Generate description" on the product form: the name typed so far (spaces collapsed) and the category chosen. */
export const generateDescriptionFormSchema = z.object({
  name: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, ENTER_PRODUCT_NAME_FIRST)),
  categoryId: z.coerce.number().int().positive().optional().catch(undefined),
});

// ─── Categories ─────────────────────────────────────────────────────────────

/** POST /api/admin/categories {name, slug?, description?}: a blank slug is derived from the name. */
export const categoryCreateSchema = z.object({
  name: requiredText("Category name", CATEGORY_NAME_REQUIRED, CATEGORY_NAME_MAX),
  slug: slugField(CATEGORY_SLUG_MAX).optional(),
  description: optionalText("Description", 1000, normaliseDescription).optional(),
});
export type CategoryInput = z.infer<typeof categoryCreateSchema>;

/**
 * PATCH /api/admin/categories/{id} {name, slug?} and the rename form: a new name; a blank or absent slug
 * follows the name by the slug rule.
 */
export const categoryRenameSchema = z.object({
  name: requiredText("Category name", CATEGORY_NAME_REQUIRED, CATEGORY_NAME_MAX),
  slug: slugField(CATEGORY_SLUG_MAX).optional(),
});
export type CategoryRenameInput = z.infer<typeof categoryRenameSchema>;

/** The category a rename or delete form names. */
export const categoryIdFormSchema = z.object({ id: z.coerce.number().int().positive() });

// ─── Variants ───────────────────────────────────────────────────────────────

/**
 * POST /api/admin/products/{id}/variants {name, options[]}; the form sends the options as one
 * comma-separated text ("S, M, L"). Either way: trimmed, blanks and repeats dropped, at least one left.
 */
export const variantCreateSchema = z.object({
  name: requiredText("Variant name", VARIANT_NAME_REQUIRED, VARIANT_NAME_MAX),
  options: z.unknown().transform((value, ctx): string[] => {
    if (value !== undefined && value !== null && typeof value !== "string" && !Array.isArray(value)) {
      return issue(ctx, "Options must be a list of text, or text separated by commas");
    }
    if (Array.isArray(value) && value.some((item) => typeof item !== "string")) {
      return issue(ctx, "Every option must be text");
    }
    const options = splitOptions((value as string | string[] | undefined | null) ?? "");
    if (options.length === 0) return issue(ctx, VARIANT_OPTIONS_REQUIRED);
    if (options.length > VARIANT_OPTIONS_MAX) return issue(ctx, `A variant can have at most ${VARIANT_OPTIONS_MAX} options`);
    const long = options.find((option) => option.length > VARIANT_OPTION_MAX);
    if (long) return issue(ctx, `Each option must be at most ${VARIANT_OPTION_MAX} characters`);
    return options;
  }),
  ...packRuleFields,
});
export type VariantInput = z.infer<typeof variantCreateSchema>;

export const variantDeleteFormSchema = z.object({
  productId: z.coerce.number().int().positive(),
  variantId: z.coerce.number({ invalid_type_error: VARIANT_NOT_FOUND }).int().positive(VARIANT_NOT_FOUND),
});

// ─── CSV import ─────────────────────────────────────────────────────────────

/** A .csv file by its name: browsers label CSV files text/csv, application/vnd.ms-excel or nothing. */
function looksLikeCsvFile(file: { name: string }) {
  return /\.csv$/i.test(file.name.trim());
}

/** The import form: one .csv file of at most PRODUCT_CSV_MAX_MB, in the field `file`. */
export const productImportFormSchema = z.object({
  file: z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.name !== "", CSV_FILE_REQUIRED)
    .refine((file) => file.size <= PRODUCT_CSV_MAX_BYTES, CSV_FILE_TOO_LARGE)
    .refine((file) => file.size > 0, CSV_FILE_EMPTY)
    .refine(looksLikeCsvFile, CSV_FILE_WRONG_TYPE),
});

// ─── The list's URL ─────────────────────────────────────────────────────────
//
// Search, category, stock and sort are GET parameters, so a filtered list can be bookmarked, survives
// paging and the dialogs, and works without JavaScript. Sort and stock take the storefront's values and are
// read by its parsers. A value that cannot be read falls back to the default: a hand-edited URL shows the
// list, never an error page.

/** `?category=none`: the products without a category. */
export const NO_CATEGORY = "none";
/** A category's id, the products without one, or null for every category. */
export type AdminCategoryFilter = number | typeof NO_CATEGORY | null;

export type AdminProductsQuery = {
  q: string;
  page: number;
  category: AdminCategoryFilter;
  stock: StockFilter;
  sort: SortOption;
  /** VAT rate in hundredths, or null for every rate */
  vat: number | null;
  /** sales price bounds ex VAT, pence, or null */
  min: number | null;
  max: number | null;
};

export const DEFAULT_ADMIN_PRODUCTS_QUERY: AdminProductsQuery = {
  q: "",
  page: 1,
  category: null,
  stock: DEFAULT_FILTERS.stock,
  sort: DEFAULT_FILTERS.sort,
  vat: null,
  min: null,
  max: null,
};

function parseCategoryFilter(value: string | null): AdminCategoryFilter {
  const text = (value ?? "").trim();
  if (text === NO_CATEGORY) return NO_CATEGORY;
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

export function parseAdminProductsQuery(params: URLSearchParams): AdminProductsQuery {
  // search, stock, sort, VAT rate and price range read exactly as the storefront reads them
  // (a repeated parameter counts once, by its first value, as URLSearchParams.get reads it)
  const first: Record<string, string> = {};
  for (const [name, value] of params) if (!(name in first)) first[name] = value;
  const { q, page, stock, sort, vat, min, max } = parseCatalogQuery(first);
  return { q, page, category: parseCategoryFilter(params.get("category")), stock, sort, vat, min, max };
}

/** True when the search, category, stock, VAT rate or price range narrows the list (the order does not). */
export function hasAdminProductFilters(query: Partial<AdminProductsQuery>): boolean {
  return (
    Boolean(query.q) ||
    (query.category ?? null) !== null ||
    (query.stock ?? "all") !== "all" ||
    (query.vat ?? null) !== null ||
    (query.min ?? null) !== null ||
    (query.max ?? null) !== null
  );
}

/**
 * /admin/products with the list's search, filters, sort and page, plus any dialog parameters. Defaults are
 * left out, so the same list always has the same, short URL.
 */
export function adminProductsHref(query: Partial<AdminProductsQuery>, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category !== undefined && query.category !== null) params.set("category", String(query.category));
  if (query.stock && query.stock !== DEFAULT_FILTERS.stock) params.set("stock", query.stock);
  if (query.vat !== undefined && query.vat !== null) params.set("vat", rateParam(query.vat));
  if (query.min !== undefined && query.min !== null) params.set("min", poundsParam(query.min));
  if (query.max !== undefined && query.max !== null) params.set("max", poundsParam(query.max));
  if (query.sort && query.sort !== DEFAULT_FILTERS.sort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const search = params.toString();
  return search ? `${ADMIN_PRODUCTS_PATH}?${search}` : ADMIN_PRODUCTS_PATH;
}
