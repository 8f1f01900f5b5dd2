import { Link } from "@remix-run/react";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { formatInvoiceDate, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { formatMoney } from "~/utils/money";
import { InvoiceStatusBadge, pence } from "./invoice-status-badge";

/** One row of an invoice list, whichever book it is from. */
export type InvoiceListRow = {
  id: number;
  invoiceNumber: string;
  /** the order or purchase order it belongs to, under the number */
  reference: string | null;
  partyName: string;
  partyEmail: string | null;
  date: string;
  dueDate: string | null;
  status: InvoiceStatus;
  total: string;
  outstanding: string;
};

/** The list of invoices with its pages: number (to the invoice), customer or supplier, dates, status, amounts. */
export function InvoiceTable({
  caption,
  partyHeading,
  dateHeading,
  rows,
  filtered,
  page,
  pageCount,
  total,
  hrefFor,
}: {
  caption: string;
  partyHeading: string;
  dateHeading: string;
  rows: InvoiceListRow[];
  filtered: boolean;
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (state: { view: number } | { page: number }) => string;
}) {
  const headings = ["Invoice", partyHeading, dateHeading, "Due date", "Status"];
  return (
    <>
      <DataTable caption={caption} minWidth="52rem">
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={thClass}>
                {heading}
              </th>
            ))}
            <th scope="col" className={`${thClass} text-right`}>
              Amount
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Outstanding
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={7}>{filtered ? "No invoices match these filters." : "No invoices yet."}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-testid="invoice-row">
                <th scope="row" className={`${tdClass} font-medium`}>
                  <Link to={hrefFor({ view: row.id })} className="text-brand-700 hover:underline" aria-label={`View invoice ${row.invoiceNumber}`}>
                    {row.invoiceNumber}
                  </Link>
                  {row.reference ? <span className="block text-xs font-normal text-slate-500">{row.reference}</span> : null}
                </th>
                <td className={tdClass}>
                  {row.partyName}
                  {row.partyEmail ? <span className="block text-xs text-slate-500">{row.partyEmail}</span> : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(row.date)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{row.dueDate ? formatInvoiceDate(row.dueDate) : "—"}</td>
                <td className={tdClass}>
                  <InvoiceStatusBadge status={row.status} />
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(row.total))}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(row.outstanding))}</td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <AdminPagination page={page} pageCount={pageCount} total={total} noun={["invoice", "invoices"]} hrefFor={(next) => hrefFor({ page: next })} />
    </>
  );
}

/** A customer's or supplier's name as a list shows it: the business, else the person, else the email. */
export function partyName(party: { businessName: string | null; email: string } & ({ name: string | null } | { firstName: string | null; lastName: string | null })) {
  const person = "name" in party ? party.name : [party.firstName, party.lastName].filter(Boolean).join(" ");
  return party.businessName || person || party.email;
}
