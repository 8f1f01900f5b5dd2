import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Panel } from "~/components/admin/page-header";
import { formatCalendarDate, formatDecimalMoney } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { REFERENCE_MAX } from "~/domain/invoices/sales-invoice.schema";
import { recordVatPaymentSchema } from "~/domain/vat/vat-payment.schema";
import { formatMoney, toDecimalString } from "~/utils/money";
import type { VatReturnView } from "./vat-returns-screen";

const INTENT = "hmrc-payment";

type Hmrc = NonNullable<VatReturnView["hmrc"]>;

/**
 * A filed return's settlement with HMRC: the money paid (or repaid) so far, and "Record payment to HMRC" out
 * of a named account, which moves the VAT liability (2202) and that account in the ledger. A real post, so it
 * works without JavaScript.
 */
export function HmrcPaymentPanel({
  view,
  hmrc,
  hidden,
  lastResult,
}: {
  view: VatReturnView;
  hmrc: Hmrc;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const payable = hmrc.direction === "payable";
  const { form, fields, saving } = useAdminForm({
    id: `hmrc-payment-${view.id}`,
    schema: recordVatPaymentSchema,
    intent: INTENT,
    lastResult,
    defaultValue: {
      amount: toDecimalString(hmrc.remaining),
      paymentDate: hmrc.today,
      financialAccountId: hmrc.accounts[0] ? String(hmrc.accounts[0].id) : "",
    },
  });
  const title = payable ? "Payment to HMRC" : "Repayment from HMRC";
  return (
    <Panel title={title} className="mt-6">
      <div className="space-y-4 px-4 py-4" data-testid="hmrc-payment">
        <p className="text-sm text-slate-700">
          {payable ? "Owed to HMRC" : "Owed by HMRC"} for {view.periodLabel}: <strong>{formatMoney(hmrc.owed)}</strong>;{" "}
          {payable ? "paid" : "received"} so far {formatMoney(hmrc.settled)};{" "}
          {hmrc.remaining > 0 ? (
            <>
              still to {payable ? "pay" : "come"}: <strong data-testid="hmrc-remaining">{formatMoney(hmrc.remaining)}</strong>.
            </>
          ) : (
            <strong data-testid="hmrc-remaining">settled in full</strong>
          )}
        </p>
        {hmrc.payments.length > 0 ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Money moved with HMRC for this return</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th className="py-1.5 pr-3 font-medium">Date</th>
                <th className="py-1.5 pr-3 font-medium">Account</th>
                <th className="py-1.5 pr-3 font-medium">Reference</th>
                <th className="py-1.5 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {hmrc.payments.map((payment) => (
                <tr key={payment.id} className="border-b border-slate-100">
                  <td className="py-1.5 pr-3">{formatCalendarDate(payment.paymentDate)}</td>
                  <td className="py-1.5 pr-3">{payment.financialAccountName ?? "—"}</td>
                  <td className="py-1.5 pr-3">{payment.reference ?? "—"}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatDecimalMoney(payment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {hmrc.remaining > 0 ? (
          <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4 border-t border-slate-100 pt-4">
            <input type="hidden" name="intent" value={INTENT} />
            <input type="hidden" name="id" value={view.id} />
            <HiddenFields values={hidden} />
            <FormError errors={form.errors} />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Field
                label="Amount (£)"
                hint="Leave as it is to settle all of it"
                errors={fields.amount.errors}
                inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
              />
              <Field
                label={payable ? "Paid on" : "Received on"}
                errors={fields.paymentDate.errors}
                inputProps={{ ...getInputProps(fields.paymentDate, { type: "date" }) }}
              />
              <SelectField
                label={payable ? "Paid from" : "Received into"}
                hint={hmrc.accounts.length ? undefined : "Add a bank account under Accounts first."}
                errors={fields.financialAccountId.errors}
                errorId={fields.financialAccountId.errorId}
                selectProps={getSelectProps(fields.financialAccountId)}
              >
                <option value="">Choose an account</option>
                {hmrc.accounts.map((account) => (
                  <option key={account.id} value={String(account.id)}>
                    {account.name}
                  </option>
                ))}
              </SelectField>
              <Field
                label="Reference"
                errors={fields.reference.errors}
                inputProps={{ ...getInputProps(fields.reference, { type: "text" }), maxLength: REFERENCE_MAX, autoComplete: "off" }}
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={saving}>
                {saving ? "Recording..." : payable ? "Record payment to HMRC" : "Record repayment from HMRC"}
              </Button>
            </div>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}
