import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

export type QueryProblem = { message: string; field?: string } | null;

/**
 * A ledger screen's filters as a GET form (bookmarkable, the same without JavaScript), and what could not
 * be read in the address, with what is shown instead.
 */
export function FilterBar({
  label,
  problem,
  fallback,
  submitLabel = "Show",
  children,
}: {
  label: string;
  problem: QueryProblem;
  /** what the screen shows when the address could not be read ("Showing this month instead.") */
  fallback: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="mb-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        {children}
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
      </Form>
      {problem ? (
        <p id="filter-problem" role="alert" className="mt-2 text-sm text-red-700">
          {problem.message}. {fallback}
        </p>
      ) : null}
    </section>
  );
}

/** A labelled input of a filter form; marked invalid when the problem is about it. */
export function FilterInput({
  name,
  label,
  type = "date",
  value,
  problem,
}: {
  name: string;
  label: string;
  type?: "date" | "text";
  value: string;
  problem: QueryProblem;
}) {
  const id = `filter-${name}`;
  const invalid = problem?.field === name;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type={type}
        name={name}
        defaultValue={value}
        className={`${inputClass} py-1.5`}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? "filter-problem" : undefined}
      />
    </div>
  );
}

/** A labelled select of a filter form ("" is every option). */
export function FilterSelect({
  name,
  label,
  value,
  options,
  everyLabel,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  everyLabel: string;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={`${inputClass} max-w-[16rem] py-1.5 pr-8`}>
        <option value="">{everyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
