import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import { HiddenFields, IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { approvalDecisionSchema, approvalListQuerySchema, NO_PENDING_ORDERS } from "~/domain/orders/order-approvals.schema";
import { approveOrder, listPendingApprovalOrders, pendingApprovalJson, rejectOrder } from "~/domain/orders/order-approvals.server";
import { getAdminOrder, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Order Approvals") }];

const PATH = "/admin/order-approvals";

function pageHref(page: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "orders");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const { page } = approvalListQuerySchema.parse(Object.fromEntries(params));
  const result = listPendingApprovalOrders(db, { page });
  const rejectId = idParam(params.get("reject"));
  const rejecting = rejectId ? getAdminOrder(db, rejectId) : null;
  return json({
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    orders: result.items.map(pendingApprovalJson),
    rejecting:
      rejecting && rejecting.status === "pending_approval"
        ? { id: rejecting.id, orderNumber: rejecting.orderNumber, shippingName: rejecting.shippingName }
        : null,
    idempotencyKey: issueIdempotencyKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "orders");
  const db = getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "approve" && intent !== "reject") {
    return redirectWithToast(request, PATH, failureToast("Error", "Unknown action"));
  }
  const submission = parseWithZod(formData, { schema: approvalDecisionSchema });
  const key = idempotencyKeyFrom(formData);

  if (intent === "approve") {
    const result = submission.status === "success" ? await approveOrder(db, admin, submission.value.id, key) : null;
    if (!result?.ok) {
      return redirectWithToast(request, PATH, failureToast("Failed to approve order", result?.message ?? ORDER_NOT_FOUND_MESSAGE));
    }
    return redirectWithToast(request, PATH, {
      title: "Order approved",
      description: `${result.value.orderNumber} is now processing; invoice ${result.value.invoiceNumber} has been issued.`,
    });
  }
  const result = submission.status === "success" ? await rejectOrder(db, admin, submission.value.id, key) : null;
  if (!result?.ok) {
    return redirectWithToast(request, PATH, failureToast("Failed to reject order", result?.message ?? ORDER_NOT_FOUND_MESSAGE));
  }
  return redirectWithToast(request, PATH, {
    title: "Order rejected",
    description: `${result.value.orderNumber} has been cancelled and its stock returned.`,
  });
}

export default function AdminOrderApprovals() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const listLink = pageHref(data.page);
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const approvingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "approve"
      ? navigation.formData.get("id")
      : null;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Order Approvals"
        description="Orders from customers whose orders need approval. Approving issues the invoice and credits the points; rejecting cancels the order and returns its stock."
        actions={
          <Link
            to="/admin/orders?status=pending_approval"
            className="inline-flex items-center whitespace-nowrap rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            All Orders
          </Link>
        }
      />

      {data.rejecting ? (
        <ConfirmStep
          open
          title="Reject Order"
          message={
            <p>
              Are you sure you want to reject order <strong>{data.rejecting.orderNumber}</strong> from{" "}
              {data.rejecting.shippingName}? The order will be cancelled and its stock returned.
            </p>
          }
          confirmLabel="Reject"
          pendingLabel="Rejecting..."
          intent="reject"
          id={data.rejecting.id}
          cancelHref={listLink}
          hidden={hidden}
        />
      ) : null}

      <Panel>
        <DataTable caption="Orders awaiting approval" minWidth="58rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Order</th>
              <th scope="col" className={thClass}>Customer</th>
              <th scope="col" className={thClass}>Address</th>
              <th scope="col" className={thClass}>City</th>
              <th scope="col" className={thClass}>Postcode</th>
              <th scope="col" className={`${thClass} text-right`}>Total</th>
              <th scope="col" className={thClass}>Date</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.orders.length === 0 ? (
              <EmptyRow colSpan={8}>{NO_PENDING_ORDERS}</EmptyRow>
            ) : (
              data.orders.map((order) => (
                <tr key={order.id} data-testid="approval-row" className="hover:bg-slate-50">
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <Link
                      to={`/admin/orders?view=${order.id}`}
                      className="font-medium text-brand-700 hover:underline"
                      aria-label={`View order ${order.orderNumber}`}
                    >
                      {order.orderNumber}
                    </Link>
                  </td>
                  <td className={tdClass}>
                    <div className="font-medium text-slate-900">{order.shippingName}</div>
                    <Identifier value={order.shippingEmail} className="text-xs text-slate-600" />
                  </td>
                  <td className={tdClass}>{order.shippingAddress}</td>
                  <td className={tdClass}>{order.shippingCity}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{order.shippingPostcode}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(order.total)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDate(order.createdAt)}</td>
                  <td className={`${tdClass} text-right`}>
                    <div className="flex flex-col items-stretch justify-end gap-2 2xl:flex-row">
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="id" value={order.id} />
                        <HiddenFields values={hidden} />
                        <Button
                          type="submit"
                          className="w-full px-3 py-1.5"
                          disabled={approvingId === String(order.id)}
                          aria-label={`Approve order ${order.orderNumber}`}
                        >
                          {approvingId === String(order.id) ? "Approving..." : "Approve"}
                        </Button>
                      </Form>
                      <Link
                        to={pageHref(data.page, { reject: String(order.id) })}
                        preventScrollReset
                        aria-label={`Reject order ${order.orderNumber}`}
                        className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
                      >
                        Reject
                      </Link>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["order awaiting approval", "orders awaiting approval"]}
          hrefFor={(page) => pageHref(page)}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
