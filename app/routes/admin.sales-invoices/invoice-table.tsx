import { Link } from "@remix-run/react";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { formatMoney } from "~/utils/money";
import { InvoiceStatusBadge, invoicesHref, pence, type InvoiceRow, type InvoicesLoaderData } from "./invoices-screen";

function customerName(row: InvoiceRow) {
  if (!row.customer) return row.order?.shippingName ?? "Unknown customer";
  const person = [row.customer.firstName, row.customer.lastName].filter(Boolean).join(" ");
  return row.customer.businessName || person || row.customer.email;
}

/** The list of invoices with its pages: number (to the invoice), customer, dates, status, amounts. */
export function InvoiceTable({ data }: { data: InvoicesLoaderData }) {
  return (
    <>
      <DataTable caption="Sales invoices" minWidth="52rem">
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Invoice
            </th>
            <th scope="col" className={thClass}>
              Customer
            </th>
            <th scope="col" className={thClass}>
              Issue date
            </th>
            <th scope="col" className={thClass}>
              Due date
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Amount
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Outstanding
            </th>
          </tr>
        </thead>
        <tbody>
          {data.invoices.length === 0 ? (
            <EmptyRow colSpan={7}>
              {data.list.q || data.list.status ? "No invoices match these filters." : "No invoices yet."}
            </EmptyRow>
          ) : (
            data.invoices.map((row) => (
              <tr key={row.id} data-testid="invoice-row">
                <th scope="row" className={`${tdClass} font-medium`}>
                  <Link
                    to={invoicesHref(data.list, { view: String(row.id) })}
                    className="text-brand-700 hover:underline"
                    aria-label={`View invoice ${row.invoiceNumber}`}
                  >
                    {row.invoiceNumber}
                  </Link>
                  {row.order?.orderNumber ? (
                    <span className="block text-xs font-normal text-slate-500">{row.order.orderNumber}</span>
                  ) : null}
                </th>
                <td className={tdClass}>
                  {customerName(row)}
                  {row.customer ? <span className="block text-xs text-slate-500">{row.customer.email}</span> : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(row.issueDate)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(row.dueDate)}</td>
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
      <AdminPagination
        page={data.list.page}
        pageCount={data.pageCount}
        total={data.total}
        noun={["invoice", "invoices"]}
        hrefFor={(page) => invoicesHref({ ...data.list, page })}
      />
    </>
  );
}
