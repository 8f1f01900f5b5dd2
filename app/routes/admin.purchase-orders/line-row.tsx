import { useRef } from "react";
import { FieldErrors } from "~/components/admin/form/form-bits";
import { inputClass } from "~/components/ui/field";
import { formatMoney, formatPercent, toDecimalString } from "~/utils/money";

/** What a line row was sent with, when the form comes back with its errors. */
export type RowValues = { productId?: string; quantity?: string; unitPrice?: string };
export type ProductChoice = { id: number; name: string; costPrice: number; vatRate: number };

const labelClass = "block text-xs font-medium text-slate-700";

/**
 * One line of the Create purchase order form: a product, a quantity and a unit price (blank: the product's
 * cost price; with JavaScript, choosing a product fills it in so it can be changed). The VAT rate is the
 * product's.
 */
export function LineRow({
  index: i,
  row,
  products,
  errorOf,
}: {
  index: number;
  row: RowValues;
  products: ProductChoice[];
  errorOf: (name: string) => string[] | undefined;
}) {
  const prefix = `items[${i}]`;
  const price = useRef<HTMLInputElement>(null);
  const ids = { product: `po-line-${i}-product`, quantity: `po-line-${i}-quantity`, price: `po-line-${i}-price` };
  const errors = {
    product: errorOf(`${prefix}.productId`),
    quantity: errorOf(`${prefix}.quantity`),
    price: errorOf(`${prefix}.unitPrice`),
  };
  return (
    <div className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12" data-testid="po-line-row">
      <div className="sm:col-span-7">
        <label htmlFor={ids.product} className={labelClass}>
          Product (line {i + 1})
        </label>
        <select
          id={ids.product}
          name={`${prefix}.productId`}
          defaultValue={row.productId ?? ""}
          onChange={(event) => {
            const chosen = products.find((product) => String(product.id) === event.target.value);
            if (chosen && price.current) price.current.value = toDecimalString(chosen.costPrice);
          }}
          className={`${inputClass} pr-8`}
          aria-invalid={errors.product ? true : undefined}
          aria-describedby={errors.product ? `${ids.product}-error` : undefined}
        >
          <option value="">Choose a product</option>
          {products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {`${product.name} (cost ${formatMoney(product.costPrice)}, VAT ${formatPercent(product.vatRate)})`}
            </option>
          ))}
        </select>
        <FieldErrors id={`${ids.product}-error`} errors={errors.product} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={ids.quantity} className={labelClass}>
          Qty
        </label>
        <input
          id={ids.quantity}
          name={`${prefix}.quantity`}
          type="number"
          min={1}
          step={1}
          defaultValue={row.quantity ?? "1"}
          className={inputClass}
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={errors.quantity ? `${ids.quantity}-error` : undefined}
        />
        <FieldErrors id={`${ids.quantity}-error`} errors={errors.quantity} />
      </div>
      <div className="sm:col-span-3">
        <label htmlFor={ids.price} className={labelClass}>
          Unit price (£, ex VAT)
        </label>
        <input
          ref={price}
          id={ids.price}
          name={`${prefix}.unitPrice`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="Cost price"
          defaultValue={row.unitPrice ?? ""}
          className={inputClass}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? `${ids.price}-error` : undefined}
        />
        <FieldErrors id={`${ids.price}-error`} errors={errors.price} />
      </div>
    </div>
  );
}
