/**
 * Barcodes on a few demo products, as a counter would scan them: EAN-13s under one made-up UK company
 * prefix (50 14732), check digits worked out as GS1 says, the options of two products with their own, and a
 * shelf label of the wholesaler's own on two products.
 */
import { and, eq } from "drizzle-orm";
import { checkBarcode } from "~/domain/catalog/barcodes";
import * as s from "~db/schema";
import { productNamed, type Demo } from "./context";

/** Product name → its own codes. */
const PRODUCT_CODES: [string, string[]][] = [
  ["Penne Pasta 3kg", ["5014732000011"]],
  ["Catering Tea Bags (1,100)", ["5014732000028"]],
  ["Washing-Up Liquid 5L", ["5014732000035", "WUL-5L-CASE"]],
  ["Plain Flour 16kg Sack", ["5014732000042"]],
  ["Long Grain Rice 10kg", ["5014732000059"]],
  ["Granulated Sugar Sticks (1,000)", ["5014732000066"]],
  // one shelf label for the bay that holds both: the counter's scanner asks which
  ["Ripple Wall Coffee Cups (500)", ["BAY-CUPS-12"]],
  ["Sip-Through Cup Lids (1,000)", ["BAY-CUPS-12"]],
];

/** Product name, variant name → each option's code. */
const OPTION_CODES: [string, string, Record<string, string>][] = [
  ["Microfibre Cloths (10 pack)", "Colour", { Blue: "5014732000103", Red: "5014732000110", Green: "5014732000127", Yellow: "5014732000134" }],
  ["Hi-Vis Vest EN ISO 20471", "Size", { S: "5014732000202", M: "5014732000219", L: "5014732000226" }],
];

function typeOf(code: string) {
  const checked = checkBarcode(code);
  if (!checked.ok) throw new Error(`Seed barcode ${code}: ${checked.message}`);
  return checked.value.type;
}

export function writeBarcodes(demo: Demo) {
  const createdAt = new Date(demo.now - 200 * 24 * 60 * 60 * 1000);
  for (const [name, codes] of PRODUCT_CODES) {
    const product = productNamed(demo, name);
    for (const code of codes) {
      demo.db.insert(s.productBarcodes).values({ productId: product.id, code, type: typeOf(code), createdAt }).run();
    }
  }
  for (const [name, variantName, codes] of OPTION_CODES) {
    const product = productNamed(demo, name);
    const variant = demo.db
      .select({ id: s.productVariants.id })
      .from(s.productVariants)
      .where(and(eq(s.productVariants.productId, product.id), eq(s.productVariants.name, variantName)))
      .get();
    if (!variant) throw new Error(`Seed barcodes name an unknown variant: ${name} ${variantName}`);
    for (const [option, code] of Object.entries(codes)) {
      demo.db
        .insert(s.productBarcodes)
        .values({ productId: product.id, variantId: variant.id, variantOption: option, code, type: typeOf(code), createdAt })
        .run();
    }
  }
}
