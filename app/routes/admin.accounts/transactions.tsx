import { Link } from "@remix-run/react";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { Panel } from "~/components/admin/page-header";
import { formatDecimalMoney } from "~/components/orders/format";
import type { TransactionJson } from "~/domain/finance/transactions.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/domain/invoices/sales-invoice.schema";
import { accountsHref, type AccountsView } from "./accounts-hrefs";

type Page = { items: TransactionJson[]; total: number; page: number; pageCount: number };

/** The second line of a transaction: how it was paid, or what it was. */
function detailOf(transaction: TransactionJson) {
  if (transaction.kind === "refund") return transaction.invoice ? `Refund against ${transaction.invoice.invoiceNumber}` : "Refund";
  if (transaction.kind === "vat") return "VAT with HMRC";
  return PAYMENT_METHOD_LABELS[transaction.paymentMethod as PaymentMethod] ?? transaction.paymentMethod;
}

/** The period's payments in and out, newest first, a page at a time. */
export function TransactionsPanel({ page, view }: { page: Page; view: AccountsView }) {
  return (
    <Panel title="Transactions">
      <DataTable caption="Payments in and out, newest first" minWidth="48rem">
        <thead>
          <tr>
            <th scope="col" className={thClass}>Date</th>
            <th scope="col" className={thClass}>Description</th>
            <th scope="col" className={thClass}>Type</th>
            <th scope="col" className={`${thClass} text-right`}>Amount</th>
            <th scope="col" className={thClass}>Account</th>
          </tr>
        </thead>
        <tbody>
          {page.items.length === 0 ? (
            <EmptyRow colSpan={5}>No payments in or out in this period</EmptyRow>
          ) : (
            page.items.map((transaction) => (
              <tr key={transaction.id} data-testid="transaction-row">
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(transaction.date)}</td>
                <td className={tdClass}>
                  <Link to={transaction.link.href} className="font-medium text-brand-700 hover:underline">
                    {transaction.link.label}
                  </Link>
                  {transaction.party ? <span className="text-slate-700"> · {transaction.party}</span> : null}
                  <span className="block text-xs text-slate-500">
                    {detailOf(transaction)}
                    {transaction.reference ? ` · ${transaction.reference}` : ""}
                  </span>
                </td>
                <td className={tdClass}>
                  {transaction.type === "in" ? <Badge tone="success">Money in</Badge> : <Badge tone="warning">Money out</Badge>}
                </td>
                <td className={`${tdClass} text-right tabular-nums font-medium`}>
                  {transaction.type === "out" ? "−" : ""}
                  {formatDecimalMoney(transaction.amount)}
                </td>
                <td className={tdClass}>{transaction.account?.name ?? <span className="text-amber-800">No account (Suspense)</span>}</td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <AdminPagination
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        noun={["payment", "payments"]}
        hrefFor={(n) => accountsHref({ ...view, page: n })}
      />
    </Panel>
  );
}
