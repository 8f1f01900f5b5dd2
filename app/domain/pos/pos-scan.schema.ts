/**
 * The counter's scan box (browser-safe): a keyboard-wedge scanner types the code and Enter, which posts
 * the form. `productId` is sent only from the "which one?" choice of a code that several products carry.
 */
import { z } from "zod";
import { scannedCodeField } from "~/domain/catalog/barcode.schema";

export const POS_SCAN_INTENT = "scan";
/** The screen's state while the cashier chooses which product a shared code meant: `?scan=<code>`. */
export const POS_SCAN_PARAM = "scan";

const chosenProductField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number({ invalid_type_error: "Product must be a product id" }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
);

export const posScanFormSchema = z.object({
  intent: z.literal(POS_SCAN_INTENT),
  code: scannedCodeField,
  productId: chosenProductField,
});

/** POST /api/admin/pos/scan {code, productId?, customerId?}. */
export const posScanApiSchema = z.object({
  code: scannedCodeField,
  productId: chosenProductField,
  customerId: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || null : value ?? null),
    z.string({ invalid_type_error: "customerId must be a customer's id or null" }).max(64).nullable(),
  ),
});
