import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import {
  invoiceFacts,
  PurchaseOrderStatusPill,
  purchaseOrderFacts,
  SectionPages,
  SupplierCard,
  SupplierSection,
} from "~/components/supplier/supplier-lists";
import { InvoiceStatusBadge } from "~/routes/admin.sales-invoices/invoices-screen";
import { supplierOverview } from "~/domain/purchasing/supplier-area.server";
import { requireSupplier } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your orders and invoices") }];

/** The supplier's own purchase orders and invoices, newest first, read only (`?orders=2&invoices=3` page them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const supplier = await requireSupplier(request);
  const params = new URL(request.url).searchParams;
  return json(supplierOverview(getDb(), supplier.id, { ordersPage: params.get("orders"), invoicesPage: params.get("invoices") }), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export default function SupplierHome() {
  const { orders, invoices } = useLoaderData<typeof loader>();
  const href = (pages: { orders?: number; invoices?: number }) => {
    const params = new URLSearchParams({ orders: String(pages.orders ?? orders.page), invoices: String(pages.invoices ?? invoices.page) });
    return `/supplier?${params}`;
  };
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your orders and invoices</h1>
      <p className="mt-2 text-slate-600">
        The purchase orders we have sent you and your invoices as recorded in our accounts, with what has been paid.
      </p>
      <SupplierSection
        id="purchase-orders"
        title="Purchase orders"
        empty={orders.items.length ? null : "No purchase orders have been sent to you yet."}
        pages={<SectionPages page={orders.page} pageCount={orders.pageCount} hrefFor={(page) => href({ orders: page })} />}
      >
        {orders.items.map((order) => (
          <SupplierCard
            key={order.id}
            testId="supplier-po"
            to={`/supplier/purchase-orders/${order.id}`}
            title={order.orderNumber}
            status={<PurchaseOrderStatusPill status={order.status} />}
            facts={purchaseOrderFacts(order)}
          />
        ))}
      </SupplierSection>
      <SupplierSection
        id="invoices"
        title="Invoices"
        empty={invoices.items.length ? null : "No invoices of yours are recorded yet."}
        pages={<SectionPages page={invoices.page} pageCount={invoices.pageCount} hrefFor={(page) => href({ invoices: page })} />}
      >
        {invoices.items.map((invoice) => (
          <SupplierCard
            key={invoice.id}
            testId="supplier-invoice"
            to={`/supplier/invoices/${invoice.id}`}
            title={invoice.invoiceNumber}
            status={<InvoiceStatusBadge status={invoice.status} />}
            facts={invoiceFacts(invoice)}
          />
        ))}
      </SupplierSection>
    </>
  );
}
