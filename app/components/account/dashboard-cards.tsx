import type { CompanyArea } from "~/domain/companies/company-roles";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** One card of the account dashboard: a heading and what it offers, its action at the foot. */
export function DashboardCard({ title, headingId, children }: { title: string; headingId: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** A card's main link, kept at the card's foot. */
export function DashboardCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-auto pt-4">
      <Link
        to={to}
        className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {children}
      </Link>
    </div>
  );
}

/** More of the customer's own pages, each with the company area (docs/decisions/0069) it belongs to. */
const ACCOUNT_LINKS: { to: string; label: string; text: string; area: CompanyArea }[] = [
  { to: "/account/balance", label: "Account Balance", text: "What you owe, your available credit, statements and how to pay.", area: "balance" },
  { to: "/account/loyalty", label: "Loyalty", text: "Your points, rewards to redeem and vouchers for checkout.", area: "loyalty" },
  { to: "/account/returns", label: "My Returns & Refunds", text: "Request a return and follow its progress.", area: "history" },
  { to: "/account/invoices", label: "Invoices", text: "Your invoices, what is due and PDF copies.", area: "history" },
  { to: "/account/quotes", label: "Quotes", text: "Prices asked for a job: accept, decline or ask for a revision.", area: "quotes" },
  { to: "/account/templates", label: "Order Templates", text: "Reorder your regular products in one click.", area: "templates" },
  { to: "/account/addresses", label: "Delivery Addresses", text: "The sites you deliver to, ready to pick at checkout.", area: "addresses" },
  {
    to: "/account/approvals",
    label: "Approvals",
    text: "Orders over a spending limit, waiting for an approver, and what was decided.",
    area: "approvals",
  },
  { to: "/account/company", label: "Company", text: "The people who order for your company: invite, roles, access.", area: "people" },
  {
    to: "/account/company/limits",
    label: "Spending limits",
    text: "Limits per order and per period, and when an order needs two approvers.",
    area: "people",
  },
];

/**
 * Links to the rest of the account: loyalty, returns, invoices, order templates, delivery addresses and (for a
 * company admin) the company's people; only those the person's company role may open.
 */
export function MoreOfYourAccount({ areas, approvalsWaiting = 0 }: { areas: Record<CompanyArea, boolean>; approvalsWaiting?: number }) {
  const links = ACCOUNT_LINKS.filter((link) => areas[link.area]).map((link) =>
    // an approver sees at a glance how many orders wait on them
    link.area === "approvals" && approvalsWaiting > 0 ? { ...link, label: `Approvals (${approvalsWaiting} waiting for you)` } : link,
  );
  if (links.length === 0) return null;
  return (
    <nav aria-label="More of your account" className="mt-10">
      <h2 className="text-xl font-semibold text-slate-900">More of your account</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
            >
              <span className="font-semibold text-slate-900">{link.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
