import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { scannedCodeField } from "~/domain/catalog/barcode.schema";
import { lookupBarcode } from "~/domain/catalog/barcodes.server";
import { barcodeItemLabel } from "~/domain/catalog/barcodes";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, onlyMethods } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/products/by-barcode/{code} → 200 {code, matches: [{productId, productName, slug, sku,
 * variantId, variantName, option, label, stockLevel, salesPrice, vatRate}]}: every product, and every
 * variant option, that carries the code (spaces ignored, letters in any case). One code may be on several
 * (the counter then asks which). 404 {message} when none does (a GS1 code with a wrong check digit is
 * told the digit it should have); 400 for text that cannot be a barcode.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const code = scannedCodeField.safeParse(params.code ?? "");
  if (!code.success) return jsonError(400, code.error.issues[0]?.message ?? "Scan or type a barcode", "code");
  const result = lookupBarcode(getDb(), code.data);
  if (!result.ok) return failureResponse(result);
  return json({
    code: result.value.code,
    matches: result.value.matches.map((match) => ({
      ...match,
      label: barcodeItemLabel(match),
      salesPrice: toDecimalString(match.salesPrice),
      vatRate: toDecimalString(match.vatRate),
    })),
  });
});

export const action = onlyMethods(["GET"]);
