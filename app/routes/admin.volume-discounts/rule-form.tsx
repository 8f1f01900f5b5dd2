import { getInputProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { DiscountPercentField, ProductFinder, ProductSelect } from "~/components/admin/rule-form-fields";
import { RecordForm, type RecordFormProps } from "~/components/admin/record-screen";
import { Field } from "~/components/ui/field";
import { volumeDiscountSchema } from "~/domain/pricing/pricing-rules.schema";
import type { loader } from "./route";

type Data = SerializeFrom<typeof loader>;
type Rule = Data["rules"][number];

/** The create / edit form of a volume discount, with the product picker's search above it. */
export function RuleForm({ record: rule, data, hidden, keep, cancelHref, lastResult }: RecordFormProps<Rule> & { data: Data }) {
  const { form, fields, saving } = useAdminForm({
    id: `volume-discount-${rule?.id ?? "new"}`,
    schema: volumeDiscountSchema,
    intent: rule ? "update" : "create",
    lastResult,
    defaultValue: rule
      ? { productId: String(rule.productId), minQuantity: String(rule.minQuantity), discountPercentage: rule.discountPercentage }
      : { productId: data.chosenProduct ? String(data.chosenProduct) : "", minQuantity: "", discountPercentage: "" },
  });

  return (
    <>
      <ProductFinder picker={data} label="Find a product" keep={keep} />
      <RecordForm form={form} id={rule?.id} hidden={hidden} cancelHref={cancelHref} saving={saving}>
        <ProductSelect field={fields.productId} products={data.products} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum Quantity"
            hint="Units of the product in the cart, all variants together."
            errors={fields.minQuantity.errors}
            inputProps={{ ...getInputProps(fields.minQuantity, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          />
          <DiscountPercentField field={fields.discountPercentage} hint="0 to 100, e.g. 10 or 12.5." />
        </div>
      </RecordForm>
    </>
  );
}
