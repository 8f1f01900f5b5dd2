import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { FieldErrors, HiddenFields } from "~/components/admin/form/form-bits";
import { lastSubmission } from "~/components/admin/form/last-submission";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { JOURNAL_LINES_MAX, journalTotals, MANUAL_JOURNAL_KIND_LABELS, MANUAL_JOURNAL_KINDS, NARRATION_MAX, rowAmount } from "~/domain/ledger/ledger.schema";
import { formatMoney } from "~/utils/money";

type Row = { account?: string; debit?: string; credit?: string };

/**
 * New journal: date, kind, narration and ten rows of account + debit or credit (blank rows are ignored).
 * Every row is in the page from the start, so nothing typed is lost to a "more lines" reload without
 * JavaScript. The form comes back with what was typed and each row's error, read from the last submission;
 * with JavaScript, the running totals show as you type.
 */
export function JournalForm({
  accounts,
  today,
  hidden,
  lastResult,
}: {
  accounts: { code: string; name: string }[];
  today: string;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "journal";
  const { submitted, errorOf, value } = lastSubmission(lastResult);
  const sent = (Array.isArray(submitted.lines) ? submitted.lines : []) as (Row | undefined)[];
  const rows = JOURNAL_LINES_MAX;
  const [totals, setTotals] = useState<{ debits: number; credits: number } | null>(null);

  const recount = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const amounts = Array.from({ length: rows }, (_, i) => {
      const debit = rowAmount(String(data.get(`lines[${i}].debit`) ?? "").trim()) ?? 0;
      const credit = rowAmount(String(data.get(`lines[${i}].credit`) ?? "").trim()) ?? 0;
      return { amount: debit - credit };
    });
    setTotals(journalTotals(amounts));
  };

  return (
    <Form method="post" noValidate onChange={recount} className="space-y-4" aria-labelledby="journal-form-heading">
      <input type="hidden" name="intent" value="journal" />
      <HiddenFields values={hidden} />
      <FormError errors={errorOf("")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date" errors={errorOf("date")} inputProps={{ id: "journal-date", name: "date", type: "date", defaultValue: value("date", today) }} />
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor="journal-kind" className="block text-sm font-medium text-slate-800">
            Kind
          </label>
          <select id="journal-kind" name="kind" defaultValue={value("kind", "manual")} className={`${inputClass} pr-8`}>
            {MANUAL_JOURNAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {MANUAL_JOURNAL_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        label="Narration"
        hint="What the entry is for, as it will read in the ledger."
        errors={errorOf("narration")}
        inputProps={{ id: "journal-narration", name: "narration", type: "text", maxLength: NARRATION_MAX, defaultValue: value("narration") }}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Lines</legend>
        <p className="text-xs text-slate-500">Each line is a debit or a credit in pounds. Blank lines are ignored; debits must equal credits.</p>
        <FieldErrors id="journal-lines-error" errors={errorOf("lines")} />
        <div className="hidden grid-cols-[1fr_8rem_8rem] gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-600 sm:grid" aria-hidden>
          <span>Account</span>
          <span className="text-right">Debit (£)</span>
          <span className="text-right">Credit (£)</span>
        </div>
        {Array.from({ length: rows }, (_, i) => (
          <JournalRow key={i} index={i} row={sent[i] ?? {}} accounts={accounts} errorOf={errorOf} />
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span />
          {totals ? (
            <p className={`text-sm tabular-nums ${totals.debits === totals.credits ? "text-slate-600" : "text-red-700"}`} aria-live="polite">
              Debits {formatMoney(totals.debits)} · Credits {formatMoney(totals.credits)}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" disabled={saving}>
          {saving ? "Posting..." : "Post journal"}
        </Button>
      </div>
    </Form>
  );
}

function JournalRow({
  index: i,
  row,
  accounts,
  errorOf,
}: {
  index: number;
  row: Row;
  accounts: { code: string; name: string }[];
  errorOf: (name: string) => string[] | undefined;
}) {
  const name = (field: keyof Row) => `lines[${i}].${field}`;
  const errors = (field: keyof Row) => errorOf(name(field));
  const described = (field: keyof Row) => (errors(field) ? { "aria-invalid": true, "aria-describedby": `line-${i}-${field}-error` } : {});
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_8rem_8rem]" data-testid="journal-row">
      <div>
        <label htmlFor={`line-${i}-account`} className="sr-only">
          Line {i + 1} account
        </label>
        <select id={`line-${i}-account`} name={name("account")} defaultValue={row.account ?? ""} className={`${inputClass} pr-8`} {...described("account")}>
          <option value="">{`Line ${i + 1}: choose an account`}</option>
          {accounts.map((account) => (
            <option key={account.code} value={account.code}>
              {`${account.code} ${account.name}`}
            </option>
          ))}
        </select>
        <FieldErrors id={`line-${i}-account-error`} errors={errors("account")} />
      </div>
      {(["debit", "credit"] as const).map((side) => (
        <div key={side}>
          <label htmlFor={`line-${i}-${side}`} className="sr-only">
            Line {i + 1} {side}
          </label>
          <input
            id={`line-${i}-${side}`}
            name={name(side)}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={side === "debit" ? "Debit" : "Credit"}
            defaultValue={row[side] ?? ""}
            className={`${inputClass} text-right tabular-nums`}
            {...described(side)}
          />
          <FieldErrors id={`line-${i}-${side}-error`} errors={errors(side)} />
        </div>
      ))}
    </div>
  );
}
