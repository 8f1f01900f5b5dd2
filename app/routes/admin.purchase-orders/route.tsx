import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { HiddenFields, IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { StatCard } from "~/components/admin/stat-card";
import { statusFilter } from "~/components/admin/status-filter";
import { Button } from "~/components/ui/button";
import { listSupplierOptions } from "~/domain/catalog/products.server";
import { pickerQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { PURCHASE_ORDER_STATUSES, purchaseOrderStatusLabel } from "~/domain/purchasing/purchase-order-status";
import { PURCHASE_ORDER_NOT_FOUND } from "~/domain/purchasing/purchase-order.schema";
import {
  countPurchaseOrdersByStatus,
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderHistory,
  stockLevelsOf,
} from "~/domain/purchasing/purchase-orders.server";
import { productOptions } from "~/domain/shared/pickers.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { readAdminForm } from "~/utils/admin-form.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import { autoGenerateAction, createAction, statusAction } from "./actions.server";
import { CreatePurchaseOrderForm } from "./create-form";
import { PurchaseOrderDetail } from "./purchase-order-detail";
import { PurchaseOrderTable } from "./purchase-order-table";
import { lineRowsOf, listQuery, PURCHASE_ORDERS_PATH as PATH, purchaseOrdersHref, returnHref } from "./purchase-orders-screen";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Purchase Orders") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "purchasing");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = listQuery(params);
  const page = listPurchaseOrders(db, query);
  const viewId = idParam(params.get("view"));
  const order = viewId ? getPurchaseOrder(db, viewId) : null;
  const creating = !order && params.get("dialog") === "new";
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));

  return json(
    {
      list: { status: query.status, q: query.q, page: page.page },
      orders: page.items,
      total: page.total,
      pageCount: page.pageCount,
      counts: countPurchaseOrdersByStatus(db),
      view: order
        ? {
            ...order,
            history: purchaseOrderHistory(db, order.id),
            stock: stockLevelsOf(db, order.items.flatMap((item) => (item.productId === null ? [] : [item.productId]))),
          }
        : null,
      missing: viewId !== null && order === null,
      creating,
      lineRows: lineRowsOf(params),
      suppliers: creating ? listSupplierOptions(db) : [],
      productSearch: picker.product ?? "",
      products: creating ? productOptions(db, { q: picker.product }) : null,
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await readAdminForm(request, "purchasing");
  const { intent, formData } = ctx;
  if (intent === "auto-generate") return autoGenerateAction(ctx);
  if (intent === "status") return statusAction(ctx);
  if (intent === "create") return createAction(ctx);
  return redirectWithToast(request, returnHref(formData.get("returnTo")), failureToast("Error", "Unknown action"));
}

function AutoGenerateButton({ hidden }: { hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "auto-generate";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="auto-generate" />
      <HiddenFields values={hidden} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Generating..." : "Auto-Generate POs"}
      </Button>
    </Form>
  );
}

export default function AdminPurchaseOrders() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const listPath = purchaseOrdersHref(data.list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  if (data.view) {
    const viewPath = purchaseOrdersHref(data.list, { view: String(data.view.id) });
    return (
      <div className="mx-auto max-w-5xl">
        <PurchaseOrderDetail order={data.view} listPath={listPath} hidden={{ ...hidden, returnTo: viewPath }} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Purchase Orders"
        description="Orders to suppliers: draft them by hand or from the stock forecast, send them, and book the stock in when they arrive."
        actions={
          <>
            <AutoGenerateButton hidden={hidden} />
            <Link to={purchaseOrdersHref(data.list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
              Create purchase order
            </Link>
          </>
        }
      />
      <ActionNotice data={actionData} />
      {data.missing ? <MissingNotice>{PURCHASE_ORDER_NOT_FOUND}.</MissingNotice> : null}

      <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label="Draft" value={String(data.counts.draft)} note="Not yet sent" tone="warning" />
        <StatCard label="Sent" value={String(data.counts.sent)} note="Awaiting delivery" />
        <StatCard label="Received" value={String(data.counts.received)} note="Booked into stock" tone="success" />
      </dl>

      <AdminDialog open={data.creating} size="lg" title="Create purchase order" closeHref={listPath}>
        {data.creating ? (
          <CreatePurchaseOrderForm
            data={data}
            hidden={hidden}
            cancelHref={listPath}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <Panel>
        <AdminListFilters
          search={{ id: "po-search", label: "Search", placeholder: "Order number, supplier email or business", value: data.list.q ?? "" }}
          filters={[statusFilter("po-status", data.list.status, PURCHASE_ORDER_STATUSES, purchaseOrderStatusLabel)]}
          clearHref={PATH}
          submitLabel="Filter"
        />
        <PurchaseOrderTable data={data} hidden={hidden} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
