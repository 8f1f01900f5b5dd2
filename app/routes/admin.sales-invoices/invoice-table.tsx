import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { primaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { statusFilter } from "~/components/admin/status-filter";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { formatInvoiceDate, INVOICE_STATUSES, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { formatMoney } from "~/utils/money";
import { InvoiceStatusBadge, pence } from "./invoices-screen";

/** One row of an invoice list, whichever book it is from; the book says who it is with and its reference. */
type InvoiceListRow = { id: number; invoiceNumber: string; dueDate: string | null; status: InvoiceStatus; total: string; outstanding: string };

/** How a book's rows show: the customer or supplier, the order it belongs to, and its own date. */
export type InvoiceRowView<Row> = {
  party: (row: Row) => { name: string; email: string | null };
  reference: (row: Row) => string | null;
  date: (row: Row) => string;
};

/** The list of invoices with its pages: number (to the invoice), customer or supplier, dates, status, amounts. */
function InvoiceTable<Row extends InvoiceListRow>({
  caption,
  partyHeading,
  dateHeading,
  rows,
  view,
  filtered,
  page,
  pageCount,
  total,
  more = false,
  hrefFor,
}: {
  caption: string;
  partyHeading: string;
  dateHeading: string;
  rows: Row[];
  view: InvoiceRowView<Row>;
  filtered: boolean;
  page: number;
  pageCount: number;
  total: number;
  /** more match than `total` (counted only so far) */
  more?: boolean;
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
            rows.map((row) => ({ row, party: view.party(row), reference: view.reference(row) })).map(({ row, party, reference }) => (
              <tr key={row.id} data-testid="invoice-row">
                <th scope="row" className={`${tdClass} font-medium`}>
                  <Link to={hrefFor({ view: row.id })} className="text-brand-700 hover:underline" aria-label={`View invoice ${row.invoiceNumber}`}>
                    {row.invoiceNumber}
                  </Link>
                  {reference ? <span className="block text-xs font-normal text-slate-500">{reference}</span> : null}
                </th>
                <td className={tdClass}>
                  {party.name}
                  {party.email ? <Identifier value={party.email} className="text-xs text-slate-500" /> : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(view.date(row))}</td>
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
      <AdminPagination page={page} pageCount={pageCount} total={total} more={more} noun={["invoice", "invoices"]} hrefFor={(next) => hrefFor({ page: next })} />
    </>
  );
}

/** A customer's or supplier's name as a list shows it: the business, else the person, else the email. */
export function partyName(party: { businessName: string | null; email: string } & ({ name: string | null } | { firstName: string | null; lastName: string | null })) {
  const person = "name" in party ? party.name : [party.firstName, party.lastName].filter(Boolean).join(" ");
  return party.businessName || person || party.email;
}

/**
 * An invoice screen's list page, either book: the title with Create Invoice, the screen's notices, the
 * Create Invoice dialog (its own address, ?dialog=new), the search and status filter (GET) and the table.
 */
export function InvoiceListPage<Row extends InvoiceListRow>({
  title,
  description,
  notices,
  createForm,
  creating,
  list,
  href,
  clearHref,
  searchPlaceholder,
  table,
  moreActions = null,
}: {
  title: string;
  description: string;
  notices: ReactNode;
  /** links beside Create Invoice (a screen the list leads to) */
  moreActions?: ReactNode;
  createForm: ReactNode;
  creating: boolean;
  list: { q?: string; status?: InvoiceStatus; page: number };
  href: (list: { q?: string; status?: InvoiceStatus; page?: number }, extra?: Record<string, string>) => string;
  clearHref: string;
  searchPlaceholder: string;
  table: { caption: string; partyHeading: string; dateHeading: string; rows: Row[]; view: InvoiceRowView<Row>; pageCount: number; total: number; more?: boolean };
}) {
  const listPath = href(list);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {moreActions}
            <Link to={href(list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
              Create Invoice
            </Link>
          </>
        }
      />
      {notices}
      <AdminDialog open={creating} size="lg" title="Create Invoice" closeHref={listPath}>
        {creating ? createForm : null}
      </AdminDialog>
      <Panel>
        <AdminListFilters
          search={{ id: "invoice-search", label: "Search", placeholder: searchPlaceholder, value: list.q ?? "" }}
          filters={[statusFilter("invoice-status", list.status, INVOICE_STATUSES, invoiceStatusLabel)]}
          clearHref={clearHref}
          submitLabel="Filter"
        />
        <InvoiceTable
          {...table}
          filtered={Boolean(list.q || list.status)}
          page={list.page}
          hrefFor={(state) => ("view" in state ? href(list, { view: String(state.view) }) : href({ ...list, page: state.page }))}
        />
      </Panel>
    </div>
  );
}
