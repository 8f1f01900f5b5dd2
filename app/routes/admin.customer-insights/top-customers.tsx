import { Link } from "@remix-run/react";
import { formatOrderDate } from "~/components/orders/format";
import type { TopCustomer } from "~/domain/reports/customer-insights.server";
import { formatMoney } from "~/utils/money";

/** A top customer as the loader sends it: the date as an ISO string. */
export type TopCustomerItem = Omit<TopCustomer, "lastOrderDate"> & { lastOrderDate: string | null };

/** The customers who spent most, ranked, each a link to their record on the Users screen. */
export function TopCustomers({ customers, emptyText }: { customers: TopCustomerItem[]; emptyText: string }) {
  if (customers.length === 0) return <p className="px-4 py-10 text-center text-sm text-slate-500">{emptyText}</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Top customers by total spent">
      {customers.map((customer, index) => {
        const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;
        return (
          <li key={customer.userId} data-testid="top-customer" className="flex items-start gap-3 px-4 py-3">
            <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <Link
                to={`/admin/users?edit=${encodeURIComponent(customer.userId)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {name}
              </Link>
              {customer.businessName ? <span className="block text-xs text-slate-500">{customer.businessName}</span> : null}
              <p className="mt-0.5 text-xs text-slate-600">
                {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"} · last order{" "}
                {customer.lastOrderDate ? formatOrderDate(customer.lastOrderDate) : "-"}
              </p>
            </div>
            <div className="text-right">
              <p className="font-semibold tabular-nums text-slate-900">{formatMoney(customer.totalSpent)}</p>
              <p className="text-xs tabular-nums text-slate-500">{formatMoney(customer.averageOrder)} per order</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
