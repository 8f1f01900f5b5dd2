import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { PERIOD_LABELS, type PeriodKey } from "~/domain/finance/accounts-period";
import { accountsHref, type AccountsView } from "./accounts-hrefs";

const PRESETS: Exclude<PeriodKey, "custom">[] = ["this-month", "last-month", "this-year"];

type Props = {
  view: AccountsView;
  period: { key: PeriodKey; from: string; to: string; label: string };
  problem: { message: string; field: string } | null;
  /** the dates as typed, so a range that could not be read shows again to be corrected */
  typed: { from: string; to: string };
};

/** The period as links (presets) and a GET form (a custom range): it works the same without JavaScript. */
export function PeriodPicker({ view, period, problem, typed }: Props) {
  const presetHref = (key: PeriodKey) => accountsHref({ tab: view.tab, period: key === "this-month" ? {} : { period: key } });
  const custom = problem ? typed : period.key === "custom" ? { from: period.from, to: period.to } : { from: "", to: "" };
  return (
    <section aria-label="Period" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-medium text-slate-800" data-testid="period-label">
            {period.label}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {PRESETS.map((key) => {
              const current = period.key === key && !problem;
              return (
                <li key={key}>
                  <Link
                    to={presetHref(key)}
                    aria-current={current ? "true" : undefined}
                    className={`inline-block rounded-md border px-3 py-1.5 text-sm font-medium ${
                      current ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                    }`}
                  >
                    {PERIOD_LABELS[key]}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Custom range">
          {view.tab !== "profit-loss" ? <input type="hidden" name="tab" value={view.tab} /> : null}
          <input type="hidden" name="period" value="custom" />
          <DateInput name="from" label="From" value={custom.from} problem={problem} />
          <DateInput name="to" label="To" value={custom.to} problem={problem} />
          <Button type="submit" variant="secondary">
            Show range
          </Button>
        </Form>
      </div>
      {problem ? (
        <p id="period-problem" role="alert" className="mt-3 text-sm text-red-700">
          {problem.message}. Showing this month instead.
        </p>
      ) : null}
    </section>
  );
}

function DateInput({ name, label, value, problem }: { name: "from" | "to"; label: string; value: string; problem: Props["problem"] }) {
  const id = `period-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        required
        defaultValue={value}
        className={inputClass}
        aria-invalid={problem?.field === name ? true : undefined}
        aria-describedby={problem ? "period-problem" : undefined}
      />
    </div>
  );
}
