import { Link } from "@remix-run/react";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Identifier } from "~/components/admin/data-table";
import { MOVEMENT_REASON_LABELS, signedChange } from "~/domain/catalog/stock-movement.schema";
import { formatUkDateTime } from "~/utils/uk-time";

export type StockMovementRow = {
  id: number;
  change: number;
  reason: keyof typeof MOVEMENT_REASON_LABELS;
  stockAfter: number;
  orderId: number | null;
  orderNumber: string | null;
  returnId: number | null;
  returnNumber: string | null;
  purchaseOrderId: number | null;
  purchaseOrderNumber: string | null;
  note: string | null;
  userEmail: string | null;
  createdAt: string;
};

const th = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500";
const td = "px-2 py-2 align-top";
const linkClass = "font-medium text-brand-700 hover:underline";

/** What caused a movement: its order, return or purchase order, linked to where the back office shows it. */
function References({ row }: { row: StockMovementRow }) {
  const links = [];
  if (row.orderId !== null) {
    links.push(
      <Link key="order" to={`/admin/orders?view=${row.orderId}`} className={linkClass}>
        {row.orderNumber ?? `Order ${row.orderId}`}
      </Link>,
    );
  }
  if (row.returnId !== null) {
    links.push(
      <Link key="return" to="/admin/returns" className={linkClass}>
        Return {row.returnNumber ?? `#${row.returnId}`}
      </Link>,
    );
  }
  if (row.purchaseOrderId !== null) {
    links.push(
      <Link key="po" to={`/admin/purchase-orders?view=${row.purchaseOrderId}`} className={linkClass}>
        {row.purchaseOrderNumber ?? `PO ${row.purchaseOrderId}`}
      </Link>,
    );
  }
  return links.length > 0 ? <span className="flex flex-col gap-0.5">{links}</span> : <span className="text-slate-500">—</span>;
}

/** A product's stock movements, newest first, one page at a time. */
export function StockHistory({
  rows,
  page,
  pageCount,
  total,
  hrefFor,
}: {
  rows: StockMovementRow[];
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No stock movements yet.</p>;
  return (
    <div>
      {/* wider than the dialog: focusable, so the keyboard can scroll it */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Stock movements">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Stock movements, newest first</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className={th}>When</th>
              <th scope="col" className={th}>Reason</th>
              <th scope="col" className={`${th} text-right`}>Change</th>
              <th scope="col" className={`${th} text-right`}>Level after</th>
              <th scope="col" className={th}>Reference</th>
              <th scope="col" className={th}>Who</th>
              <th scope="col" className={th}>Note</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="stock-movement" className="border-b border-slate-100">
                <td className={`${td} whitespace-nowrap`}>{formatUkDateTime(new Date(row.createdAt))}</td>
                <td className={td}>{MOVEMENT_REASON_LABELS[row.reason] ?? row.reason}</td>
                <td className={`${td} text-right font-semibold tabular-nums ${row.change < 0 ? "text-red-700" : "text-emerald-700"}`}>
                  {signedChange(row.change)}
                </td>
                <td className={`${td} text-right tabular-nums`}>{row.stockAfter}</td>
                <td className={td}>
                  <References row={row} />
                </td>
                <td className={td}>{row.userEmail ? <Identifier value={row.userEmail} maxWidth="max-w-[12rem]" /> : <span className="text-slate-500">—</span>}</td>
                <td className={td}>{row.note ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPagination page={page} pageCount={pageCount} total={total} noun={["movement", "movements"]} hrefFor={hrefFor} />
    </div>
  );
}
