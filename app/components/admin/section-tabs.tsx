import { Link } from "@remix-run/react";

export type SectionTab = { key: string; label: string; to: string };

/**
 * Sibling screens as tabs under the page header, so each is one click from the others without a row of its
 * own in the sidebar (docs/decisions/0053-back-office-sidebar-and-stacked-tables.md). Plain links: no JavaScript.
 */
export function SectionTabs({ label, tabs, current }: { label: string; tabs: readonly SectionTab[]; current: string }) {
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto border-b border-slate-200">
      <ul className="-mb-px flex gap-x-1 whitespace-nowrap">
        {tabs.map((tab) => {
          const active = tab.key === current;
          return (
            <li key={tab.key}>
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
