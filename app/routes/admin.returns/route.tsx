import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { StatusFilterLinks } from "~/components/admin/admin-list-filters";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, thClass } from "~/components/admin/data-table";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam, listHref, safeReturnHref, type ListState } from "~/components/admin/form/list-hrefs";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { StatCard } from "~/components/admin/stat-card";
import {
  adminReturnListQuerySchema,
  ADMIN_RETURN_STATUSES,
  completeReturnSchema,
  NO_RETURNS,
  RETURN_COMPLETE_FAILED,
  RETURN_COMPLETED,
  RETURN_COMPLETED_DESCRIPTION,
  RETURN_NOT_FOUND,
  RETURN_STATUS_LABELS,
  RETURN_UPDATE_FAILED,
  RETURN_UPDATED,
  RETURN_UPDATED_DESCRIPTION,
  returnStatusUpdateSchema,
  type AdminReturnStatus,
} from "~/domain/returns/return-processing.schema";
import {
  countReturnsByStatus,
  getAdminReturn,
  listAdminReturns,
  updateReturnStatus,
} from "~/domain/returns/return-processing.server";
import { completeReturn, previewCompletion } from "~/domain/returns/return-completion.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney } from "~/utils/money";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import { CompleteStep } from "./complete-step";
import { ReturnRow } from "./return-row";
import { RETURNS_PATH as PATH } from "./returns-screen";
import { UpdateStatusDialog } from "./update-status-dialog";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Returns") }];

const parseList = (params: URLSearchParams): ListState => adminReturnListQuerySchema.parse(Object.fromEntries(params));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "returns");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = adminReturnListQuerySchema.parse(Object.fromEntries(params));
  const page = listAdminReturns(db, query);

  const updateId = idParam(params.get("update"));
  const completeId = idParam(params.get("complete"));
  const updating = updateId ? getAdminReturn(db, updateId) : null;
  const completing = completeId ? getAdminReturn(db, completeId) : null;
  const plan = completing && completing.status === "approved" ? previewCompletion(db, completing.id) : null;

  return json(
    {
      list: { status: query.status, page: page.page },
      /** the order whose returns are shown (?order=12, from the order view), or null */
      orderFilter: query.order ?? null,
      returns: page.items,
      total: page.total,
      pageCount: page.pageCount,
      counts: countReturnsByStatus(db),
      updating,
      history: updating ? auditHistory(db, "return", updating.id) : [],
      completing,
      completion: plan
        ? {
            refundAmount: formatMoney(plan.refundAmount),
            credit: {
              invoiceNumber: plan.credit.invoiceNumber,
              owed: formatMoney(plan.credit.owed),
              applied: formatMoney(plan.credit.appliedAmount),
              refunded: formatMoney(plan.credit.refundedAmount),
              refundsMoney: plan.credit.refundedAmount > 0,
            },
            accounts: listFinancialAccountOptions(db),
            units: plan.restock.reduce((sum, line) => sum + line.quantity, 0),
            points: plan.points,
          }
        : null,
      missing: (updateId !== null && !updating) || (completeId !== null && !completing),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "returns");
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const back = safeReturnHref(PATH, formData.get("returnTo"), parseList);

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: returnStatusUpdateSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    // the return the dialog is about (the target, not a command field)
    const id = idParam(String(formData.get("id") ?? ""));
    if (id === null) return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, RETURN_NOT_FOUND));
    // the form always sends the notes as they should be: a blank box clears them
    const result = await updateReturnStatus(
      db,
      admin,
      id,
      { ...submission.value, adminNotes: submission.value.adminNotes ?? null },
      key,
    );
    if (!result.ok) {
      if (result.status === 400) {
        return failureReply(
          intent,
          submission,
          result,
          ["status", "adminNotes"],
          failureToast(RETURN_UPDATE_FAILED, result.message),
        );
      }
      return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, result.message));
    }
    return redirectWithToast(request, back, { title: RETURN_UPDATED, description: RETURN_UPDATED_DESCRIPTION });
  }

  if (intent === "complete") {
    const submission = parseWithZod(formData, { schema: completeReturnSchema });
    const result =
      submission.status === "success"
        ? await completeReturn(db, admin, submission.value.id, key, { financialAccountId: submission.value.financialAccountId })
        : null;
    if (!result || !result.ok) {
      return redirectWithToast(
        request,
        back,
        failureToast(RETURN_COMPLETE_FAILED, result?.message ?? RETURN_NOT_FOUND),
      );
    }
    return redirectWithToast(request, back, { title: RETURN_COMPLETED, description: RETURN_COMPLETED_DESCRIPTION });
  }

  return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, "Unknown action"));
}

const FILTERS: { label: string; status?: AdminReturnStatus }[] = [
  { label: "All" },
  ...ADMIN_RETURN_STATUSES.map((status) => ({
    label: status === "requested" ? "Pending" : RETURN_STATUS_LABELS[status],
    status,
  })),
];

/** A stat card's note, left out on a phone where three cards share one row. */
function Note({ children }: { children: string }) {
  return <span className="hidden sm:inline">{children}</span>;
}

export default function AdminReturns() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listPath = listHref(PATH, list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Returns"
        description="Customer return requests: approve or reject them, then complete approved returns."
      />

      <ActionNotice data={actionData} />
      {data.missing ? <MissingNotice>That return no longer exists.</MissingNotice> : null}

      <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard
          label="Pending"
          value={String(data.counts.requested)}
          note={<Note>Requested, awaiting a decision</Note>}
          tone="warning"
        />
        <StatCard label="Approved" value={String(data.counts.approved)} note={<Note>Ready to complete</Note>} />
        <StatCard
          label="Completed"
          value={String(data.counts.completed)}
          note={<Note>Refunded or exchanged</Note>}
          tone="success"
        />
      </dl>
      <UpdateStatusDialog
        item={data.updating}
        history={data.history}
        hidden={hidden}
        listPath={listPath}
        lastResult={actionData?.intent === "update" ? actionData.result : undefined}
      />
      {data.completing ? (
        <CompleteStep item={data.completing} completion={data.completion} hidden={hidden} listPath={listPath} />
      ) : null}

      {data.orderFilter !== null ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="returns-order-filter">
          Showing the returns of{" "}
          <Link to={`/admin/orders?view=${data.orderFilter}`} className="font-medium text-brand-700 hover:underline">
            one order
          </Link>
          .{" "}
          <Link to={PATH} className="font-medium text-brand-700 hover:underline">
            All returns
          </Link>
        </p>
      ) : null}
      <Panel>
        <StatusFilterLinks
          label="Filter returns by status"
          filters={FILTERS}
          current={list.status ?? undefined}
          hrefFor={(status) => listHref(PATH, { status })}
          className="flex flex-wrap gap-2 border-b border-slate-200 p-4"
        />
        <DataTable caption="Returns" minWidth="56rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Return
              </th>
              <th scope="col" className={thClass}>
                Customer
              </th>
              <th scope="col" className={thClass}>
                Items
              </th>
              <th scope="col" className={thClass}>
                Reason and notes
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Refund
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {data.returns.length === 0 ? (
              <EmptyRow colSpan={6}>{NO_RETURNS}</EmptyRow>
            ) : (
              data.returns.map((item) => <ReturnRow key={item.id} item={item} list={list} />)
            )}
          </tbody>
        </DataTable>
        <AdminPagination
          page={list.page ?? 1}
          pageCount={data.pageCount}
          total={data.total}
          noun={["return", "returns"]}
          hrefFor={(page) => listHref(PATH, { ...list, page })}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
