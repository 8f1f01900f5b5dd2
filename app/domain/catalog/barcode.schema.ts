/**
 * The barcode fields of the product commands, shared by the admin form, the admin API and the product
 * CSV (browser-safe). A list is an array of codes (API) or text with one code a line, or separated by
 * "|", ";" or "," (the form's box, a CSV cell); every code is checked (barcodes.ts), at most 20 per list.
 */
import { z } from "zod";
import { checkBarcodeList, normaliseBarcode, SCAN_INPUT_MAX, splitBarcodeList, type Barcode } from "./barcodes";

export const BARCODES_FIELD_MESSAGE = "Barcodes must be a list of codes";

/** The codes of a list, or the message of its first problem. */
export function readBarcodeList(value: unknown): { ok: true; value: Barcode[] } | { ok: false; message: string } {
  let codes: string[];
  if (value === undefined || value === null) codes = [];
  else if (typeof value === "string") codes = splitBarcodeList(value);
  else if (Array.isArray(value) && value.every((item) => typeof item === "string")) codes = value.map(normaliseBarcode);
  else return { ok: false, message: BARCODES_FIELD_MESSAGE };
  return checkBarcodeList(codes);
}

export const barcodeListField = z.unknown().transform((value, ctx): Barcode[] => {
  const read = readBarcodeList(value);
  if (read.ok) return read.value;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
  return z.NEVER;
});

/**
 * PUT /api/admin/products/{productId}/variants/{variantId} {barcodes: {"L": ["5012345678900"], …}}: the
 * codes of each option of the variant; an option left out has none. Options are matched without case.
 */
export const variantBarcodesSchema = z.object({
  barcodes: z.record(z.string().max(100), barcodeListField, {
    required_error: "barcodes is required",
    invalid_type_error: "barcodes must map each option to its list of codes",
  }),
});
export type VariantBarcodesInput = z.infer<typeof variantBarcodesSchema>;

/** The variant barcodes form: one box per option, each with its option's name beside it. */
export const variantBarcodesFormSchema = z
  .object({
    productId: z.coerce.number().int().positive(),
    variantId: z.coerce.number().int().positive(),
    option: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(100))),
    codes: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.unknown())),
  })
  .transform(({ option, codes, ...ids }, ctx) => {
    const barcodes: Record<string, Barcode[]> = {};
    for (const [index, name] of option.entries()) {
      const read = readBarcodeList(codes[index] ?? "");
      if (!read.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["codes", index], message: `${name}: ${read.message}` });
        return z.NEVER;
      }
      barcodes[name] = read.value;
    }
    return { ...ids, barcodes };
  });

/** A code typed or scanned into a lookup (the POS box, the by-barcode API): normalised, never blank. */
export const scannedCodeField = z
  .string({ required_error: "Scan or type a barcode", invalid_type_error: "The barcode must be text" })
  .max(SCAN_INPUT_MAX, `A barcode has at most ${SCAN_INPUT_MAX} characters`)
  .transform(normaliseBarcode)
  .refine((code) => code !== "", "Scan or type a barcode");

/** The products screen's post that saves a variant's option barcodes. */
export const VARIANT_BARCODES_INTENT = "variant-barcodes";
export const VARIANT_BARCODES_SAVED = "Barcodes saved";
