/**
 * Quick order parsing: the Quick Entry textarea and the CSV upload turn into (line, SKU, options, quantity)
 * items. Pure functions, no database: which product a SKU names is decided in quick-order.server.ts; which
 * of its variants the named options pick, in quick-order-options.ts (chooseOptions).
 *
 * Numbering, so a buyer can find what a message points at:
 * - Quick Entry: "Line N" is the line of the textarea as typed, counting blank lines (they are skipped,
 *   but they still take up a line on screen).
 * - CSV: "Row N" is the row as a spreadsheet shows it, the header being row 1, so the first item is row 2.
 *   A quoted cell that spans several lines is still one row.
 */
import { hasWrongCheckDigit, normaliseBarcode, WRONG_CHECK_DIGIT_MESSAGE } from "~/domain/catalog/barcodes";
import { restoreCell } from "~/utils/csv-cells";
import { csvReadProblem, readCsvText } from "~/utils/csv.server";
import { parseOptionText, quoteForMessage, type OptionChoice } from "./quick-order-options";
import { MAX_QUICK_ORDER_LINES } from "./quick-order.schema";

/** A product as the quick order page shows it by way of example: its code and, if it has them, options. */
export { quoteForMessage };

export type QuickOrderExample = { code: string; name: string; options: OptionChoice[] };

export type QuickOrderItem = {
  lineNumber: number;
  sku: string;
  quantity: number;
  /** options the buyer named ("Size=L", an Options cell): each must be one of the product's */
  options?: OptionChoice[];
  /** other CSV columns ("Size" → "L"): they count as options only when the product has one by that name */
  columns?: OptionChoice[];
};
export type QuickOrderIssue = { lineNumber: number; message: string };
export type QuickOrderParse = { lines: QuickOrderItem[]; errors: QuickOrderIssue[] };

/** How messages name a position: "Line 3" in Quick Entry, "Row 3" in a CSV file. */
export type PositionLabel = "Line" | "Row";

function invalidFormatMessage(lineNumber: number, line: string) {
  return `Line ${lineNumber}: Invalid format "${quoteForMessage(line)}"`;
}

export function productNotFoundMessage(label: PositionLabel, lineNumber: number, sku: string) {
  if (hasWrongCheckDigit(sku)) return `${label} ${lineNumber}: ${WRONG_CHECK_DIGIT_MESSAGE} (${normaliseBarcode(sku)})`;
  return `${label} ${lineNumber}: Product "${quoteForMessage(sku)}" not found`;
}

/** A quantity is a whole number of at least 1, written with digits only ("5", not "5.0", "+5" or "1e3"). */
export function parsePositiveQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : null;
}

/** `"Tea Bags (1,100)"` → `Tea Bags (1,100)`: a SKU may be quoted the way spreadsheets quote a cell. */
function unquote(sku: string): string {
  if (sku.length >= 2 && sku.startsWith('"') && sku.endsWith('"')) return sku.slice(1, -1).replace(/""/g, '"').trim();
  return sku;
}

/**
 * The quantity is the last item on the line; everything before the last comma, tab or space run is the
 * SKU. So a product's full name may be typed with its spaces ("Penne Pasta 3kg, 4"), and
 * "sku,4", "sku, 4", "sku\t4" and "sku 4" all read the same.
 */
const ENTRY_LINE = /^(.*?)[\s,]+([^\s,]+)$/;

/**
 * Where a line's options begin: the first comma/semicolon/tab-separated piece with an "=" in it. When that
 * piece also holds the SKU ("HIVIS-VEST Size=L"), the option starts at the word before the "=".
 */
function splitSkuAndOptions(rest: string): { sku: string; optionText: string | null } {
  const equals = rest.indexOf("=");
  if (equals === -1) return { sku: rest, optionText: null };
  const beforeEquals = rest.slice(0, equals).replace(/\s+$/, "");
  const lastSeparator = Math.max(beforeEquals.lastIndexOf(","), beforeEquals.lastIndexOf(";"), beforeEquals.lastIndexOf("\t"));
  const lastSpace = beforeEquals.search(/\s\S*$/);
  const nameStart = lastSeparator >= 0 ? lastSeparator + 1 : lastSpace + 1;
  return { sku: rest.slice(0, nameStart).replace(/[\s,;]+$/, ""), optionText: rest.slice(nameStart) };
}

/** "SKU, Quantity" pasted from a spreadsheet as the first line is a header, not an item. */
const ENTRY_HEADER = /^sku[\s,]+(quantity|qty)$/i;

function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
}

/**
 * Reads the Quick Entry textarea: one "SKU, quantity" per line, with the options of a product that has
 * them named between ("HIVIS-VEST, Size=L, 5" or "HIVIS-VEST Size=L Colour=Yellow 5"). Blank lines are
 * skipped (but counted); a line without a SKU, with options that cannot be read or with a quantity that is
 * not a positive whole number is 'Line N: Invalid format "..."'.
 */
export function parseQuickEntry(text: string): QuickOrderParse {
  const lines: QuickOrderItem[] = [];
  const errors: QuickOrderIssue[] = [];
  let seenItem = false;
  splitLines(text).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === "") return;
    const first = !seenItem;
    seenItem = true;
    if (first && ENTRY_HEADER.test(line)) return;

    const match = ENTRY_LINE.exec(line);
    const parts = match ? splitSkuAndOptions(match[1].trim()) : null;
    const sku = parts ? unquote(parts.sku.trim()) : "";
    const options = parts?.optionText ? parseOptionText(parts.optionText) : [];
    const quantity = match ? parsePositiveQuantity(match[2]) : null;
    if (!match || sku === "" || /^[\s,"]*$/.test(sku) || quantity === null || options === null) {
      errors.push({ lineNumber, message: invalidFormatMessage(lineNumber, line) });
      return;
    }
    lines.push({ lineNumber, sku, quantity, ...(options.length > 0 ? { options } : {}) });
  });
  return { lines, errors };
}

/** The non-blank lines of a Quick Entry text: what the line limit counts. */
function countEntryLines(text: string): number {
  return splitLines(text).filter((line) => line.trim() !== "").length;
}

/** The lines of `text` with the given (1-based) numbers, in order: the failed lines a buyer gets back to fix. */
export function keepLines(text: string, lineNumbers: Iterable<number>): string {
  const wanted = new Set(lineNumbers);
  return splitLines(text)
    .filter((_, index) => wanted.has(index + 1))
    .join("\n");
}

// ─── CSV ────────────────────────────────────────────────────────────────────

export type CsvRow = Omit<QuickOrderItem, "lineNumber"> & { rowNumber: number };
export type CsvIssue = { rowNumber: number; message: string };
export type QuickOrderCsvParse = { rows: CsvRow[]; errors: CsvIssue[] };

export const CSV_HEADER_MISSING =
  'The first row must be a header naming the columns "SKU" and "Quantity" (download the template to see the layout)';
export const CSV_TOO_MANY_ROWS = `A file can add at most ${MAX_QUICK_ORDER_LINES} rows at a time. Split it into smaller files.`;

/** Header names are compared without case, spaces or punctuation: "SKU", "sku", "Product SKU", "Qty." all work. */
const normaliseHeader = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, "");
const SKU_HEADERS = new Set(["sku", "productsku", "code", "productcode", "slug"]);
const QUANTITY_HEADERS = new Set(["quantity", "qty", "quantities"]);
/** "Options": a cell of "Size=L; Colour=Yellow". */
const OPTIONS_HEADERS = new Set(["options", "option", "variants", "variant"]);
/** Columns a buyer's own order sheet often has that are never a product's options. */
const NOT_OPTION_HEADERS = new Set([
  ...["", "name", "product", "productname", "description"],
  ...["notes", "note", "comment", "comments", "price", "unitprice", "total", "linetotal"],
]);

function optionsCellMessage(rowNumber: number, text: string) {
  return `Row ${rowNumber}: Options "${quoteForMessage(text)}" should read Name=Value; Name=Value`;
}

/** Spreadsheets in some locales save with semicolons; a tab-separated paste saved as .csv uses tabs. */
function sniffDelimiter(text: string): "," | ";" | "\t" {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = ([",", ";", "\t"] as const).map((delimiter) => ({ delimiter, n: firstLine.split(delimiter).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.delimiter : ",";
}

/**
 * Reads an uploaded CSV: the first row is a header with the columns SKU and Quantity (any case, any order,
 * other columns ignored). Rows with an empty SKU or a quantity that is not a positive whole number are
 * skipped silently, as are empty rows. A first row that is plainly an item ("sku,5") is read as one, so a
 * file saved without its header loses nothing. File-level problems come back as errors and no rows.
 */
export function parseQuickOrderCsv(text: string): QuickOrderCsvParse {
  let records: string[][];
  try {
    records = readCsvText(text, {
      bom: true,
      delimiter: sniffDelimiter(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    });
    // the template we write puts a quote before a cell a spreadsheet would run as a formula (a SKU "-A1")
    records = records.map((record) => record.map(restoreCell));
  } catch (error) {
    // not CSV, or a row past the limits every CSV reader shares (too many cells, too long)
    const problem = csvReadProblem(error);
    return { rows: [], errors: [{ rowNumber: problem.row ?? 1, message: problem.message }] };
  }

  const isEmpty = (record: string[]) => record.every((cell) => cell === "");
  const headerIndex = records.findIndex((record) => !isEmpty(record));
  if (headerIndex === -1) return { rows: [], errors: [] };

  const headerCells = records[headerIndex];
  const header = headerCells.map(normaliseHeader);
  let skuColumn = header.findIndex((cell) => SKU_HEADERS.has(cell));
  let quantityColumn = header.findIndex((cell) => QUANTITY_HEADERS.has(cell));
  let optionsColumn = header.findIndex((cell) => OPTIONS_HEADERS.has(cell));
  // every other named column may be an option ("Size"), used when the row's product has it
  let optionColumns = header.flatMap((cell, index) =>
    index === skuColumn || index === quantityColumn || index === optionsColumn || NOT_OPTION_HEADERS.has(cell)
      ? []
      : [{ index, name: headerCells[index].trim() }],
  );
  let firstDataIndex = headerIndex + 1;
  if (skuColumn === -1 || quantityColumn === -1) {
    const first = records[headerIndex];
    const looksLikeItem = first.length >= 2 && first[0] !== "" && parsePositiveQuantity(first[1]) !== null;
    if (!looksLikeItem) return { rows: [], errors: [{ rowNumber: headerIndex + 1, message: CSV_HEADER_MISSING }] };
    skuColumn = 0;
    quantityColumn = 1;
    optionsColumn = -1;
    optionColumns = [];
    firstDataIndex = headerIndex;
  }

  const rows: CsvRow[] = [];
  const errors: CsvIssue[] = [];
  for (let index = firstDataIndex; index < records.length; index += 1) {
    const record = records[index];
    if (isEmpty(record)) continue;
    const sku = (record[skuColumn] ?? "").trim();
    const quantity = parsePositiveQuantity(record[quantityColumn] ?? "");
    if (sku === "" || quantity === null) continue;
    const rowNumber = index + 1;
    const optionText = optionsColumn === -1 ? "" : (record[optionsColumn] ?? "").trim();
    const options = optionText === "" ? [] : parseOptionText(optionText);
    if (options === null) {
      errors.push({ rowNumber, message: optionsCellMessage(rowNumber, optionText) });
      continue;
    }
    const columns = optionColumns
      .map(({ index: at, name }) => ({ name, value: (record[at] ?? "").trim() }))
      .filter((choice) => choice.value !== "");
    rows.push({
      rowNumber,
      sku,
      quantity,
      ...(options.length > 0 ? { options } : {}),
      ...(columns.length > 0 ? { columns } : {}),
    });
  }
  if (rows.length + errors.length > MAX_QUICK_ORDER_LINES) {
    return { rows: [], errors: [{ rowNumber: firstDataIndex + 1, message: CSV_TOO_MANY_ROWS }] };
  }
  return { rows, errors };
}
