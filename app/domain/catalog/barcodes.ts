/**
 * Barcodes: the codes a product or one of its variant options carries, as a scanner reads them. Pure and
 * browser-safe (the admin form, the POS scan box, the CSV import and the API check with the same rules).
 *
 * Types (docs/decisions/0075-barcodes.md):
 *  - the GS1 codes EAN-13, EAN-8, UPC-A (12 digits) and GTIN-14, whose last digit is the GS1 mod-10 check
 *    digit of the others; a code of digits only and one of these lengths is always read as that GS1 type,
 *    so its check digit must be right (a mistyped EAN is refused, not kept as an "own" code);
 *  - "own": the wholesaler's own code, 1–32 letters, digits and dashes (kept in capitals).
 * Normalising takes out spaces (printed EANs are often grouped "5 012345 678900") and upper-cases letters.
 */

import { BARCODE_TYPES } from "~db/schema";

export { BARCODE_TYPES };
export type BarcodeType = (typeof BARCODE_TYPES)[number];
export type Gs1Type = Exclude<BarcodeType, "own">;

export const BARCODE_TYPE_LABELS: Record<BarcodeType, string> = {
  ean13: "EAN-13",
  ean8: "EAN-8",
  upca: "UPC-A",
  gtin14: "GTIN-14",
  own: "own code",
};

/** The digits each GS1 type has, check digit included. */
export const GS1_LENGTHS: Record<Gs1Type, number> = { ean8: 8, upca: 12, ean13: 13, gtin14: 14 };

const GS1_BY_LENGTH = new Map<number, Gs1Type>(
  (Object.entries(GS1_LENGTHS) as [Gs1Type, number][]).map(([type, length]) => [length, type]),
);

/** Shopify's limit, kept here: at most this many codes on one product, or on one option of a variant. */
export const BARCODES_PER_ITEM_MAX = 20;
export const OWN_CODE_MAX = 32;
const OWN_CODE = /^[A-Z0-9-]{1,32}$/;
/** The longest text read as one scan before normalising (a scanner never sends more; anything longer is refused). */
export const SCAN_INPUT_MAX = 64;

export type Barcode = { code: string; type: BarcodeType };
export type BarcodeCheck = { ok: true; value: Barcode } | { ok: false; message: string };

/** A scanned or typed code as stored: no spaces anywhere, letters in capitals. */
export function normaliseBarcode(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/**
 * The GS1 mod-10 check digit of the digits before it: from the right, the digits are weighted 3, 1, 3, 1…;
 * the check digit brings the weighted sum up to a multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The type a code reads as (after normalising), or null when it is none of them. */
export function detectBarcodeType(text: string): BarcodeType | null {
  const code = normaliseBarcode(text);
  if (/^\d+$/.test(code)) {
    const gs1 = GS1_BY_LENGTH.get(code.length);
    if (gs1) return gs1;
  }
  return OWN_CODE.test(code) ? "own" : null;
}

/** "an EAN-13", "a UPC-A": the article as it is said aloud. */
function withArticle(type: Gs1Type) {
  const label = BARCODE_TYPE_LABELS[type];
  return `${label.startsWith("E") ? "An" : "A"} ${label}`;
}

function checkGs1(type: Gs1Type, code: string): BarcodeCheck {
  const label = BARCODE_TYPE_LABELS[type];
  const length = GS1_LENGTHS[type];
  if (!/^\d+$/.test(code)) return { ok: false, message: `${withArticle(type)} is digits only: "${code}" is not` };
  if (code.length !== length) {
    return { ok: false, message: `${withArticle(type)} has ${length} digits: "${code}" has ${code.length}` };
  }
  const expected = gs1CheckDigit(code.slice(0, -1));
  const given = Number(code.slice(-1));
  if (given !== expected) {
    return {
      ok: false,
      message: `${label} ${code} has the wrong check digit: it ends in ${given}, the check digit should be ${expected}`,
    };
  }
  return { ok: true, value: { code, type } };
}

/**
 * Checks a code, as the given type or as the type it reads as. The message names the type and, for a GS1
 * code with a wrong last digit, the check digit it should have.
 */
export function checkBarcode(text: string, as?: BarcodeType): BarcodeCheck {
  const code = normaliseBarcode(text);
  if (code === "") return { ok: false, message: "A barcode cannot be blank" };
  const type = as ?? detectBarcodeType(code);
  if (type === null) {
    return {
      ok: false,
      message:
        code.length > OWN_CODE_MAX
          ? `"${code.slice(0, OWN_CODE_MAX)}…" is not a barcode: an EAN-13, EAN-8, UPC-A or GTIN-14, or an own code of at most ${OWN_CODE_MAX} letters, digits and dashes`
          : `"${code}" is not a barcode: an own code has only letters, digits and dashes`,
    };
  }
  if (type === "own") {
    return OWN_CODE.test(code)
      ? { ok: true, value: { code, type } }
      : { ok: false, message: `An own code has 1 to ${OWN_CODE_MAX} letters, digits and dashes: "${code}" does not` };
  }
  return checkGs1(type, code);
}

/**
 * A list of codes as typed in a form or a CSV cell: one per line, or separated by "|", ";" or ",". Blank
 * entries are dropped and repeats kept once (in the order first given).
 */
export function splitBarcodeList(text: string): string[] {
  const codes = text.split(/[\r\n|;,]+/).map(normaliseBarcode).filter((code) => code !== "");
  return [...new Set(codes)];
}

/** How the product CSV writes a list of codes in one cell (decision 0075); the import reads "|" or ";". */
export const CSV_BARCODE_SEPARATOR = "|";
export function joinBarcodeList(codes: readonly string[]): string {
  return codes.join(CSV_BARCODE_SEPARATOR);
}

export type BarcodeListCheck = { ok: true; value: Barcode[] } | { ok: false; message: string };

/**
 * Checks a list for one product (or one option of a variant): every code valid, no more than the limit,
 * repeats taken once. The first bad code's message is the answer, with its place in the list.
 */
export function checkBarcodeList(codes: readonly string[]): BarcodeListCheck {
  const unique = [...new Set(codes.map(normaliseBarcode).filter((code) => code !== ""))];
  if (unique.length > BARCODES_PER_ITEM_MAX) {
    return { ok: false, message: `At most ${BARCODES_PER_ITEM_MAX} barcodes each: ${unique.length} were given` };
  }
  const checked: Barcode[] = [];
  for (const code of unique) {
    const result = checkBarcode(code);
    if (!result.ok) return result;
    checked.push(result.value);
  }
  return { ok: true, value: checked };
}

/** What a line that names nothing says when it is a GS1 code with a wrong last digit (a slip of the finger). */
export const WRONG_CHECK_DIGIT_MESSAGE = "This barcode's check digit is wrong: check the number";

/**
 * Whether a typed code is all digits, of a GS1 length (8, 12, 13 or 14), with a last digit that is not its
 * check digit: a mistyped barcode rather than a code nobody has. Which digit was mistyped cannot be known.
 */
export function hasWrongCheckDigit(text: string): boolean {
  const code = normaliseBarcode(text);
  return /^\d+$/.test(code) && GS1_BY_LENGTH.has(code.length) && gs1CheckDigit(code.slice(0, -1)) !== Number(code.slice(-1));
}

/** What a scan that matches nothing says: a mistyped GS1 code is told its check digit, others that nothing has it. */
export function unknownBarcodeMessage(text: string): string {
  const code = normaliseBarcode(text);
  const check = checkBarcode(code);
  if (!check.ok && code !== "") return `No product has the barcode ${code.slice(0, SCAN_INPUT_MAX)}. ${check.message}`;
  return `No product has the barcode ${code}`;
}

/** How a product or variant option that carries a code is named in a choice or a message: "Hi-Vis Vest (HIVIS-VEST), Size L". */
export function barcodeItemLabel(item: { productName: string; sku: string | null; variantName: string | null; option: string | null }) {
  const product = item.sku ? `${item.productName} (${item.sku})` : item.productName;
  return item.variantName && item.option ? `${product}, ${item.variantName} ${item.option}` : product;
}
