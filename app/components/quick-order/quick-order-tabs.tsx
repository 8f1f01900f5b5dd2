import { Link } from "@remix-run/react";
import {
  QUICK_ORDER_TAB_LABELS,
  QUICK_ORDER_TABS,
  quickOrderHref,
  type QuickOrderTab,
} from "~/domain/cart/quick-order.schema";

/**
 * The three tabs are links (`?tab=`), so each tab has its own address and works without JavaScript;
 * the current one is marked for assistive technology with aria-current.
 */
export function QuickOrderTabs({ active }: { active: QuickOrderTab }) {
  return (
    <nav aria-label="Quick order options" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {QUICK_ORDER_TABS.map((tab) => {
          const current = tab === active;
          return (
            <li key={tab}>
              <Link
                to={quickOrderHref(tab)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`inline-block rounded-t-md border px-4 py-2 text-sm font-semibold ${
                  current
                    ? "border-slate-200 border-b-white bg-white text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-200 hover:text-slate-900"
                }`}
              >
                {QUICK_ORDER_TAB_LABELS[tab]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
