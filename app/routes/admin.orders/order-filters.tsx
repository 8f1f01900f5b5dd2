import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  isFiltered,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderListQuery,
} from "~/domain/orders/order-list.schema";
import { statusLabel } from "~/domain/orders/order-status";
import { ORDERS_PATH } from "./orders-screen";

const labelClass = "block text-sm font-medium text-slate-800";

/**
 * The order list's filter bar as one GET form (a bookmarkable address, works without JavaScript): search,
 * status, a date range (UK days; the date boxes show them as DD/MM/YYYY) and the sort.
 */
export function OrderFilters({ list }: { list: Partial<OrderListQuery> }) {
  return (
    <Form
      method="get"
      aria-label="Filter orders"
      className="grid grid-cols-1 gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <div className="sm:col-span-2">
        <label htmlFor="orders-q" className={labelClass}>
          Search orders
        </label>
        <input
          id="orders-q"
          type="search"
          name="q"
          defaultValue={list.q ?? ""}
          placeholder="Order number, email, business name or PO reference"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="orders-status" className={labelClass}>
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={list.status ?? ""} className={inputClass}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-from" className={labelClass}>
          From
        </label>
        <input id="orders-from" type="date" name="from" defaultValue={list.from ?? ""} className={inputClass} />
      </div>
      <div>
        <label htmlFor="orders-to" className={labelClass}>
          To
        </label>
        <input id="orders-to" type="date" name="to" defaultValue={list.to ?? ""} className={inputClass} />
      </div>
      <div>
        <label htmlFor="orders-sort" className={labelClass}>
          Sort
        </label>
        <select id="orders-sort" name="sort" defaultValue={list.sort ?? "newest"} className={inputClass}>
          {ORDER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {ORDER_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-6 lg:justify-end">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {isFiltered(list) || (list.sort && list.sort !== "newest") ? (
          <Link
            to={ORDERS_PATH}
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
