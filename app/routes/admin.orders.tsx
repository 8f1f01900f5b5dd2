import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState, type MouseEvent, type RefObject } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { HiddenFields, IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam, listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatCalendarDate, formatDecimalMoney, formatDecimalPercent, formatOrderDate, safeTrackingUrl } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import type { Toast } from "~/utils/session.server";
import { ADMIN_STATUS_OPTIONS, BULK_STATUS_OPTIONS, bulkStatusSchema, orderStatusSchema, trackingFormSchema } from "~/domain/orders/order-fulfilment.schema";
import { BULK_NO_ORDERS_MESSAGE, EXPORT_COMPLETE, NO_ORDERS_FOUND, PICKING_LIST_EXPORTED, ORDER_STATUSES, orderListQuerySchema } from "~/domain/orders/order-list.schema";
import { adminOrderJson, adminOrderSummaryJson, getAdminOrder, listAdminOrders, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { bulkUpdateStatus, updateOrderStatus, updateTracking } from "~/domain/orders/order-fulfilment.server";
import { countPendingApprovalOrders } from "~/domain/orders/order-approvals.server";
import { statusLabel } from "~/domain/orders/order-status";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";

export const meta: MetaFunction = () => [{ title: "Orders · INFY Admin" }];

const PATH = "/admin/orders";
const TRACKING_FIELDS = ["trackingNumber", "carrier", "trackingUrl", "estimatedDelivery"] as const;

function parseList(params: URLSearchParams): ListState {
  const query = orderListQuerySchema.parse(Object.fromEntries(params));
  return { q: query.q, status: query.status, page: query.page };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = orderListQuerySchema.parse(Object.fromEntries(params));
  const page = listAdminOrders(db, query);
  const viewId = idParam(params.get("view"));
  const viewing = viewId ? getAdminOrder(db, viewId) : null;
  return json({
    list: { q: query.q, status: query.status, page: page.page } satisfies ListState,
    orders: page.items.map(adminOrderSummaryJson),
    total: page.total,
    pageCount: page.pageCount,
    viewing: viewing ? adminOrderJson(viewing) : null,
    viewMissing: params.has("view") && !viewing,
    pendingApprovals: countPendingApprovalOrders(db),
    idempotencyKey: issueIdempotencyKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const key = idempotencyKeyFrom(formData);
  const back = safeReturnHref(PATH, formData.get("returnTo"), parseList);
  const orderId = idParam(String(formData.get("id") ?? ""));
  /** The list with the order's detail open again, so the admin sees what changed. */
  const backToOrder = (id: number) => {
    const url = new URL(back, "http://localhost");
    url.searchParams.set("view", String(id));
    return `${url.pathname}${url.search}`;
  };

  if (intent === "bulk-status") {
    const parsed = bulkStatusSchema.safeParse({
      ids: formData.getAll("ids"),
      status: formData.get("status") || undefined,
    });
    if (!parsed.success) return redirectWithToast(request, back, errorToast(parsed.error.issues[0].message));
    const result = bulkUpdateStatus(db, admin, parsed.data.ids, parsed.data.status, key);
    if (!result.ok) return redirectWithToast(request, back, errorToast(result.message));
    const { updated, status } = result.value;
    return redirectWithToast(request, back, {
      title: "Batch Update Complete",
      description:
        updated === 0
          ? `The selected orders were already ${statusLabel(status)}.`
          : `${updated} ${updated === 1 ? "order" : "orders"} marked as ${statusLabel(status)}.`,
    });
  }

  if (orderId === null) return redirectWithToast(request, back, errorToast(ORDER_NOT_FOUND_MESSAGE));

  if (intent === "status") {
    const parsed = orderStatusSchema.safeParse({ status: formData.get("status") });
    if (!parsed.success) {
      return redirectWithToast(request, backToOrder(orderId), errorToast(parsed.error.issues[0].message));
    }
    const result = updateOrderStatus(db, admin, orderId, parsed.data.status, key);
    if (!result.ok) return redirectWithToast(request, backToOrder(orderId), errorToast(result.message));
    const { orderNumber, previousStatus, status } = result.value;
    return redirectWithToast(request, backToOrder(orderId), {
      title: "Status updated",
      description:
        previousStatus === status
          ? `${orderNumber} was already ${statusLabel(status)}.`
          : `${orderNumber} is now ${statusLabel(status)}.`,
    });
  }

  if (intent === "tracking") {
    const submission = parseWithZod(formData, { schema: trackingFormSchema });
    if (submission.status !== "success") return invalidReply("tracking", submission);
    const result = updateTracking(db, admin, orderId, submission.value, key);
    if (!result.ok) return failureReply("tracking", submission, result, TRACKING_FIELDS);
    return redirectWithToast(request, backToOrder(orderId), {
      title: "Tracking updated",
      description: `Tracking details for ${result.value.orderNumber} have been saved.`,
    });
  }

  return redirectWithToast(request, back, errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type OrderDetail = NonNullable<LoaderData["viewing"]>;

export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listLink = listHref(PATH, list);
  const hidden = { returnTo: listLink, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Orders"
        description="Every order: search, check the details, move orders on and add tracking."
        actions={
          <Link
            to="/admin/order-approvals"
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Order Approvals
            <Badge tone={data.pendingApprovals > 0 ? "warning" : "neutral"}>
              <span aria-label={`${data.pendingApprovals} awaiting approval`}>{data.pendingApprovals}</span>
            </Badge>
          </Link>
        }
      />

      {actionData?.toast ? (
        <div className="mb-4">
          <ToastNotice key={actionData.attempt} toast={actionData.toast} />
        </div>
      ) : null}

      {data.viewMissing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {ORDER_NOT_FOUND_MESSAGE}.{" "}
          <Link to={listLink} className="font-medium underline">
            Back to the list
          </Link>
        </p>
      ) : null}

      <AdminDialog
        open={Boolean(data.viewing)}
        size="lg"
        title={data.viewing ? `Order ${data.viewing.orderNumber}` : "Order"}
        description={data.viewing ? `Placed ${formatOrderDate(data.viewing.createdAt)}` : undefined}
        closeHref={listLink}
      >
        {data.viewing ? (
          <OrderDetailView
            key={data.viewing.id}
            order={data.viewing}
            hidden={hidden}
            closeHref={listLink}
            trackingResult={actionData?.intent === "tracking" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <Panel>
        <OrderFilters list={list} />
        <OrderTable data={data} hidden={hidden} />
        <AdminPagination
          page={list.page ?? 1}
          pageCount={data.pageCount}
          total={data.total}
          noun={["order", "orders"]}
          hrefFor={(page) => listHref(PATH, { ...list, page })}
        />
      </Panel>
    </div>
  );
}

function OrderFilters({ list }: { list: ListState }) {
  return (
    <AdminListFilters
      search={{ id: "orders-q", label: "Search orders", placeholder: "Order number, customer email or name", value: list.q ?? "" }}
      filters={[
        { id: "orders-status", name: "status", label: "Status", value: list.status ?? "", allLabel: "All statuses",
          options: ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })) },
      ]}
      clearHref={PATH}
    />
  );
}

/** The table inside the bulk form: the ticked rows' `ids` go with the toolbar's status. */
function OrderTable({ data, hidden }: { data: LoaderData; hidden: Record<string, string> }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-status";
  const { list } = data;
  const [notice, setNotice] = useState<{ toast: Toast; attempt: number } | null>(null);

  function toggleAll(checked: boolean) {
    formRef.current
      ?.querySelectorAll<HTMLInputElement>('input[name="ids"]')
      .forEach((box) => (box.checked = checked));
  }

  return (
    <Form method="post" ref={formRef} preventScrollReset aria-label="Bulk status update">
      <input type="hidden" name="intent" value="bulk-status" />
      <HiddenFields values={hidden} />
      <div className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center">
        <span className="text-sm text-slate-700">Tick orders, then</span>
        <label htmlFor="bulk-status" className="sr-only">
          Bulk action
        </label>
        <select id="bulk-status" name="status" defaultValue="" className={`${inputClass} sm:w-56`}>
          <option value="" disabled>
            Choose an action
          </option>
          {BULK_STATUS_OPTIONS.map((status) => (
            <option key={status} value={status}>
              Mark as {statusLabel(status)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" disabled={applying}>
          {applying ? "Applying..." : "Apply"}
        </Button>
        <div className="flex gap-2 sm:ml-auto">
          <DownloadButton
            formRef={formRef}
            label="Export CSV"
            pendingLabel="Exporting..."
            pagePath="/admin/orders/export.csv"
            apiPath="/api/admin/orders/export"
            done={(count) => ({ title: EXPORT_COMPLETE, description: `${count} ${count === 1 ? "order" : "orders"} exported.` })}
            onNotice={setNotice}
          />
          <DownloadButton
            formRef={formRef}
            label="Picking List"
            pendingLabel="Exporting..."
            pagePath="/admin/orders/picking-list.csv"
            apiPath="/api/admin/orders/picking-list"
            done={(count) => ({
              title: PICKING_LIST_EXPORTED,
              description: `Picking list for ${count} ${count === 1 ? "order" : "orders"} downloaded.`,
            })}
            onNotice={setNotice}
          />
        </div>
      </div>
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
            <th scope="col" className={thClass}>Order</th>
            <th scope="col" className={thClass}>Customer</th>
            <th scope="col" className={thClass}>Date</th>
            <th scope="col" className={thClass}>Status</th>
            <th scope="col" className={`${thClass} text-right`}>Total</th>
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
                  />
                </td>
                <td className={`${tdClass} whitespace-nowrap font-medium text-slate-900`}>{order.orderNumber}</td>
                <td className={`${tdClass} break-all`}>
                  {order.customerEmail}
                  {order.shippingName ? <div className="text-xs text-slate-500">{order.shippingName}</div> : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDate(order.createdAt)}</td>
                <td className={tdClass}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(order.total)}</td>
                <td className={`${tdClass} text-right`}>
                  <Link
                    to={listHref(PATH, list, { view: String(order.id) })}
                    preventScrollReset
                    aria-label={`View ${order.orderNumber}`}
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

/**
 * Export CSV and Picking List. Without JavaScript the button submits the ticked boxes as a GET to the
 * screen's CSV route (the browser downloads the file). With JavaScript it fetches the API's CSV, saves it
 * and says so with the spec's notice, or shows the server's reason.
 */
function DownloadButton({
  formRef,
  label,
  pendingLabel,
  pagePath,
  apiPath,
  done,
  onNotice,
}: {
  formRef: RefObject<HTMLFormElement>;
  label: string;
  pendingLabel: string;
  pagePath: string;
  apiPath: string;
  done: (count: number) => Toast;
  onNotice: (notice: { toast: Toast; attempt: number }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const notify = (toast: Toast) => onNotice({ toast, attempt: Date.now() });

  async function download(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const ids = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]:checked') ?? [])].map(
      (box) => box.value,
    );
    if (ids.length === 0) return notify({ title: "Error", description: BULK_NO_ORDERS_MESSAGE, variant: "destructive" });
    setBusy(true);
    try {
      const response = await fetch(`${apiPath}?ids=${ids.join(",")}`, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        return notify({ title: "Error", description: body?.message ?? `${label} failed`, variant: "destructive" });
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "export.csv";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify(done(Number(response.headers.get("X-Export-Count") ?? ids.length)));
    } catch {
      notify({ title: "Error", description: `${label} failed. Check your connection and try again.`, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="submit" variant="secondary" formMethod="get" formAction={pagePath} onClick={download} disabled={busy}>
      {busy ? pendingLabel : label}
    </Button>
  );
}

function OrderDetailView({
  order,
  hidden,
  closeHref,
  trackingResult,
}: {
  order: OrderDetail;
  hidden: Record<string, string>;
  closeHref: string;
  trackingResult?: SubmissionResult<string[]>;
}) {
  const customerName = order.customer
    ? [order.customer.firstName, order.customer.lastName].filter(Boolean).join(" ")
    : "";
  return (
    <div className="space-y-6 text-sm" data-testid="order-detail">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        {order.invoice ? (
          <span className="text-slate-600">
            Invoice {order.invoice.invoiceNumber}
            {order.invoice.status === "void" ? " (void)" : ""}
          </span>
        ) : (
          <span className="text-slate-600">No invoice yet</span>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="order-customer">
          <h3 id="order-customer" className="font-semibold text-slate-900">
            Customer
          </h3>
          {order.customer ? (
            <dl className="mt-1 space-y-0.5 text-slate-700">
              {customerName ? <dd>{customerName}</dd> : null}
              {order.customer.businessName ? <dd>{order.customer.businessName}</dd> : null}
              <dd className="break-all">{order.customer.email}</dd>
              {order.customer.phone ? <dd>{order.customer.phone}</dd> : null}
            </dl>
          ) : (
            <p className="mt-1 text-slate-600">No account (walk-in sale)</p>
          )}
        </section>
        <section aria-labelledby="order-shipping">
          <h3 id="order-shipping" className="font-semibold text-slate-900">
            Shipping address
          </h3>
          <address className="mt-1 not-italic text-slate-700">
            {order.shippingName}
            <br />
            {order.shippingAddress}
            <br />
            {order.shippingCity}
            <br />
            {order.shippingPostcode}
            <br />
            <span className="break-all">{order.shippingEmail}</span>
          </address>
        </section>
      </div>

      <section aria-labelledby="order-items">
        <h3 id="order-items" className="font-semibold text-slate-900">
          Items
        </h3>
        <DataTable caption={`Items of ${order.orderNumber}`} minWidth="32rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Product</th>
              <th scope="col" className={`${thClass} text-right`}>Qty</th>
              <th scope="col" className={`${thClass} text-right`}>Unit price</th>
              <th scope="col" className={`${thClass} text-right`}>VAT</th>
              <th scope="col" className={`${thClass} text-right`}>Total</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => {
              const options = Object.entries(item.selectedVariants ?? {});
              return (
                <tr key={item.id} data-testid="order-item">
                  <td className={tdClass}>
                    {item.productName}
                    {options.length > 0 ? (
                      <div className="text-xs text-slate-500">
                        {options.map(([name, value]) => `${name}: ${value}`).join(", ")}
                      </div>
                    ) : null}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{item.quantity}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(item.unitPrice)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalPercent(item.vatRate)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(item.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
        <dl className="ml-auto mt-3 max-w-xs space-y-1" data-testid="order-totals">
          {order.discountAmount !== "0.00" ? (
            <div className="flex justify-between text-emerald-800">
              <dt>Voucher discount</dt>
              <dd className="tabular-nums">−{formatDecimalMoney(order.discountAmount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Subtotal{order.discountAmount !== "0.00" ? " (after discount)" : ""}</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.subtotal)}</dd>
          </div>
          {order.freeShipping ? (
            <div className="flex justify-between text-emerald-800">
              <dt>Shipping</dt>
              <dd>Free (voucher)</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>VAT</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.vatAmount)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.total)}</dd>
          </div>
        </dl>
      </section>

      <StatusForm order={order} hidden={hidden} />
      <TrackingForm order={order} hidden={hidden} lastResult={trackingResult} />

      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Close
        </Link>
      </div>
    </div>
  );
}

function StatusForm({ order, hidden }: { order: OrderDetail; hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "status";
  if (order.status === "cancelled") {
    return (
      <section aria-labelledby="order-status-heading" className="rounded-md border border-slate-200 p-3">
        <h3 id="order-status-heading" className="font-semibold text-slate-900">
          Status
        </h3>
        <p className="mt-1 text-slate-600">
          A cancelled order cannot be reopened: its stock was returned and its invoice voided.
        </p>
      </section>
    );
  }
  const current = (ADMIN_STATUS_OPTIONS as readonly string[]).includes(order.status) ? order.status : "";
  return (
    <Form method="post" preventScrollReset className="rounded-md border border-slate-200 p-3" aria-labelledby="order-status-heading">
      <h3 id="order-status-heading" className="font-semibold text-slate-900">
        Status
      </h3>
      {order.status === "pending_approval" ? (
        <p className="mt-1 text-slate-600">
          This order is awaiting approval. Approve or reject it on{" "}
          <Link to="/admin/order-approvals" className="font-medium text-brand-700 underline">
            Order Approvals
          </Link>
          ; moving it on here approves it (its invoice is issued and its points credited).
        </p>
      ) : null}
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={order.id} />
      <HiddenFields values={hidden} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`status-${order.id}`} className="block text-sm font-medium text-slate-800">
            Order status
          </label>
          <select id={`status-${order.id}`} name="status" defaultValue={current} className={inputClass}>
            {current === "" ? (
              <option value="" disabled>
                Choose a status
              </option>
            ) : null}
            {ADMIN_STATUS_OPTIONS.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? "Updating..." : "Update Status"}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Cancelling returns the stock, voids the invoice and reverses the loyalty points; it cannot be undone.
      </p>
    </Form>
  );
}

function TrackingForm({
  order,
  hidden,
  lastResult,
}: {
  order: OrderDetail;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `tracking-form-${order.id}`,
    schema: trackingFormSchema,
    intent: "tracking",
    lastResult,
    defaultValue: {
      trackingNumber: order.trackingNumber ?? "",
      carrier: order.carrier ?? "",
      trackingUrl: order.trackingUrl ?? "",
      estimatedDelivery: order.estimatedDelivery ?? "",
    },
  });
  const link = safeTrackingUrl(order.trackingUrl);
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      className="space-y-3 rounded-md border border-slate-200 p-3"
      aria-labelledby="order-tracking-heading"
    >
      <h3 id="order-tracking-heading" className="font-semibold text-slate-900">
        Tracking
      </h3>
      {order.trackingNumber || order.estimatedDelivery ? (
        <p className="text-slate-600">
          {order.carrier ? `${order.carrier}: ` : ""}
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {order.trackingNumber || "Track parcel"}
            </a>
          ) : (
            order.trackingNumber
          )}
          {order.estimatedDelivery ? ` · estimated delivery ${formatCalendarDate(order.estimatedDelivery)}` : ""}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="tracking" />
      <input type="hidden" name="id" value={order.id} />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Tracking number"
          errors={fields.trackingNumber.errors}
          inputProps={getInputProps(fields.trackingNumber, { type: "text" })}
        />
        <Field label="Carrier" errors={fields.carrier.errors} inputProps={getInputProps(fields.carrier, { type: "text" })} />
        <div className="sm:col-span-2">
          <Field
            label="Tracking URL"
            hint="A web address starting with http:// or https://"
            errors={fields.trackingUrl.errors}
            inputProps={getInputProps(fields.trackingUrl, { type: "url" })}
          />
        </div>
        <Field
          label="Estimated delivery"
          errors={fields.estimatedDelivery.errors}
          inputProps={getInputProps(fields.estimatedDelivery, { type: "date" })}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Update Tracking"}
        </Button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
