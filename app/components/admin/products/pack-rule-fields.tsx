import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { MAX_PACK_LABEL, MAX_PACK_NUMBER } from "~/domain/catalog/pack-rules";
import { PACK_FIELD_LABELS } from "~/domain/catalog/pack-rules.schema";

type PackField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The pack rule fields of the product form and the variant form: minimum order quantity, order multiple,
 * pack label ("case of 6") and units per pack (for the per-unit price). Blank is no rule; on a variant,
 * blank keeps the product's.
 */
export function PackRuleFields({
  fields,
  forVariant = false,
}: {
  fields: { minOrderQuantity: PackField; orderMultiple: PackField; packLabel: PackField; unitsPerPack: PackField };
  forVariant?: boolean;
}) {
  const number = (field: PackField) => ({
    ...getInputProps(field, { type: "number" }),
    step: 1,
    min: 1,
    max: MAX_PACK_NUMBER,
    inputMode: "numeric" as const,
    placeholder: forVariant ? "As the product" : "None",
  });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Pack rules</legend>
      <p className="text-xs text-slate-600">
        Quantities count units of sale. A minimum that is not a multiple is rounded up to the next multiple.
        {forVariant ? " Blank keeps the product's rule." : " Blank means no rule."}
      </p>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field label={PACK_FIELD_LABELS.minOrderQuantity} errors={fields.minOrderQuantity.errors} inputProps={number(fields.minOrderQuantity)} />
        <Field label={PACK_FIELD_LABELS.orderMultiple} errors={fields.orderMultiple.errors} inputProps={number(fields.orderMultiple)} />
        <Field
          label={PACK_FIELD_LABELS.packLabel}
          errors={fields.packLabel.errors}
          inputProps={{ ...getInputProps(fields.packLabel, { type: "text" }), maxLength: MAX_PACK_LABEL, placeholder: "case of 6" }}
        />
        <Field label={PACK_FIELD_LABELS.unitsPerPack} errors={fields.unitsPerPack.errors} inputProps={number(fields.unitsPerPack)} />
      </div>
    </fieldset>
  );
}
