import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { Panel } from "~/components/admin/page-header";
import type { InvoicePaymentJson } from "~/domain/invoices/invoice-books.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { PAYMENT_METHOD_LABELS } from "~/domain/invoices/sales-invoice.schema";
import { formatMoney } from "~/utils/money";
import { pence } from "./invoices-screen";

/** The payments recorded against an invoice (received from a customer, or paid to a supplier), oldest first. */
export function PaymentHistory({ invoiceNumber, payments }: { invoiceNumber: string; payments: InvoicePaymentJson[] }) {
  return (
    <Panel title="Payment history" className="mt-6">
      {payments.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">No payments recorded yet.</p>
      ) : (
        <DataTable caption={`Payments of invoice ${invoiceNumber}`} minWidth="40rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Date
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Amount
              </th>
              <th scope="col" className={thClass}>
                Method
              </th>
              <th scope="col" className={thClass}>
                Reference
              </th>
              <th scope="col" className={thClass}>
                Account
              </th>
              <th scope="col" className={thClass}>
                Notes
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} data-testid="payment-row">
                <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(payment.paymentDate)}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(payment.amount))}</td>
                <td className={tdClass}>{PAYMENT_METHOD_LABELS[payment.paymentMethod]}</td>
                <td className={tdClass}>{payment.reference ?? "—"}</td>
                <td className={tdClass}>{payment.financialAccountName ?? "—"}</td>
                <td className={tdClass}>{payment.notes ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Panel>
  );
}
