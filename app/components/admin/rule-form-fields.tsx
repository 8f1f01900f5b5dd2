/** Fields the pricing-rule and reward forms share: the pickers (product, customer) and the discount percentage. */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { formatMoney } from "~/utils/money";
import { PickerSearch, SelectField } from "./form/form-bits";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any form
type AnyField = FieldMetadata<unknown, any, string[]>;

/**
 * The search box above a picker, shown when the picker lists only the first options (or a search is on):
 * "Showing the first 200 of 950 products: search to find others." / "3 products match."
 */
export function PickerFinder({
  name,
  label,
  placeholder,
  search,
  shown,
  total,
  limited,
  noun,
  keep,
}: {
  name: string;
  label: string;
  placeholder: string;
  search: string;
  shown: number;
  total: number;
  limited: boolean;
  noun: [singular: string, plural: string];
  keep: Record<string, string>;
}) {
  if (!limited && !search) return null;
  return (
    <PickerSearch
      name={name}
      label={label}
      placeholder={placeholder}
      value={search}
      keep={keep}
      note={
        limited
          ? `Showing the first ${shown} of ${total} ${noun[1]}: search to find others.`
          : `${total} ${total === 1 ? `${noun[0]} matches` : `${noun[1]} match`}.`
      }
    />
  );
}

/** The product picker's search box, from a loader's productPicker state. */
export function ProductFinder({
  picker,
  label,
  keep,
}: {
  picker: { productSearch: string; products: unknown[]; productsTotal: number; productsLimited: boolean };
  label: string;
  keep: Record<string, string>;
}) {
  return (
    <PickerFinder
      name="product"
      label={label}
      placeholder="Product name"
      search={picker.productSearch}
      shown={picker.products.length}
      total={picker.productsTotal}
      limited={picker.productsLimited}
      noun={["product", "products"]}
      keep={keep}
    />
  );
}

/** A product select: "Select a product", then "Name (£12.50)" for each option. */
export function ProductSelect({
  field,
  products,
  hint,
}: {
  field: AnyField;
  products: { id: number; name: string; salesPrice: number }[];
  hint?: string;
}) {
  return (
    <SelectField label="Product" hint={hint} errors={field.errors} errorId={field.errorId} selectProps={getSelectProps(field)}>
      <option value="">Select a product</option>
      {products.map((product) => (
        <option key={product.id} value={String(product.id)}>
          {`${product.name} (${formatMoney(product.salesPrice)})`}
        </option>
      ))}
    </SelectField>
  );
}

/** "Discount Percentage": 0 to 100 with at most two decimals. */
export function DiscountPercentField({ field, hint }: { field: AnyField; hint: string }) {
  return (
    <Field
      label="Discount Percentage"
      hint={hint}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "number" }), min: 0, max: 100, step: 0.01, inputMode: "decimal" }}
    />
  );
}
