/**
 * Quick order commands, shared by the /quick-order forms (browser and server). Browser-safe: no server imports.
 *
 * The page has three tabs, each a plain link (`?tab=entry|csv|reorder`), and one action told apart by `intent`.
 */
import { z } from "zod";

export const QUICK_ORDER_PATH = "/quick-order";
export const QUICK_ORDER_TEMPLATE_PATH = "/quick-order/template.csv";
export const QUICK_ORDER_TEMPLATE_FILENAME = "quick-order-template.csv";

export const QUICK_ORDER_TABS = ["entry", "csv", "reorder"] as const;
export type QuickOrderTab = (typeof QUICK_ORDER_TABS)[number];
export const QUICK_ORDER_TAB_LABELS: Record<QuickOrderTab, string> = {
  entry: "Quick Entry",
  csv: "CSV Upload",
  reorder: "Reorder",
};

/** `?tab=` from the URL; anything unknown is the default tab, Quick Entry. */
export function parseQuickOrderTab(value: string | null | undefined): QuickOrderTab {
  return (QUICK_ORDER_TABS as readonly string[]).includes(value ?? "") ? (value as QuickOrderTab) : "entry";
}

export function quickOrderHref(tab: QuickOrderTab, result?: string | null) {
  const params = new URLSearchParams();
  if (tab !== "entry" || result) params.set("tab", tab);
  if (result) params.set("result", result);
  const query = params.toString();
  return query ? `${QUICK_ORDER_PATH}?${query}` : QUICK_ORDER_PATH;
}

/** The Reorder tab shows the customer's last 10 orders. */
export const REORDER_LIST_LIMIT = 10;

/** A cart holds at most 1,000 lines, so one quick order never needs more. */
export const MAX_QUICK_ORDER_LINES = 1000;
/** About 200 characters a line at the line limit: more than any honest paste. */
export const MAX_QUICK_ENTRY_CHARACTERS = 200_000;
export const MAX_CSV_BYTES = 1024 * 1024;

export const QUICK_ENTRY_INTENT = "entry";
export const CSV_UPLOAD_INTENT = "csv";

export const QUICK_ENTRY_REQUIRED = "Enter at least one line: SKU, quantity";
export const QUICK_ENTRY_TOO_LONG = `Enter at most ${MAX_QUICK_ORDER_LINES.toLocaleString("en-GB")} lines at a time`;
export const CSV_FILE_REQUIRED = "Choose a CSV file to upload";
export const CSV_FILE_EMPTY = "The file is empty";
export const CSV_FILE_TOO_LARGE = "The file is too large: a CSV upload may be at most 1 MB";
export const CSV_FILE_WRONG_TYPE = "Upload a .csv file (save a spreadsheet as CSV first)";

const nonBlankLines = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "").length;

export const quickEntrySchema = z.object({
  intent: z.literal(QUICK_ENTRY_INTENT),
  lines: z
    .string({ required_error: QUICK_ENTRY_REQUIRED, invalid_type_error: QUICK_ENTRY_REQUIRED })
    .max(MAX_QUICK_ENTRY_CHARACTERS, QUICK_ENTRY_TOO_LONG)
    .refine((text) => text.trim() !== "", QUICK_ENTRY_REQUIRED)
    .refine((text) => nonBlankLines(text) <= MAX_QUICK_ORDER_LINES, QUICK_ENTRY_TOO_LONG),
});

/** A CSV by its name or its type: browsers label .csv files text/csv, application/vnd.ms-excel or nothing. */
function looksLikeCsv(file: { name: string; type: string }) {
  return /\.(csv|txt)$/i.test(file.name) || /^text\/(csv|plain)$/i.test(file.type);
}

const fileField = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.name !== "", CSV_FILE_REQUIRED)
  .refine((file) => file.size <= MAX_CSV_BYTES, CSV_FILE_TOO_LARGE)
  .refine((file) => file.size > 0, CSV_FILE_EMPTY)
  .refine(looksLikeCsv, CSV_FILE_WRONG_TYPE);

export const csvUploadSchema = z.object({
  intent: z.literal(CSV_UPLOAD_INTENT),
  file: fileField,
});

// ─── Results ────────────────────────────────────────────────────────────────

/** Only the first few failures are shown; the rest are counted ("and N more"). */
const SHOWN_ERRORS = 3;

export function summariseErrors(messages: readonly string[]): { shown: string[]; more: number } {
  return { shown: messages.slice(0, SHOWN_ERRORS), more: Math.max(0, messages.length - SHOWN_ERRORS) };
}

export function addedMessage(count: number) {
  return `Added ${count} product(s) to cart`;
}

export const SOME_ITEMS_FAILED = "Some Items Failed";
export const CSV_PROCESSED = "CSV Processed";
export const NOTHING_ADDED = "No products added";
