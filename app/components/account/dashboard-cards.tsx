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

/** More of the customer's own pages. */
const ACCOUNT_LINKS = [
  { to: "/account/loyalty", label: "Loyalty", text: "Your points, rewards to redeem and vouchers for checkout." },
  { to: "/account/returns", label: "My Returns & Refunds", text: "Request a return and follow its progress." },
  { to: "/account/invoices", label: "Invoices", text: "Your invoices, what is due and PDF copies." },
  { to: "/account/templates", label: "Order Templates", text: "Reorder your regular products in one click." },
  { to: "/account/addresses", label: "Delivery Addresses", text: "The sites you deliver to, ready to pick at checkout." },
];

/** For a company admin: the people of the company. */
const COMPANY_LINK = { to: "/account/company", label: "Company", text: "The people who order for your company: invite, roles, access." };

/** For a company admin or approver: what the business owes, its credit and statements. */
const BALANCE_LINK = { to: "/account/balance", label: "Account Balance", text: "What you owe, your available credit, statements and how to pay." };

/** Links to the rest of the account: loyalty, returns, invoices, order templates and delivery addresses. */
export function MoreOfYourAccount({ companyAdmin = false, seesBalance = false }: { companyAdmin?: boolean; seesBalance?: boolean }) {
  const links = [...(seesBalance ? [BALANCE_LINK] : []), ...ACCOUNT_LINKS, ...(companyAdmin ? [COMPANY_LINK] : [])];
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
