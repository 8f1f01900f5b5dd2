/**
 * The pieces of credit control that the buyer's account page and the back office both show: the account's
 * figures, the aged balance, a statement's lines, and the form that sets the terms and the limit.
 */
import { Form } from "@remix-run/react";
import { DataTable } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type PaymentTerms } from "~/domain/credit/payment-terms";
import { STATEMENT_KIND_LABELS, type StatementLine } from "~/domain/credit/statement";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { AGE_BUCKET_LABELS, AGE_BUCKETS, type BucketAmounts } from "~/domain/ledger/aged-balances";
import { formatMoney } from "~/utils/money";

export type CreditFiguresData = {
  balance: number;
  creditLimit: number | null;
  availableCredit: number | null;
  overdue: number;
  uninvoiced: number;
  paymentTerms: PaymentTerms;
};

/** Balance, overdue, limit and available credit, as a row of figures (inc VAT). */
export function CreditFigures({ position }: { position: CreditFiguresData }) {
  const figures: [string, string, string?][] = [
    ["Balance owed", formatMoney(position.balance)],
    ["Overdue", formatMoney(position.overdue), position.overdue > 0 ? "text-red-700" : undefined],
    ["Credit limit", position.creditLimit === null ? "No limit" : formatMoney(position.creditLimit)],
    [
      "Available credit",
      position.availableCredit === null ? "No limit" : formatMoney(position.availableCredit),
      position.availableCredit !== null && position.availableCredit < 0 ? "text-red-700" : undefined,
    ],
  ];
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="credit-figures">
        {figures.map(([label, value, tone]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className={`mt-1 text-lg font-semibold tabular-nums ${tone ?? "text-slate-900"}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        All amounts include VAT. Terms: {PAYMENT_TERMS_LABELS[position.paymentTerms]}.
        {position.uninvoiced > 0 ? ` Orders placed and not yet invoiced: ${formatMoney(position.uninvoiced)} (counted against the limit).` : ""}
      </p>
    </div>
  );
}

/** The aged balance: current, then 1–30 … over 90 days past due, and the total; three to a row on a phone. */
export function AgedBalance({ aged, caption }: { aged: BucketAmounts; caption: string }) {
  const cells: [string, number, boolean][] = [
    ...AGE_BUCKETS.map((bucket): [string, number, boolean] => [AGE_BUCKET_LABELS[bucket], aged[bucket], bucket !== "current" && aged[bucket] > 0]),
    ["Total", aged.total, false],
  ];
  return (
    <dl aria-label={caption} className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="aged-balance">
      {cells.map(([label, amount, late]) => (
        <div key={label} className="rounded-md bg-slate-50 px-2 py-1.5 text-right">
          <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className={`tabular-nums ${label === "Total" ? "font-semibold text-slate-900" : late ? "text-red-700" : "text-slate-800"}`}>{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A statement's lines with the running balance, between its opening and closing balances. */
export function StatementTable({
  statement,
}: {
  statement: { from: string; to: string; openingBalance: number; closingBalance: number; lines: StatementLine[] };
}) {
  const cell = "px-2 py-1.5 align-top";
  const money = `${cell} whitespace-nowrap text-right tabular-nums`;
  return (
    // on a phone each line stacks into labelled rows rather than scrolling sideways
    <DataTable caption={`Statement from ${formatInvoiceDate(statement.from)} to ${formatInvoiceDate(statement.to)}`} minWidth="36rem" testId="statement-lines">
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <th scope="col" className={cell}>Date</th>
          <th scope="col" className={cell}>Details</th>
          <th scope="col" className={cell}>Reference</th>
          <th scope="col" className={cell}>Due</th>
          <th scope="col" className={`${cell} text-right`}>Amount</th>
          <th scope="col" className={`${cell} text-right`}>Balance</th>
        </tr>
      </thead>
      <tbody>
        <tr className="bg-slate-50 font-medium">
          <td className={cell}>{formatInvoiceDate(statement.from)}</td>
          <td className={cell} colSpan={4}>Opening balance</td>
          <td className={money} data-label="Balance" data-testid="opening-balance">{formatMoney(statement.openingBalance)}</td>
        </tr>
        {statement.lines.map((line) => (
          <tr key={`${line.kind}-${line.sourceId}`} className="border-b border-slate-100">
            <td className={`${cell} whitespace-nowrap`}>{formatInvoiceDate(line.date)}</td>
            <td className={cell}>{STATEMENT_KIND_LABELS[line.kind]}</td>
            <td className={`${cell} whitespace-nowrap`}>{line.reference}</td>
            <td className={`${cell} whitespace-nowrap`}>{line.dueDate ? formatInvoiceDate(line.dueDate) : ""}</td>
            <td className={money}>{formatMoney(line.amount)}</td>
            <td className={money}>{formatMoney(line.balance)}</td>
          </tr>
        ))}
        {statement.lines.length === 0 ? (
          <tr>
            <td className={`${cell} text-slate-500`} colSpan={6}>
              Nothing from {formatInvoiceDate(statement.from)} to {formatInvoiceDate(statement.to)}.
            </td>
          </tr>
        ) : null}
        <tr className="bg-slate-50 font-semibold">
          <td className={cell}>{formatInvoiceDate(statement.to)}</td>
          <td className={cell} colSpan={4}>Closing balance (inc VAT)</td>
          <td className={money} data-label="Balance" data-testid="closing-balance">{formatMoney(statement.closingBalance)}</td>
        </tr>
      </tbody>
    </DataTable>
  );
}

/** The terms and limit form (intent "credit"); the limit in pounds, blank for none. */
export function CreditForm({
  terms,
  creditLimit,
  errors,
  busy,
}: {
  terms: PaymentTerms;
  creditLimit: number | null;
  errors: { paymentTerms?: string[]; creditLimit?: string[] };
  busy: boolean;
}) {
  return (
    // keyed by what is saved, so the fields show the saved values again after a save with JavaScript
    <Form method="post" key={`${terms}:${creditLimit}`} className="grid gap-4 sm:grid-cols-3 sm:items-start">
      <input type="hidden" name="intent" value="credit" />
      <div className="space-y-1">
        <label htmlFor="paymentTerms" className="block text-sm font-medium text-slate-800">
          Payment terms
        </label>
        <select id="paymentTerms" name="paymentTerms" defaultValue={terms} className={inputClass} aria-invalid={errors.paymentTerms?.length ? true : undefined}>
          {PAYMENT_TERMS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_TERMS_LABELS[value]}
            </option>
          ))}
        </select>
        {errors.paymentTerms?.length ? <p className="text-sm text-red-700">{errors.paymentTerms[0]}</p> : null}
      </div>
      <Field
        label="Credit limit (£, inc VAT)"
        hint="Blank for no limit."
        errors={errors.creditLimit}
        inputProps={{
          id: "creditLimit",
          name: "creditLimit",
          inputMode: "decimal",
          defaultValue: creditLimit === null ? "" : (creditLimit / 100).toFixed(2),
        }}
      />
      <div className="sm:pt-6">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save terms and limit"}
        </Button>
      </div>
    </Form>
  );
}
