import { Link } from "@remix-run/react";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { PageLinks } from "~/components/ui/page-links";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import { STATUS_TONE_CLASSES, type StatusTone } from "~/domain/orders/order-status";
import { returnsHref } from "~/domain/returns/return.schema";
import type { ReturnJson } from "~/domain/returns/returns.server";

const RETURN_STATUS: Record<string, { label: string; tone: StatusTone }> = {
  requested: { label: "Requested", tone: "warning" },
  approved: { label: "Approved", tone: "info" },
  rejected: { label: "Rejected", tone: "danger" },
  completed: { label: "Completed", tone: "success" },
};

const badgeClass = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

export function ReturnStatusBadge({ status }: { status: string }) {
  const style = RETURN_STATUS[status] ?? { label: status, tone: "neutral" as const };
  return (
    <span data-status={status} className={`${badgeClass} ${STATUS_TONE_CLASSES[style.tone]}`}>
      {style.label}
    </span>
  );
}

export function ReturnTypeBadge({ type }: { type: string }) {
  return (
    <span className={`${badgeClass} ${STATUS_TONE_CLASSES[type === "exchange" ? "progress" : "neutral"]}`}>
      {type === "exchange" ? "Exchange" : "Refund"}
    </span>
  );
}

/** One return as the customer sees it: status, type, order, lines, reason, notes and refund. */
export function ReturnCard({ item }: { item: ReturnJson }) {
  return (
    <article
      aria-labelledby={`return-${item.id}`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-return-id={item.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`return-${item.id}`} className="text-lg font-semibold text-slate-900">
            Return {item.returnNumber}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Order{" "}
            <Link to={orderHistoryHref(1, item.orderId)} className="font-medium text-brand-700 hover:underline">
              {item.orderNumber ?? `#${item.orderId}`}
            </Link>{" "}
            · Requested <time dateTime={item.createdAt}>{formatOrderDate(item.createdAt)}</time>
          </p>
          {item.replacementOrderId !== null ? (
            <p className="mt-1 text-sm text-slate-600">
              <Link to={orderHistoryHref(1, item.replacementOrderId)} className="font-medium text-brand-700 hover:underline">
                Your replacement order
              </Link>{" "}
              is on its way, at no charge.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <ReturnStatusBadge status={item.status} />
          <ReturnTypeBadge type={item.returnType} />
        </div>
      </header>

      {/* a phone gets the lines stacked, a wider screen the table: never a table to scroll sideways */}
      <ul aria-label={`Items in return ${item.returnNumber}`} className="mt-4 divide-y divide-slate-100 text-sm sm:hidden">
        {item.items.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-2">
            <p className="min-w-0 text-slate-900">{line.productName}</p>
            <p className="shrink-0 text-right tabular-nums text-slate-700">
              {line.quantity} × {formatDecimalMoney(line.unitPrice)}
              <span className="block text-xs text-slate-500">ex VAT</span>
            </p>
          </li>
        ))}
      </ul>
      <table className="mt-4 hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Items in return {item.returnNumber}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">Item</th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">Quantity</th>
            <th scope="col" className="py-1 text-right font-medium">Unit price (ex VAT)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {item.items.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-4 text-slate-900">{line.productName}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 text-right tabular-nums">{formatDecimalMoney(line.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">Reason</dt>
          <dd className="text-slate-900">{item.reason}</dd>
        </div>
        {item.customerNotes ? (
          <div>
            <dt className="font-medium text-slate-700">Your notes</dt>
            <dd className="whitespace-pre-line text-slate-900">{item.customerNotes}</dd>
          </div>
        ) : null}
        {item.adminNotes ? (
          <div>
            <dt className="font-medium text-slate-700">Notes from our team</dt>
            <dd className="whitespace-pre-line text-slate-900">{item.adminNotes}</dd>
          </div>
        ) : null}
        {item.refundAmount !== null ? (
          <div>
            <dt className="font-medium text-slate-700">Refund (inc VAT)</dt>
            <dd className="font-semibold text-slate-900">{formatDecimalMoney(item.refundAmount)}</dd>
          </div>
        ) : null}
        {item.completedAt ? (
          <div>
            <dt className="font-medium text-slate-700">Completed</dt>
            <dd className="text-slate-900">
              <time dateTime={item.completedAt}>{formatOrderDate(item.completedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

export function NoReturns() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">You have not requested any returns.</p>
      <p className="mt-2 text-slate-600">
        To return something, open a delivered order in{" "}
        <Link to="/account/orders" className="font-medium text-brand-700 hover:underline">
          Your Orders
        </Link>{" "}
        and choose Request a return.
      </p>
    </div>
  );
}

/** Previous / page numbers / Next of My Returns & Refunds, as plain GET links. */
export function ReturnsPagination({ page, pageCount }: { page: number; pageCount: number }) {
  return <PageLinks page={page} pageCount={pageCount} hrefFor={returnsHref} label="Return pages" className="mt-6" />;
}
