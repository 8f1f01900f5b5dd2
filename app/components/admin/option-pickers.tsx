import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { formatMoney } from "~/utils/money";
import { PickerSearch, SelectField } from "./form/form-bits";

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

/** A product select: "Select a product", then "Name (£12.50)" for each option. */
export function ProductSelect({
  field,
  products,
  hint,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's product field
  field: FieldMetadata<unknown, any, string[]>;
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
