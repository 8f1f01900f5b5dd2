import { useState, type InputHTMLAttributes } from "react";
import { FieldErrors } from "~/components/admin/form/form-bits";
import { inputClass } from "~/components/ui/field";
import { DESCRIPTION_MAX } from "~/domain/invoices/sales-invoice.schema";
import { formatMoney, toDecimalString } from "~/utils/money";

/** What a line row was sent with, when the form comes back with its errors. */
export type RowValues = {
  productId?: string;
  description?: string;
  quantity?: string;
  unitPrice?: string;
  vatRate?: string;
};

export type InvoiceProductOption = { id: number; name: string; price: number; vatRate: number };

/**
 * One line of the Create Invoice form: a product (or Custom Item), description, quantity, unit price and
 * VAT %. Once a product is chosen (with JavaScript) the row shows the product's name, price and VAT rate,
 * read-only: the server invoices the product at those. Without JavaScript the typed values are sent
 * and the server uses the product's own for a product line.
 */
export function InvoiceLineRow({
  index: i,
  row,
  products,
  errorOf,
  hydrated,
}: {
  index: number;
  row: RowValues;
  /** the picker's products at the price a line takes (list price on sales, cost price on purchases) */
  products: InvoiceProductOption[];
  errorOf: (name: string) => string[] | undefined;
  hydrated: boolean;
}) {
  const prefix = `items[${i}]`;
  const [productId, setProductId] = useState(row.productId ?? "");
  const product = hydrated && productId !== "" ? products.find((p) => String(p.id) === productId) : undefined;
  const locked = Boolean(product);
  // a locked input shows the product's value; the key swaps it for a fresh typed input when unlocked
  const shown = (typed: string | undefined, fallback: string, fromProduct?: string) =>
    product && fromProduct !== undefined ? { value: fromProduct, readOnly: true } : { defaultValue: typed ?? fallback };
  return (
    <div className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12" data-testid="line-row">
      <div className="sm:col-span-3">
        <label htmlFor={`line-${i}-product`} className="block text-xs font-medium text-slate-700">
          Product (line {i + 1})
        </label>
        <select
          id={`line-${i}-product`}
          name={`${prefix}.productId`}
          defaultValue={row.productId ?? ""}
          onChange={(event) => setProductId(event.target.value)}
          className={`${inputClass} pr-8`}
        >
          <option value="">Custom Item</option>
          {products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {`${product.name} (${formatMoney(product.price)})`}
            </option>
          ))}
        </select>
        <FieldErrors id={`line-${i}-product-error`} errors={errorOf(`${prefix}.productId`)} />
      </div>
      <LineInput
        key={`description-${product?.id ?? "typed"}`}
        id={`line-${i}-description`}
        label="Description"
        span="sm:col-span-3"
        errors={errorOf(`${prefix}.description`)}
        inputProps={{
          name: `${prefix}.description`,
          type: "text",
          maxLength: DESCRIPTION_MAX,
          ...shown(row.description, "", product?.name),
          disabled: locked,
        }}
      />
      <LineInput
        id={`line-${i}-quantity`}
        label="Qty"
        span="sm:col-span-2"
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
        key={`price-${product?.id ?? "typed"}`}
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
          ...shown(row.unitPrice, "0", product ? toDecimalString(product.price) : undefined),
          disabled: locked,
        }}
      />
      <LineInput
        key={`vat-${product?.id ?? "typed"}`}
        id={`line-${i}-vat`}
        label="VAT %"
        span="sm:col-span-2"
        errors={errorOf(`${prefix}.vatRate`)}
        inputProps={{
          name: `${prefix}.vatRate`,
          type: "number",
          min: 0,
          max: 100,
          step: 0.1,
          inputMode: "decimal",
          ...shown(row.vatRate, "20", product ? String(product.vatRate / 100) : undefined),
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
