import { Link } from "@remix-run/react";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { Panel } from "~/components/admin/page-header";
import { inputClass } from "~/components/ui/field";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";

const ukDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

export type DocumentRow = { key: number; href: string; number: string; note: string | null; date: Date; by: string | null; total: string };

/** The company's newest orders or invoices: its number (linked), its date, who placed it, its total inc VAT. */
export function NewestDocuments({
  title,
  caption,
  noun,
  dateLabel,
  empty,
  rows,
}: {
  title: string;
  caption: string;
  noun: string;
  dateLabel: string;
  empty: string;
  rows: DocumentRow[];
}) {
  return (
    <Panel title={title}>
      <DataTable caption={caption}>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{noun}</th>
            <th scope="col" className={thClass}>{dateLabel}</th>
            <th scope="col" className={thClass}>Total inc VAT</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? <EmptyRow colSpan={3}>{empty}</EmptyRow> : null}
          {rows.map((row) => (
            <tr key={row.key}>
              <td className={tdClass}>
                <Link to={row.href} className="text-brand-700 hover:underline">
                  {row.number}
                </Link>
                {row.note ? <span className="ml-1 text-xs text-slate-500">{row.note}</span> : null}
              </td>
              <td className={tdClass}>
                {ukDate.format(row.date)}
                {row.by ? <div className="text-xs text-slate-500">{row.by}</div> : null}
              </td>
              <td className={`${tdClass} tabular-nums`}>{formatMoney(parseDecimalToHundredths(row.total) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  );
}

export function TextInput({ name, label, value, errors }: { name: string; label: string; value: string; errors?: string[] | null }) {
  return (
    <div className="space-y-1">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={name} name={name} defaultValue={value} className={inputClass} aria-invalid={errors?.length ? true : undefined} />
      {errors?.length ? <p className="text-sm text-red-700">{errors[0]}</p> : null}
    </div>
  );
}
