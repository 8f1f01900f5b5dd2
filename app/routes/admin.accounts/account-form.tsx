import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { RecordForm } from "~/components/admin/record-screen";
import { Field } from "~/components/ui/field";
import type { FinancialAccountJson } from "~/domain/finance/financial-accounts.server";
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_NOTES_MAX,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  DEFAULT_BALANCE,
  financialAccountSchema,
} from "~/domain/finance/financial-account.schema";

type Props = {
  account?: FinancialAccountJson;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
};

/** Add or edit a financial account: its name, type, balance and the details that identify it. */
export function AccountForm({ account, hidden, cancelHref, lastResult }: Props) {
  const { form, fields, saving } = useAdminForm({
    id: `account-${account?.id ?? "new"}`,
    schema: financialAccountSchema,
    intent: account ? "update" : "create",
    lastResult,
    defaultValue: {
      name: account?.name ?? "",
      type: account?.type ?? "bank",
      balance: account?.balance ?? DEFAULT_BALANCE,
      bankName: account?.bankName ?? "",
      accountNumber: account?.accountNumber ?? "",
      sortCode: account?.sortCode ?? "",
      iban: account?.iban ?? "",
      swiftCode: account?.swiftCode ?? "",
      paymentProcessorId: account?.paymentProcessorId ?? "",
      externalReference: account?.externalReference ?? "",
      notes: account?.notes ?? "",
    },
  });
  const text = (field: (typeof fields)["bankName"]) => ({ ...getInputProps(field, { type: "text" }), autoComplete: "off" });

  return (
    <RecordForm form={form} id={account?.id} hidden={hidden} cancelHref={cancelHref} saving={saving}>
      <Field label="Account Name" errors={fields.name.errors} inputProps={{ ...text(fields.name), maxLength: ACCOUNT_NAME_MAX }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Account Type" errors={fields.type.errors} errorId={fields.type.errorId} selectProps={getSelectProps(fields.type)}>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Balance (£)"
          hint={
            account
              ? "The ledger's balance: payments move it. Change it only to correct it: the difference is posted against Suspense (9999) for a journal to clear."
              : "The opening balance, posted against Capital (3000). For a credit card, what is owed on it."
          }
          errors={fields.balance.errors}
          inputProps={{ ...getInputProps(fields.balance, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <Field label="Bank Name" errors={fields.bankName.errors} inputProps={text(fields.bankName)} />
        <Field label="Account Number" errors={fields.accountNumber.errors} inputProps={text(fields.accountNumber)} />
        <Field label="Sort Code" hint="6 digits, like 12-34-56" errors={fields.sortCode.errors} inputProps={text(fields.sortCode)} />
        <Field label="IBAN" errors={fields.iban.errors} inputProps={text(fields.iban)} />
        <Field label="SWIFT/BIC" errors={fields.swiftCode.errors} inputProps={text(fields.swiftCode)} />
        <Field
          label="Payment Processor ID"
          hint="For a payment gateway: the merchant or account ID"
          errors={fields.paymentProcessorId.errors}
          inputProps={text(fields.paymentProcessorId)}
        />
        <Field label="External Reference" errors={fields.externalReference.errors} inputProps={text(fields.externalReference)} />
      </div>
      <TextareaField
        label="Notes"
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
        textareaProps={{ ...getTextareaProps(fields.notes), maxLength: ACCOUNT_NOTES_MAX, rows: 3 }}
      />
    </RecordForm>
  );
}
