import { Link } from "@remix-run/react";
import { CHART_PATH, EXPORTS_PATH, JOURNALS_PATH, LEDGER_PATH, NEW_JOURNAL_PATH } from "~/domain/ledger/ledger-hrefs";

const SECTIONS = [
  { key: "trial-balance", label: "Trial balance", to: LEDGER_PATH },
  { key: "journals", label: "Journals", to: JOURNALS_PATH },
  { key: "new-journal", label: "New journal", to: NEW_JOURNAL_PATH },
  { key: "chart", label: "Chart of accounts", to: CHART_PATH },
  { key: "exports", label: "Accountant's exports", to: EXPORTS_PATH },
] as const;

export type LedgerSection = (typeof SECTIONS)[number]["key"] | "account";

/** The ledger's screens as tabs, so each is one click from the others. */
export function LedgerNav({ current }: { current: LedgerSection }) {
  return (
    <nav aria-label="Ledger sections" className="mb-4 overflow-x-auto border-b border-slate-200">
      <ul className="-mb-px flex gap-x-1 whitespace-nowrap">
        {SECTIONS.map((section) => {
          const active = section.key === current;
          return (
            <li key={section.key}>
              <Link
                to={section.to}
                aria-current={active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
