import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { BARCODES_PER_ITEM_MAX } from "~/domain/catalog/barcodes";

/**
 * The product's own barcodes, one a line (a scanner's Enter starts the next). GS1 codes (EAN-13, EAN-8,
 * UPC-A, GTIN-14) are checked for their check digit; anything else is the wholesaler's own code.
 */
export function BarcodesField({ field }: { field: FieldMetadata<unknown> }) {
  return (
    <Field
      label="Barcodes (optional)"
      errors={field.errors}
      hint={`One a line, up to ${BARCODES_PER_ITEM_MAX}: EAN-13, EAN-8, UPC-A or GTIN-14 (check digit checked), or your own code of letters, digits and dashes. The same code may be on other products.`}
      textareaProps={{
        ...getTextareaProps(field),
        rows: 3,
        autoComplete: "off",
        spellCheck: false,
      }}
    />
  );
}
