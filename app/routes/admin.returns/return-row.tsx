import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { Identifier, tdClass } from "~/components/admin/data-table";
import { listHref, type ListState } from "~/components/admin/form/list-hrefs";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { RETURN_STATUS_LABELS, type AdminReturnStatus } from "~/domain/returns/return-processing.schema";
import { customerName, RETURNS_PATH as PATH, type ReturnRowData } from "./returns-screen";

const STATUS_TONES: Record<AdminReturnStatus, BadgeTone> = {
  requested: "warning",
  approved: "info",
  rejected: "danger",
  completed: "success",
};

function ReturnStatusBadge({ status }: { status: AdminReturnStatus }) {
  return (
    <span data-status={status}>
      <Badge tone={STATUS_TONES[status]}>{RETURN_STATUS_LABELS[status]}</Badge>
    </span>
  );
}

function ReturnTypeBadge({ type }: { type: "refund" | "exchange" }) {
  return <Badge tone={type === "exchange" ? "info" : "neutral"}>{type === "exchange" ? "Exchange" : "Refund"}</Badge>;
}

/** One return in the list: what, who, why, the refund, and what may be done with it next. */
export function ReturnRow({ item, list }: { item: ReturnRowData; list: ListState }) {
  const open = item.status === "requested" || item.status === "approved";
  return (
    <tr id={`return-${item.id}`} data-testid="return-row" data-return-id={item.id} className="scroll-mt-4 hover:bg-slate-50 target:bg-amber-50">
      <td className={tdClass}>
        <div className="font-semibold text-slate-900">Return {item.returnNumber}</div>
        <div className="text-xs text-slate-600">
          <Link to={`/admin/orders?view=${item.orderId}`} className="text-brand-700 hover:underline">
            Order {item.orderNumber ?? `#${item.orderId}`}
          </Link>
        </div>
        {item.replacementOrderId !== null ? (
          <Link to={`/admin/orders?view=${item.replacementOrderId}`} className="text-xs font-medium text-brand-700 hover:underline">
            Replacement order
          </Link>
        ) : null}
        <div className="text-xs text-slate-500">{formatOrderDate(item.createdAt)}</div>
        <div className="mt-2 flex flex-wrap gap-1">
          <ReturnStatusBadge status={item.status} />
          <ReturnTypeBadge type={item.returnType} />
        </div>
      </td>
      <td className={tdClass}>
        <div className="font-medium text-slate-900">
          {item.userId ? (
            <Link to={`/admin/users?edit=${item.userId}`} className="text-brand-700 hover:underline">
              {customerName(item)}
            </Link>
          ) : (
            customerName(item)
          )}
        </div>
        {item.customer ? (
          <Identifier value={item.customer.email} className="text-xs text-slate-600" />
        ) : null}
      </td>
      <td className={tdClass}>
        <ul className="space-y-1">
          {item.items.map((line) => (
            <li key={line.id} className="flex justify-between gap-3">
              <span>
                {line.productName} <span className="text-slate-500">× {line.quantity}</span>
              </span>
              <span className="tabular-nums text-slate-700" title="Paid for these units, inc VAT">
                {formatDecimalMoney(line.lineValue)}
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td className={`${tdClass} max-w-xs`}>
        <div className="font-medium text-slate-900">{item.reason}</div>
        {item.customerNotes ? (
          <p className="mt-1 whitespace-pre-line text-xs text-slate-600">
            <span className="font-medium text-slate-700">Customer: </span>
            {item.customerNotes}
          </p>
        ) : null}
        {item.adminNotes ? (
          <p className="mt-1 whitespace-pre-line text-xs text-slate-600">
            <span className="font-medium text-slate-700">Admin: </span>
            {item.adminNotes}
          </p>
        ) : null}
      </td>
      <td className={`${tdClass} text-right tabular-nums`}>
        {item.refundAmount === null ? <span className="text-slate-500">-</span> : formatDecimalMoney(item.refundAmount)}
        {item.completedAt ? <div className="text-xs text-slate-500">{formatOrderDate(item.completedAt)}</div> : null}
      </td>
      <td className={`${tdClass} text-right`}>
        {open ? (
          <div className="flex flex-col items-end gap-2 whitespace-nowrap">
            <Link
              to={listHref(PATH, list, { update: String(item.id) })}
              preventScrollReset
              aria-label={`Update status of return ${item.returnNumber}`}
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              Update Status
            </Link>
            {item.status === "approved" ? (
              <Link
                to={listHref(PATH, list, { complete: String(item.id) })}
                preventScrollReset
                aria-label={`Complete return ${item.returnNumber}`}
                className="inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Complete
              </Link>
            ) : null}
          </div>
        ) : (
          <span className="text-xs text-slate-500">No actions</span>
        )}
      </td>
    </tr>
  );
}
