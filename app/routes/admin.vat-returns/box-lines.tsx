import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { Panel } from "~/components/admin/page-header";
import { formatCalendarDate, formatOrderDate } from "~/components/orders/format";
import { PageLinks } from "~/components/ui/page-links";
import { formatMoney } from "~/utils/money";
import { viewHref, type VatReturnView } from "./vat-returns-screen";

const money = `${tdClass} text-right tabular-nums`;

function LateBadge({ date }: { date: string }) {
  return (
    <span title={`Dated ${formatCalendarDate(date)}, entered after that month's return was filed`}>
      <Badge tone="warning">Late entry</Badge>
    </span>
  );
}

/**
 * The lines behind a box, one click from it: the sales side (boxes 1, 3 and 6: sales invoices, refund credit
 * notes, cancellations) or the purchases (boxes 4 and 7), a page at a time, each invoice linked to its screen.
 */
export function BoxLines({ view }: { view: VatReturnView }) {
  const lines = view.lines;
  if (!lines) return null;
  const pageHref = (page: number) => viewHref(view.id, { box: view.box, lines: page });
  const heading = lines.group === "sales" ? `Sales behind boxes 1 and 6` : `Purchases behind boxes 4 and 7`;
  return (
    <div data-testid="box-lines">
      <Panel
        title={heading}
        className="mt-6"
        actions={
          <Link to={viewHref(view.id)} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline">
            Hide lines
          </Link>
        }
      >
        <DataTable caption={heading} minWidth="48rem">
          <thead>
            <tr>
              <th className={thClass}>{lines.group === "sales" ? "Sales invoice" : "Purchase invoice"}</th>
              <th className={thClass}>Date</th>
              <th className={thClass}>{lines.group === "sales" ? "Customer" : "Supplier"}</th>
              <th className={`${thClass} text-right`}>Net</th>
              <th className={`${thClass} text-right`}>VAT</th>
              <th className={thClass}>Note</th>
            </tr>
          </thead>
          <tbody>
            {lines.items.length === 0 ? <EmptyRow colSpan={6}>No invoices in this return.</EmptyRow> : null}
            {lines.group === "sales"
              ? lines.items.map((line) => (
                  <LineRow
                    key={`${line.invoiceId}-${line.cancelled}`}
                    href={`/admin/sales-invoices?view=${line.invoiceId}`}
                    line={line}
                    party={line.customer ?? "Customer removed"}
                    note={
                      line.cancelled ? (
                        <span className="text-xs text-slate-600">Cancelled on {formatOrderDate(line.recordedAt)}, after an earlier return counted it</span>
                      ) : null
                    }
                  />
                ))
              : lines.items.map((line) => (
                  <LineRow key={line.invoiceId} href={`/admin/purchase-invoices?view=${line.invoiceId}`} line={line} party={line.supplier ?? "Supplier removed"} />
                ))}
          </tbody>
        </DataTable>
        <PageLinks page={lines.page} pageCount={lines.pageCount} hrefFor={pageHref} label="Pages of lines" className="px-4 py-3" />
        {lines.group === "sales" ? <RefundNotes view={view} /> : null}
      </Panel>
    </div>
  );
}

/** One invoice behind a box, linked to its screen; a late entry is marked unless `note` says more. */
function LineRow({
  href,
  line,
  party,
  note = null,
}: {
  href: string;
  line: { invoiceNumber: string; date: string; net: number; vat: number; late: boolean };
  party: string;
  note?: ReactNode;
}) {
  return (
    <tr data-testid="box-line">
      <td className={tdClass}>
        <Link to={href} className="font-medium text-brand-700 hover:underline">
          {line.invoiceNumber}
        </Link>
      </td>
      <td className={tdClass}>{formatCalendarDate(line.date)}</td>
      <td className={tdClass}>{party}</td>
      <td className={money}>{formatMoney(line.net)}</td>
      <td className={money}>{formatMoney(line.vat)}</td>
      <td className={tdClass}>{note ?? (line.late ? <LateBadge date={line.date} /> : null)}</td>
    </tr>
  );
}

function RefundNotes({ view }: { view: VatReturnView }) {
  return (
    <div className="border-t border-slate-200">
      <h3 className="px-4 pt-4 text-sm font-semibold text-slate-900">Refund credit notes (taken off boxes 1 and 6)</h3>
      <DataTable caption="Refund credit notes" minWidth="40rem">
        <thead>
          <tr>
            <th className={thClass}>Return</th>
            <th className={thClass}>Completed</th>
            <th className={thClass}>Order</th>
            <th className={`${thClass} text-right`}>Net</th>
            <th className={`${thClass} text-right`}>VAT</th>
            <th className={thClass}>Note</th>
          </tr>
        </thead>
        <tbody>
          {view.refunds.length === 0 ? <EmptyRow colSpan={6}>No refunds were completed in this period.</EmptyRow> : null}
          {view.refunds.map((note) => (
            <tr key={note.returnId} data-testid="refund-line">
              <td className={tdClass}>{note.returnNumber ?? `Return ${note.returnId}`}</td>
              <td className={tdClass}>{formatCalendarDate(note.date)}</td>
              <td className={tdClass}>{note.orderNumber ?? "Order removed"}</td>
              <td className={money}>{formatMoney(-note.net)}</td>
              <td className={money}>{formatMoney(-note.vat)}</td>
              <td className={tdClass}>{note.late ? <LateBadge date={note.date} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
