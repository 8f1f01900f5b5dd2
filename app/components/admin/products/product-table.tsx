import { Link } from "@remix-run/react";
import { ProductImage } from "~/components/catalog/product-image";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { formatMargin, marginTenths, NO_PRODUCTS_FOUND } from "~/domain/catalog/product.schema";
import { stockState } from "~/domain/catalog/stock";
import { formatMoney, formatPercent, withVat } from "~/utils/money";

export type ProductTableRow = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  imageUrl: string | null;
  category: { name: string } | null;
  salesPrice: number;
  costPrice: number;
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
};

const STOCK_STYLES = {
  "in-stock": { cell: "text-slate-800", note: null },
  "low-stock": { cell: "bg-amber-50 font-semibold text-amber-900", note: "Low stock" },
  "out-of-stock": { cell: "bg-red-50 font-semibold text-red-800", note: "Out of stock" },
} as const;

/**
 * The products table: image, name and slug, category, price ex and inc VAT, cost, margin, stock and the
 * row's actions. Stock at or below the product's low-stock threshold is highlighted (red when none left).
 * Codes stay on one line, cut with their whole value on hover; on a phone each row is a card (DataTable).
 */
export function ProductTable({
  rows,
  editHref,
  deleteHref,
  stockHref,
}: {
  rows: ProductTableRow[];
  editHref: (id: number) => string;
  deleteHref: (id: number) => string;
  /** the product's stock dialog: adjust it, read its movements */
  stockHref: (id: number) => string;
}) {
  return (
    <DataTable caption="Products" minWidth="56rem">
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            Image
          </th>
          <th scope="col" className={thClass}>
            Name
          </th>
          <th scope="col" className={thClass}>
            Category
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Price
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Cost
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Margin
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Stock
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? <EmptyRow colSpan={8}>{NO_PRODUCTS_FOUND}</EmptyRow> : null}
        {rows.map((row, index) => {
          const state = stockState(row.stockLevel, row.lowStockThreshold);
          const stock = STOCK_STYLES[state];
          const margin = marginTenths(row.salesPrice, row.costPrice);
          return (
            <tr key={row.id} data-testid="product-row" className="hover:bg-slate-50/60">
              <td className={tdClass}>
                {row.imageUrl ? (
                  <ProductImage
                    url={row.imageUrl}
                    alt=""
                    size={48}
                    sizes="48px"
                    eager={index < 8}
                    className="h-12 w-12 rounded-md border border-slate-200 object-cover"
                  />
                ) : (
                  <span className="flex h-12 w-12 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 text-center text-[10px] leading-tight text-slate-500">
                    No image
                  </span>
                )}
              </td>
              <td className={tdClass}>
                <div className="font-medium text-slate-900">{row.name}</div>
                <div className="font-mono text-xs text-slate-500">
                  {row.sku ? <Identifier prefix="SKU" value={row.sku} maxWidth="max-w-[10rem]" className="text-slate-700" /> : null}
                  <Identifier value={row.slug} maxWidth="max-w-[10rem]" />
                </div>
              </td>
              <td className={tdClass}>{row.category?.name ?? <span className="text-slate-500">—</span>}</td>
              <td className={`${tdClass} whitespace-nowrap text-right`}>
                <div>{formatMoney(row.salesPrice)}</div>
                <div className="text-xs text-slate-500">
                  {formatMoney(withVat(row.salesPrice, row.vatRate))} inc VAT ({formatPercent(row.vatRate)})
                </div>
              </td>
              <td className={`${tdClass} whitespace-nowrap text-right`}>{formatMoney(row.costPrice)}</td>
              <td className={`${tdClass} whitespace-nowrap text-right ${margin !== null && margin < 0 ? "text-red-700" : ""}`}>
                {formatMargin(margin)}
              </td>
              <td className={`${tdClass} whitespace-nowrap text-right`}>
                <span
                  data-testid="stock-level"
                  data-state={state}
                  className={`inline-block rounded px-2 py-0.5 ${stock.cell}`}
                  title={`Low-stock threshold ${row.lowStockThreshold}`}
                >
                  {row.stockLevel}
                </span>
                {stock.note ? <div className="mt-0.5 text-xs text-slate-500">{stock.note}</div> : null}
              </td>
              <td className={`${tdClass} whitespace-nowrap text-right`}>
                <div className="flex justify-end gap-2">
                  <Link
                    to={editHref(row.id)}
                    preventScrollReset
                    className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                    aria-label={`Edit ${row.name}`}
                  >
                    Edit
                  </Link>
                  <Link
                    to={stockHref(row.id)}
                    preventScrollReset
                    className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                    aria-label={`Stock of ${row.name}`}
                  >
                    Stock
                  </Link>
                  <Link
                    to={deleteHref(row.id)}
                    preventScrollReset
                    className="rounded-md border border-red-200 px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${row.name}`}
                  >
                    Delete
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
