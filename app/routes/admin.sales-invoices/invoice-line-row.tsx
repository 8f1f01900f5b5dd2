import type { InputHTMLAttributes } from "react";
import { FieldErrors } from "~/components/admin/form/form-bits";
import { inputClass } from "~/components/ui/field";
import { DESCRIPTION_MAX } from "~/domain/invoices/sales-invoice.schema";
import { formatMoney } from "~/utils/money";

/** What a line row was sent with, when the form comes back with its errors. */
export type RowValues = {
  productId?: string;
  description?: string;
  quantity?: string;
  unitPrice?: string;
  vatRate?: string;
};

/**
 * One line of the Create Invoice form: a product (or Custom Item), description, quantity, unit price and
 * VAT %. Once a product is chosen (with JavaScript) its name, price and VAT rate are the product's.
 */
export function InvoiceLineRow({
  index: i,
  row,
  products,
  errorOf,
  locked,
  onProductChosen,
}: {
  index: number;
  row: RowValues;
  products: { id: number; name: string; salesPrice: number }[];
  errorOf: (name: string) => string[] | undefined;
  locked: boolean;
  onProductChosen: (chosen: boolean) => void;
}) {
  const prefix = `items[${i}]`;
  return (
    <div className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12" data-testid="line-row">
      <div className="sm:col-span-4">
        <label htmlFor={`line-${i}-product`} className="block text-xs font-medium text-slate-700">
          Product (line {i + 1})
        </label>
        <select
          id={`line-${i}-product`}
          name={`${prefix}.productId`}
          defaultValue={row.productId ?? ""}
          onChange={(event) => onProductChosen(event.target.value !== "")}
          className={`${inputClass} pr-8`}
        >
          <option value="">Custom Item</option>
          {products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {`${product.name} (${formatMoney(product.salesPrice)})`}
            </option>
          ))}
        </select>
        <FieldErrors id={`line-${i}-product-error`} errors={errorOf(`${prefix}.productId`)} />
      </div>
      <LineInput
        id={`line-${i}-description`}
        label="Description"
        span="sm:col-span-4"
        errors={errorOf(`${prefix}.description`)}
        inputProps={{
          name: `${prefix}.description`,
          type: "text",
          maxLength: DESCRIPTION_MAX,
          defaultValue: row.description ?? "",
          disabled: locked,
          placeholder: locked ? "The product's name" : undefined,
        }}
      />
      <LineInput
        id={`line-${i}-quantity`}
        label="Qty"
        span="sm:col-span-1"
        errors={errorOf(`${prefix}.quantity`)}
        inputProps={{
          name: `${prefix}.quantity`,
          type: "number",
          min: 1,
          step: 1,
          defaultValue: row.quantity ?? "1",
        }}
      />
      <LineInput
        id={`line-${i}-price`}
        label="Unit price (£)"
        span="sm:col-span-2"
        errors={errorOf(`${prefix}.unitPrice`)}
        inputProps={{
          name: `${prefix}.unitPrice`,
          type: "number",
          min: 0,
          step: 0.01,
          inputMode: "decimal",
          defaultValue: row.unitPrice ?? "0",
          disabled: locked,
        }}
      />
      <LineInput
        id={`line-${i}-vat`}
        label="VAT %"
        span="sm:col-span-1"
        errors={errorOf(`${prefix}.vatRate`)}
        inputProps={{
          name: `${prefix}.vatRate`,
          type: "number",
          min: 0,
          max: 100,
          step: 0.1,
          inputMode: "decimal",
          defaultValue: row.vatRate ?? "20",
          disabled: locked,
        }}
      />
    </div>
  );
}

/** One input of a Create Invoice line row: a small label, the input, its error. */
function LineInput({
  id,
  label,
  span,
  errors,
  inputProps,
}: {
  id: string;
  label: string;
  span: string;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={span}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        {...inputProps}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
