import { Form, Link } from "@remix-run/react";
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/**
 * The name of the hidden idempotency-key input (the server reads it with idempotencyKeyFrom). Spelled out
 * here because a `.server` module's exports do not reach the browser bundle.
 */
export { IDEMPOTENCY_FIELD as IDEMPOTENCY_INPUT } from "~/utils/idempotency";

/** Hidden inputs for the values every form on a screen carries (return address, idempotency key). */
export function HiddenFields({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A field's first error, linked to its input by id. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** A labelled select with its error and an optional hint. */
export function SelectField({
  label,
  errors,
  errorId,
  hint,
  selectProps,
  children,
}: {
  label: ReactNode;
  errors?: string[];
  errorId: string;
  hint?: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string; key?: string };
  children: ReactNode;
}) {
  const { key, ...props } = selectProps;
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        key={key}
        {...props}
        className={`${inputClass} pr-8`}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        {children}
      </select>
      {hint && !invalid ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea with its error. */
export function TextareaField({
  label,
  errors,
  errorId,
  textareaProps,
}: {
  label: ReactNode;
  errors?: string[];
  errorId: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string };
}) {
  const { key, ...props } = textareaProps;
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        key={key}
        rows={3}
        {...props}
        className={inputClass}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** Cancel (back to the list) and the submit button, which says "Saving..." while the post is under way. */
export function DialogActions({
  cancelHref,
  submitLabel,
  saving,
}: {
  cancelHref: string;
  submitLabel: string;
  saving: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
      <Link
        to={cancelHref}
        replace
        preventScrollReset
        className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        Cancel
      </Link>
      <Button type="submit" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </Button>
    </div>
  );
}

export const primaryLinkClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800";

/** A link styled as a secondary (outlined) button: Print, Download PDF, a linked record. */
export const secondaryLinkClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

/**
 * A search box that narrows a picker's options (GET, so it works without JavaScript): it keeps the page's
 * other parameters (the open dialog, the list's filters) and sets `name` to the term.
 */
export function PickerSearch({
  name,
  label,
  placeholder,
  value,
  keep,
  note,
}: {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  keep: Record<string, string>;
  note?: ReactNode;
}) {
  const id = `picker-${name}`;
  return (
    <Form method="get" preventScrollReset replace className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3">
      <HiddenFields values={keep} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} type="search" name={name} defaultValue={value} placeholder={placeholder} className={inputClass} />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </div>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </Form>
  );
}

/** The count under a list, e.g. "3 discount rule(s) configured". */
export function CountLine({ children }: { children: ReactNode }) {
  return (
    <p className="px-4 py-3 text-sm text-slate-600" data-testid="count-line">
      {children}
    </p>
  );
}
