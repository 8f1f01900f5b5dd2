import { Link } from "@remix-run/react";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageLinks } from "~/components/ui/page-links";
import { formatDecimalMoney } from "~/components/orders/format";
import { vatReturnsHref, viewHref, type VatReturnsData } from "./vat-returns-screen";

export function NetVatBadge({ direction }: { direction: "payable" | "refundable" }) {
  return <Badge tone={direction === "payable" ? "warning" : "info"}>{direction === "payable" ? "Payable" : "Refundable"}</Badge>;
}

/** The spec's status: paid if filed, otherwise pending. */
export function ReturnStatusBadge({ status }: { status: "paid" | "pending" }) {
  return <Badge tone={status === "paid" ? "success" : "neutral"}>{status === "paid" ? "Paid" : "Pending"}</Badge>;
}

export function ReturnTable({ data }: { data: VatReturnsData }) {
  return (
    <>
      <DataTable caption="VAT returns" minWidth="46rem">
        <thead>
          <tr>
            <th className={thClass}>Period</th>
            <th className={`${thClass} text-right`}>Box 1 VAT due</th>
            <th className={`${thClass} text-right`}>Box 4 VAT reclaimed</th>
            <th className={`${thClass} text-right`}>Box 5 net VAT</th>
            <th className={thClass}>Status</th>
            <th className={thClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.returns.length === 0 ? (
            <EmptyRow colSpan={6}>No VAT returns yet. Generate one for this month or any earlier month.</EmptyRow>
          ) : (
            data.returns.map((row) => (
              <tr key={row.id} data-testid="vat-return-row" data-period={row.quarter}>
                <td className={`${tdClass} font-medium text-slate-900`}>{row.periodLabel}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(row.box1VatDue)}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(row.box4VatReclaimed)}</td>
                {/* box 5 says which way the money goes in its own cell, rather than a column repeating it */}
                <td className={`${tdClass} text-right tabular-nums`}>
                  <div>{formatDecimalMoney(row.box5NetVat)}</div>
                  <div className="text-xs text-slate-600">{row.netVatDirection === "payable" ? "to pay HMRC" : "HMRC owes you"}</div>
                </td>
                <td className={tdClass}>
                  <ReturnStatusBadge status={row.status} />
                </td>
                <td className={`${tdClass} text-right`}>
                  <Link to={viewHref(row.id)} className="font-medium text-brand-700 hover:underline">
                    View<span className="sr-only"> the VAT return for {row.periodLabel}</span>
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <PageLinks page={data.list.page} pageCount={data.list.pageCount} hrefFor={(page) => vatReturnsHref({ page })} label="VAT return pages" className="px-4 py-3" />
    </>
  );
}
