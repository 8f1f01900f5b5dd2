import type { SubmissionResult } from "@conform-to/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { MissingNotice } from "~/components/admin/screen-notices";
import { StockAdjustForm } from "~/components/admin/products/stock-adjust-form";
import { StockHistory, type StockMovementRow } from "~/components/admin/products/stock-history";

export type StockDialogData = {
  missing: boolean;
  product: { id: number; name: string; stockLevel: number } | null;
  movements: { items: StockMovementRow[]; total: number; page: number; pageCount: number } | null;
};

/** ?stockOf=12: adjust the product's stock and read its movement history, newest first. */
export function StockDialog({
  data,
  listHref,
  withParams,
  idempotencyKey,
  lastResult,
}: {
  data: StockDialogData;
  listHref: string;
  withParams: (extra: Record<string, string | number>) => string;
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { product, movements } = data;
  return (
    <>
      {data.missing ? <MissingNotice>That product no longer exists. It may have been deleted.</MissingNotice> : null}
      <AdminDialog open={product !== null} title={product ? `Stock of ${product.name}` : "Stock"} closeHref={listHref} size="lg">
        {product && movements ? (
          <div className="space-y-6">
            <StockAdjustForm
              key={`${product.id}-${product.stockLevel}`}
              product={product}
              action={withParams({ stockOf: product.id })}
              closeHref={listHref}
              idempotencyKey={idempotencyKey}
              lastResult={lastResult}
            />
            <section aria-labelledby="stock-history-heading">
              <h3 id="stock-history-heading" className="mb-2 text-base font-semibold text-slate-900">
                Movement history
              </h3>
              <StockHistory
                rows={movements.items}
                page={movements.page}
                pageCount={movements.pageCount}
                total={movements.total}
                hrefFor={(page) => withParams({ stockOf: product.id, ...(page > 1 ? { movesPage: page } : {}) })}
              />
            </section>
          </div>
        ) : null}
      </AdminDialog>
    </>
  );
}
