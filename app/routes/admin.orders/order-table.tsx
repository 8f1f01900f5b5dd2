import { atLeast } from "~/components/admin/admin-pagination";
import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { ToastNotice } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NO_ORDERS_FOUND } from "~/domain/orders/order-list.schema";
import type { Toast } from "~/utils/session.server";
import { BulkStatusBar } from "./bulk-status-bar";
import { ordersHref, type OrdersLoaderData, type ScreenHidden } from "./orders-screen";

/** The table inside the bulk form: the ticked rows' `ids` go with the toolbar's status. */
export function OrderTable({ data, hidden }: { data: OrdersLoaderData; hidden: ScreenHidden }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { list } = data;
  const [notice, setNotice] = useState<{ toast: Toast; attempt: number } | null>(null);
  const [ticked, setTicked] = useState(0);
  const [allMatching, setAllMatching] = useState(false);

  const boxes = () => [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  function toggleAll(checked: boolean) {
    boxes().forEach((box) => (box.checked = checked));
    setTicked(checked ? boxes().length : 0);
    if (!checked) setAllMatching(false);
  }
  function toggleMatching(checked: boolean) {
    setAllMatching(checked);
    toggleAll(checked);
  }
  function toggleOne() {
    const count = boxes().filter((box) => box.checked).length;
    setTicked(count);
    // unticking a row means "not all of them" any more
    if (count < boxes().length) setAllMatching(false);
  }
  /** What a download covers: the ticked orders, or the filtered list when none (or all matching) are ticked. */
  function downloadQuery() {
    const ids = boxes().filter((box) => box.checked).map((box) => box.value);
    return allMatching || ids.length === 0 ? data.filter : `ids=${ids.join(",")}`;
  }

  return (
    <Form method="post" ref={formRef} preventScrollReset aria-label="Bulk status update">
      <input type="hidden" name="intent" value="bulk-status" />
      <input type="hidden" name="filter" value={data.filter} />
      <HiddenFields values={hidden} />
      <BulkStatusBar
        downloadQuery={downloadQuery}
        onNotice={setNotice}
        total={data.total}
        more={data.more}
        allMatching={allMatching}
        onAllMatching={toggleMatching}
        selected={hydrated ? (allMatching ? atLeast(data.total, data.more) : String(ticked)) : null}
      />
      {notice ? <ToastNotice key={notice.attempt} toast={notice.toast} /> : null}
      <DataTable caption="Orders" minWidth="52rem">
        <thead>
          <tr>
            <th scope="col" className={`${thClass} w-10`}>
              {hydrated ? (
                <input
                  type="checkbox"
                  aria-label="Select all orders on this page"
                  className="h-4 w-4 rounded border-slate-300"
                  onChange={(event) => toggleAll(event.currentTarget.checked)}
                />
              ) : (
                <span className="sr-only">Select</span>
              )}
            </th>
            <th scope="col" className={thClass}>
              Order
            </th>
            <th scope="col" className={thClass}>
              Customer
            </th>
            <th scope="col" className={thClass}>
              Date
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Total
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.orders.length === 0 ? (
            <EmptyRow colSpan={7}>{NO_ORDERS_FOUND}</EmptyRow>
          ) : (
            data.orders.map((order) => (
              <tr key={order.id} data-testid="order-row" className="hover:bg-slate-50">
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    name="ids"
                    value={order.id}
                    aria-label={`Select ${order.orderNumber}`}
                    className="h-4 w-4 rounded border-slate-300"
                    onChange={toggleOne}
                  />
                </td>
                <td className={`${tdClass} whitespace-nowrap font-medium text-slate-900`}>
                  {order.orderNumber}
                  {order.poReference ? (
                    <div className="text-xs font-normal text-slate-500">PO {order.poReference}</div>
                  ) : null}
                </td>
                <td className={tdClass}>
                  {order.businessName ? <div className="font-medium text-slate-900">{order.businessName}</div> : null}
                  <Identifier value={order.customerEmail} />
                  {order.shippingName ? <div className="text-xs text-slate-500">{order.shippingName}</div> : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDate(order.createdAt)}</td>
                <td className={tdClass}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(order.total)}</td>
                <td className={`${tdClass} text-right`}>
                  <Link
                    to={ordersHref(list, { view: String(order.id) })}
                    preventScrollReset
                    aria-label={`View order ${order.orderNumber}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </Form>
  );
}
