import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogActions, HiddenFields, SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import {
  NOTES_MAX,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  recordPaymentSchema,
  REFERENCE_MAX,
} from "~/domain/invoices/sales-invoice.schema";
import { formatMoney, toDecimalString } from "~/utils/money";

/** How the sales and the purchase forms differ: the method's input and which way the account's money goes. */
export type PaymentFormKind = {
  /** the sales form offers a select; the purchase form a text box whose placeholder lists the values (spec §5) */
  methodInput: "select" | "text";
  accountLabel: string;
  accountHint: string;
};

/** Record Payment (`?pay=12`): the amount (the outstanding balance to start with), method, date, reference, account. */
export function PaymentForm({
  invoice,
  kind,
  today,
  accounts,
  hidden,
  cancelHref,
  lastResult,
}: {
  invoice: { id: number; outstanding: number };
  kind: PaymentFormKind;
  today: string;
  accounts: { id: number; name: string }[];
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `payment-${invoice.id}`,
    schema: recordPaymentSchema,
    intent: "pay",
    lastResult,
    defaultValue: {
      amount: toDecimalString(invoice.outstanding),
      paymentMethod: kind.methodInput === "select" ? "bank_transfer" : "",
      paymentDate: today,
      reference: "",
      notes: "",
      financialAccountId: "",
    },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="id" value={invoice.id} />
      <HiddenFields values={hidden} />
      <p className="text-sm text-slate-600">
        Outstanding balance: <strong className="text-slate-900">{formatMoney(invoice.outstanding)}</strong>
      </p>
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Amount (£)"
          errors={fields.amount.errors}
          inputProps={{
            ...getInputProps(fields.amount, { type: "number" }),
            min: 0.01,
            max: toDecimalString(invoice.outstanding),
            step: 0.01,
            inputMode: "decimal",
          }}
        />
        {kind.methodInput === "select" ? (
          <SelectField
            label="Payment Method"
            errors={fields.paymentMethod.errors}
            errorId={fields.paymentMethod.errorId}
            selectProps={getSelectProps(fields.paymentMethod)}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </SelectField>
        ) : (
          <Field
            label="Payment Method"
            hint={`One of ${PAYMENT_METHODS.join(", ")}.`}
            errors={fields.paymentMethod.errors}
            inputProps={{
              ...getInputProps(fields.paymentMethod, { type: "text" }),
              placeholder: PAYMENT_METHODS.join(", "),
              autoComplete: "off",
            }}
          />
        )}
        <Field
          label="Payment Date"
          errors={fields.paymentDate.errors}
          inputProps={getInputProps(fields.paymentDate, { type: "date" })}
        />
        <Field
          label="Reference"
          hint="Optional, e.g. the bank transfer reference."
          errors={fields.reference.errors}
          inputProps={{
            ...getInputProps(fields.reference, { type: "text" }),
            maxLength: REFERENCE_MAX,
            autoComplete: "off",
          }}
        />
        <SelectField
          label={kind.accountLabel}
          hint={accounts.length ? kind.accountHint : "No financial accounts are set up yet."}
          errors={fields.financialAccountId.errors}
          errorId={fields.financialAccountId.errorId}
          selectProps={getSelectProps(fields.financialAccountId)}
        >
          <option value="">No account (posted to Suspense until someone says where it went)</option>
          {accounts.map((account) => (
            <option key={account.id} value={String(account.id)}>
              {account.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField
        label="Notes"
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
        textareaProps={{ ...getTextareaProps(fields.notes), maxLength: NOTES_MAX, rows: 2 }}
      />
      <DialogActions cancelHref={cancelHref} submitLabel="Record Payment" saving={saving} />
    </Form>
  );
}

/**
 * An invoice's page (either book) with its Record Payment dialog: its own address (`?pay=12`), open only while
 * something is owed; without JavaScript the same form shows in the page.
 */
export function InvoicePage({
  children,
  invoice,
  paying,
  payment,
  viewPath,
  lastResult,
}: {
  children: ReactNode;
  invoice: { id: number; invoiceNumber: string; outstanding: number };
  paying: boolean;
  payment: { kind: PaymentFormKind; today: string; accounts: { id: number; name: string }[]; hidden: Record<string, string> };
  viewPath: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <div className="mx-auto max-w-5xl">
      {children}
      <AdminDialog open={paying} title="Record Payment" description={`Invoice ${invoice.invoiceNumber}`} closeHref={viewPath}>
        {paying ? <PaymentForm invoice={invoice} {...payment} cancelHref={viewPath} lastResult={lastResult} /> : null}
      </AdminDialog>
    </div>
  );
}
