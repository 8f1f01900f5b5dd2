/**
 * A barcode as a PNG picture for the PDFs (bwip-js, docs/decisions/0076-barcode-images.md): drawn in the
 * symbology its type is printed in — EAN-13, EAN-8 and UPC-A as themselves, GTIN-14 as ITF-14 (the case code),
 * the wholesaler's own codes as Code 128 — with the digits under the bars.
 */
import { detectBarcodeType, type BarcodeType } from "~/domain/catalog/barcodes";
import { loadBwipJs } from "./libraries.server";

const SYMBOLOGY: Record<BarcodeType, string> = { ean13: "ean13", ean8: "ean8", upca: "upca", gtin14: "itf14", own: "code128" };

/** The PNG of a stored code (normalised and checked when it was saved); null for text that is no barcode. */
export async function barcodePng(code: string): Promise<Buffer | null> {
  const type = detectBarcodeType(code);
  if (!type) return null;
  const bwipjs = await loadBwipJs();
  try {
    return await bwipjs.toBuffer({
      bcid: SYMBOLOGY[type],
      text: code,
      scale: 2,
      height: 9,
      includetext: true,
      textxalign: "center",
      // opaque white behind the bars: no transparency for a printer to get wrong
      backgroundcolor: "FFFFFF",
      ...(type === "gtin14" ? { borderwidth: 1 } : {}),
    });
  } catch (error) {
    // a code the symbology refuses (it never should: codes are checked when saved) prints as text alone
    console.error(`Barcode ${code} could not be drawn`, error);
    return null;
  }
}
