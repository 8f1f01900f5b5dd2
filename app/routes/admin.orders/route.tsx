import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { formatOrderDate } from "~/components/orders/format";
import { previewCancelOrder } from "~/domain/orders/cancel-preview.server";
import { countPendingApprovalOrders } from "~/domain/orders/order-approvals.server";
import { bulkStatusSchema, orderStatusSchema, trackingFormSchema } from "~/domain/orders/order-fulfilment.schema";
import { bulkUpdateStatus, updateOrderStatus, updateTracking } from "~/domain/orders/order-fulfilment.server";
import { orderListParams, orderListQuerySchema } from "~/domain/orders/order-list.schema";
import {
  adminOrderJson,
  adminOrderSummaryJson,
  getAdminOrder,
  listAdminOrders,
  ORDER_NOT_FOUND_MESSAGE,
} from "~/domain/orders/order-list.server";
import { statusLabel } from "~/domain/orders/order-status";
import { releaseHoldSchema } from "~/domain/credit/credit-holds.schema";
import { releaseCreditHold } from "~/domain/credit/credit-holds.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { requireStaff } from "~/utils/auth.server";
import { staffMay } from "~/domain/users/staff-roles";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { CancelConfirm } from "./cancel-confirm";
import { OrderDetailView } from "./order-detail";
import { OrderTable } from "./order-table";
import { OrderFilters } from "./order-filters";
import { ordersHref, ordersReturnHref } from "./orders-screen";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Orders") }];

const TRACKING_FIELDS = ["trackingNumber", "carrier", "trackingUrl", "estimatedDelivery"] as const;

/** The first message of a failed submission (the status forms answer it as a notice, not on a field). */
function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flatMap((messages) => messages ?? [])[0] ?? "Invalid request";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "fulfilment");
  // cancelling and approval decisions are sales' (and a full admin's); the warehouse moves orders on
  const canDecide = staffMay(staff.staffRole, "orders");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = orderListQuerySchema.parse(Object.fromEntries(params));
  // the screen counts a filter's matches only as far as it shows ("10,000+"); the API counts them all
  const page = listAdminOrders(db, query, undefined, "capped");
  const viewId = idParam(params.get("view"));
  const viewing = viewId ? getAdminOrder(db, viewId) : null;
  const cancelId = idParam(params.get("cancel"));
  return json({
    list: { ...query, page: page.page },
    /** the list's filter as the bulk form carries it for "all matching" */
    filter: orderListParams(query).toString(),
    orders: page.items.map(adminOrderSummaryJson),
    total: page.total,
    /** more match than `total`: the filter's matches were counted only so far */
    more: page.more ?? false,
    pageCount: page.pageCount,
    viewing: viewing ? adminOrderJson(viewing) : null,
    viewMissing: params.has("view") && !viewing,
    history: viewing ? auditHistory(db, "order", viewing.id) : [],
    cancelling: cancelId && canDecide ? previewCancelOrder(db, cancelId) : null,
    canDecide,
    canRelease: staffMay(staff.staffRole, "credit"),
    pendingApprovals: canDecide ? countPendingApprovalOrders(db) : 0,
    idempotencyKey: issueIdempotencyKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "fulfilment");
  const db = getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const key = idempotencyKeyFrom(formData);
  const back = ordersReturnHref(formData.get("returnTo"));
  /** The list with the order's detail (or another page state) open, so the admin sees what changed. */
  const backToOrder = (id: number, state = "view") => {
    const url = new URL(back, "http://localhost");
    url.searchParams.set(state, String(id));
    return `${url.pathname}${url.search}`;
  };

  if (intent === "bulk-status") {
    const submission = parseWithZod(formData, { schema: bulkStatusSchema });
    if (submission.status !== "success")
      return redirectWithToast(request, back, errorToast(firstError(submission.error)));
    const result = await bulkUpdateStatus(db, admin, submission.value.selection, submission.value.status, key);
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

  // the order the detail's forms act on (the target, not a command field)
  const orderId = idParam(String(formData.get("id") ?? ""));
  if (orderId === null) return redirectWithToast(request, back, errorToast(ORDER_NOT_FOUND_MESSAGE));

  if (intent === "status") {
    const submission = parseWithZod(formData, { schema: orderStatusSchema });
    if (submission.status !== "success") {
      return redirectWithToast(request, backToOrder(orderId), errorToast(firstError(submission.error)));
    }
    // cancelling is confirmed first, on a page that says what it will do
    if (submission.value.status === "cancelled" && formData.get("confirmed") !== "1") {
      return redirect(backToOrder(orderId, "cancel"));
    }
    const result = await updateOrderStatus(db, admin, orderId, submission.value.status, key);
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

  if (intent === "release-hold") {
    // accounts' call: the use case refuses other staff (403), so the warehouse never releases a hold
    const submission = parseWithZod(formData, { schema: releaseHoldSchema });
    if (submission.status !== "success") {
      return redirectWithToast(request, backToOrder(orderId), errorToast(firstError(submission.error)));
    }
    const result = await releaseCreditHold(db, admin, orderId, submission.value, key);
    if (!result.ok) return redirectWithToast(request, backToOrder(orderId), errorToast(result.message));
    return redirectWithToast(request, backToOrder(orderId), {
      title: "Hold released",
      description: `${result.value.orderNumber} is now ${statusLabel(result.value.status)}.`,
    });
  }

  if (intent === "tracking") {
    const submission = parseWithZod(formData, { schema: trackingFormSchema });
    if (submission.status !== "success") return invalidReply("tracking", submission);
    const result = await updateTracking(db, admin, orderId, submission.value, key);
    if (!result.ok) return failureReply("tracking", submission, result, TRACKING_FIELDS);
    return redirectWithToast(request, backToOrder(orderId), {
      title: "Tracking updated",
      description: `Tracking details for ${result.value.orderNumber} have been saved.`,
    });
  }

  return redirectWithToast(request, back, errorToast("Unknown action"));
}

export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listLink = ordersHref(list);
  const hidden = { returnTo: listLink, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Orders"
        description="Every order: search, check the details, move orders on and add tracking."
        actions={
          data.canDecide ? (
          <Link
            to="/admin/order-approvals"
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Order Approvals
            <Badge tone={data.pendingApprovals > 0 ? "warning" : "neutral"}>
              <span aria-label={`${data.pendingApprovals} awaiting approval`}>{data.pendingApprovals}</span>
            </Badge>
          </Link>
          ) : undefined
        }
      />

      <ActionNotice data={actionData} />

      {data.viewMissing ? (
        <MissingNotice>
          {ORDER_NOT_FOUND_MESSAGE}.{" "}
          <Link to={listLink} className="font-medium underline">
            Back to the list
          </Link>
        </MissingNotice>
      ) : null}

      {data.cancelling ? (
        <CancelConfirm
          preview={data.cancelling}
          hidden={hidden}
          backHref={ordersHref(list, { view: String(data.cancelling.orderId) })}
        />
      ) : null}

      <AdminDialog
        open={Boolean(data.viewing)}
        size="lg"
        focusFirstField={false}
        title={data.viewing ? `Order ${data.viewing.orderNumber}` : "Order"}
        description={data.viewing ? `Placed ${formatOrderDate(data.viewing.createdAt)}` : undefined}
        closeHref={listLink}
      >
        {data.viewing ? (
          <OrderDetailView
            key={data.viewing.id}
            order={data.viewing}
            history={data.history}
            hidden={hidden}
            canDecide={data.canDecide}
            canRelease={data.canRelease}
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
          more={data.more}
          noun={["order", "orders"]}
          hrefFor={(page) => ordersHref({ ...list, page })}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
