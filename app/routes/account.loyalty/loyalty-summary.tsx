import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LOYALTY_TAB_LABELS, LOYALTY_TABS, loyaltyHref, pointsText, type LoyaltyTab } from "~/domain/loyalty/loyalty-account.schema";
import type { VoucherView } from "~/domain/loyalty/loyalty-account.server";

/** The points balance beside how points are earned and spent. */
export function LoyaltySummary({ balance }: { balance: number }) {
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="balance-heading" className="rounded-xl bg-brand-700 p-6 text-white shadow-sm lg:col-span-1">
        <h2 id="balance-heading" className="text-sm font-medium uppercase tracking-wide text-white/80">
          Your points balance
        </h2>
        <p className="mt-2 text-4xl font-bold tabular-nums" data-testid="points-balance">
          {pointsText(balance)}
        </p>
        <p className="mt-3 text-sm text-white/90">1 point for every £1 you spend (ex VAT)</p>
      </section>

      <section aria-labelledby="how-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
        <h2 id="how-heading" className="text-lg font-semibold text-slate-900">
          How It Works
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          <Step number={1} title="Shop & Earn">
            Earn 1 point for every whole £1 of each order&apos;s subtotal before VAT, credited when the order is
            placed (or approved).
          </Step>
          <Step number={2} title="Browse Rewards">
            Browse the rewards below and choose the one that suits your business.
          </Step>
          <Step number={3} title="Redeem & Save">
            Redeem your points for a voucher, and checkout offers it on your next order.
          </Step>
        </ol>
      </section>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden
        className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
      >
        {number}
      </span>
      <div>
        <h3 className="font-semibold text-slate-900">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}

/** The vouchers waiting for checkout, each with a link that takes it there. */
export function VoucherList({ vouchers }: { vouchers: VoucherView[] }) {
  return (
    <section aria-labelledby="vouchers-heading" className="mt-8">
      <h2 id="vouchers-heading" className="text-xl font-semibold text-slate-900">
        Your vouchers
      </h2>
      <p className="mt-1 text-sm text-slate-600">Each voucher can be used once, on any order.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {vouchers.map((voucher) => (
          <li
            key={voucher.id}
            data-testid="voucher"
            className="flex flex-col rounded-xl border border-dashed border-brand-600 bg-brand-50 p-4"
          >
            <p className="font-mono text-lg font-bold tracking-wider text-slate-900">{voucher.code}</p>
            <p className="mt-1 font-medium text-slate-900">{voucher.rewardName}</p>
            <p className="text-sm text-slate-700">
              {voucher.effect}
              {voucher.productName ? `: ${voucher.productName}` : ""}
            </p>
            <div className="mt-auto pt-3">
              <Link
                to={`/checkout?voucher=${encodeURIComponent(voucher.code)}`}
                className="text-sm font-semibold text-brand-700 hover:underline"
                aria-label={`Use voucher ${voucher.code} at checkout`}
              >
                Use at checkout
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tab links (plain GET links, so the tabs work without JavaScript). */
export function LoyaltyTabs({ tab }: { tab: LoyaltyTab }) {
  return (
    <nav aria-label="Loyalty sections" className="mt-10 border-b border-slate-200">
      <ul className="-mb-px flex gap-2">
        {LOYALTY_TABS.map((name) => {
          const active = name === tab;
          return (
            <li key={name}>
              <Link
                to={loyaltyHref(name)}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                  active
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {LOYALTY_TAB_LABELS[name]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
