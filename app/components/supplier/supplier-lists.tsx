import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCalendarDate, formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { purchaseOrderStatusLabel, type PurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status";

/** A section of the supplier's overview: a heading, its cards (one column on a phone), and its page links. */
export function SupplierSection({ title, id, empty, children, pages }: { title: string; id: string; empty: string | null; children: ReactNode; pages: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {empty ? <p className="mt-3 rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">{empty}</p> : <ul className="mt-3 grid gap-3 sm:grid-cols-2">{children}</ul>}
      {pages}
    </section>
  );
}

/** One card of a list: the number (to its page), a status, and its facts as label and value pairs. */
export function SupplierCard({ to, title, status, facts, testId }: { to: string; title: string; status: ReactNode; facts: [string, string][]; testId: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <Link to={to} className="break-all font-semibold text-brand-700 hover:underline">
          {title}
        </Link>
        {status}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-right tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

const PO_TONES: Record<PurchaseOrderStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  sent: "bg-blue-100 text-blue-800",
  received: "bg-green-100 text-green-800",
  cancelled: "bg-red-100 text-red-800",
};

export function PurchaseOrderStatusPill({ status }: { status: PurchaseOrderStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${PO_TONES[status]}`}>{purchaseOrderStatusLabel(status)}</span>;
}

export function purchaseOrderFacts(order: { sentAt: string | null; createdAt: string; items: unknown[]; total: string }): [string, string][] {
  return [
    ["Ordered", formatOrderDate(order.sentAt ?? order.createdAt)],
    ["Lines", String(order.items.length)],
    ["Total", formatDecimalMoney(order.total)],
  ];
}

export function invoiceFacts(invoice: { invoiceDate: string; dueDate: string | null; total: string; outstanding: string }): [string, string][] {
  return [
    ["Invoice date", formatCalendarDate(invoice.invoiceDate)],
    ["Due", invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"],
    ["Total", formatDecimalMoney(invoice.total)],
    ["Outstanding", formatDecimalMoney(invoice.outstanding)],
  ];
}

/** Previous / next links of a list on the overview (plain links: they work without JavaScript). */
export function SectionPages({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={hrefFor(page - 1)} className="text-brand-700 hover:underline">← Newer</Link> : <span />}
      <span className="text-slate-500">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link to={hrefFor(page + 1)} className="text-brand-700 hover:underline">Older →</Link> : <span />}
    </nav>
  );
}
