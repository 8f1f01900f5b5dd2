import { Form, Link } from "@remix-run/react";
import { PlacedBySelect } from "~/components/account/placed-by-select";
import { inputClass } from "~/components/ui/field";
import { ORDER_STATUSES } from "~db/schema";
import {
  hasOrderFilters,
  ORDER_SEARCH_MAX_LENGTH,
  orderHistoryCsvHref,
  type OrderFilterField,
  type OrderHistoryFilters,
} from "~/domain/orders/order-history.schema";
import { statusLabel } from "~/domain/orders/order-status";

const labelClass = "block text-sm font-medium text-slate-800";

/**
 * Search, status and dates as one GET form (the URL carries them, so a filtered list can be bookmarked),
 * with Export CSV of what the filters match. Works the same with and without JavaScript.
 */
export function OrderFilters({
  filters,
  errors,
  people = null,
}: {
  filters: OrderHistoryFilters;
  errors: Partial<Record<OrderFilterField, string>>;
  /** the company's people, for a company admin or approver to see one person's orders; null: no such filter */
  people?: { id: string; name: string }[] | null;
}) {
  const field = (name: OrderFilterField) => ({
    id: `orders-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `orders-${name}-error` : undefined,
  });
  const error = (name: OrderFilterField) =>
    errors[name] ? (
      <p id={`orders-${name}-error`} role="alert" className="text-xs text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Form
      method="get"
      action="/account/orders"
      role="search"
      aria-label="Filter orders"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-12">
        <div className="space-y-1 lg:col-span-4">
          <label htmlFor="orders-q" className={labelClass}>
            Search orders
          </label>
          <input
            {...field("q")}
            type="search"
            defaultValue={filters.q}
            maxLength={ORDER_SEARCH_MAX_LENGTH}
            placeholder="Order number, PO reference, product or SKU"
            className={inputClass}
          />
          {error("q")}
        </div>
        <div className="space-y-1 lg:col-span-2">
          <label htmlFor="orders-status" className={labelClass}>
            Status
          </label>
          <select {...field("status")} defaultValue={filters.status ?? ""} className={inputClass}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
          {error("status")}
        </div>
        <div className="space-y-1 lg:col-span-2">
          <label htmlFor="orders-from" className={labelClass}>
            From
          </label>
          <input {...field("from")} type="date" defaultValue={filters.from ?? ""} className={inputClass} />
          {error("from")}
        </div>
        <div className="space-y-1 lg:col-span-2">
          <label htmlFor="orders-to" className={labelClass}>
            To
          </label>
          <input {...field("to")} type="date" defaultValue={filters.to ?? ""} className={inputClass} />
          {error("to")}
        </div>
        {people ? (
          <div className="space-y-1 lg:col-span-4">
            <PlacedBySelect {...field("placedBy")} people={people} value={filters.placedBy} labelClassName={labelClass} />
            {error("placedBy")}
          </div>
        ) : null}
        <div className="flex items-end gap-3 lg:col-span-2">
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Apply
          </button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-4 text-sm">
        {hasOrderFilters(filters) ? (
          <Link to="/account/orders" className="font-medium text-brand-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
        {/* a file, not a page: the browser downloads it with or without JavaScript */}
        <a href={orderHistoryCsvHref(filters)} download className="font-medium text-brand-700 hover:underline">
          Export CSV
        </a>
      </div>
    </Form>
  );
}
