import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { SupplierDocument } from "~/components/supplier/supplier-document";
import { PurchaseOrderStatusPill } from "~/components/supplier/supplier-lists";
import { supplierPurchaseOrder } from "~/domain/purchasing/supplier-area.server";
import { requireSupplier } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireIntParam } from "~/utils/http.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data?.order.orderNumber ?? "Purchase order") }];

/** One of the supplier's purchase orders, read only; another supplier's (or a draft) is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const supplier = await requireSupplier(request);
  const order = supplierPurchaseOrder(getDb(), supplier.id, requireIntParam(params.id, "Purchase order not found"));
  if (!order) throw new Response("Purchase order not found", { status: 404 });
  return json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function SupplierPurchaseOrder() {
  const { order } = useLoaderData<typeof loader>();
  const facts: [string, string][] = [
    ["Ordered", formatOrderDate(order.sentAt ?? order.createdAt)],
    ["Received", order.receivedAt ? formatOrderDate(order.receivedAt) : "Not yet"],
    ["Lines", String(order.items.length)],
    ["Your invoice", order.invoice?.invoiceNumber ?? "None recorded"],
  ];
  return (
    <SupplierDocument
      title={`Purchase order ${order.orderNumber}`}
      status={<PurchaseOrderStatusPill status={order.status} />}
      pdfHref={`/supplier/purchase-orders/${order.id}.pdf`}
      facts={facts}
      lines={order.items.map((item) => ({ ...item, description: item.productName }))}
      totals={[
        ["Subtotal (ex VAT)", formatDecimalMoney(order.subtotal)],
        ["VAT", formatDecimalMoney(order.vatAmount)],
        ["Total", formatDecimalMoney(order.total)],
      ]}
    >
      {order.notes ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">Notes</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{order.notes}</p>
        </section>
      ) : null}
    </SupplierDocument>
  );
}
