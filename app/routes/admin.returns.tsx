import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { StatusFilterLinks } from "~/components/admin/admin-list-filters";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import {
  DialogActions,
  HiddenFields,
  IDEMPOTENCY_INPUT,
  SelectField,
  TextareaField,
} from "~/components/admin/form/form-bits";
import { idParam, listHref, type ListState } from "~/components/admin/form/list-hrefs";
import { StatCard } from "~/components/admin/stat-card";
import { formatDecimalMoney, formatOrderDate } from "~/components/orders/format";
import { FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  adminReturnListQuerySchema,
  ADMIN_RETURN_STATUSES,
  MAX_ADMIN_NOTES,
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
  SETTABLE_RETURN_STATUSES,
  type AdminReturnStatus,
} from "~/domain/returns/return-processing.schema";
import {
  completeReturn,
  countReturnsByStatus,
  getAdminReturn,
  listAdminReturns,
  previewCompletion,
  updateReturnStatus,
} from "~/domain/returns/return-processing.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney } from "~/utils/money";
import type { Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Returns · INFY Admin" }];

const PATH = "/admin/returns";

const parseList = (params: URLSearchParams): ListState => adminReturnListQuerySchema.parse(Object.fromEntries(params));

/** Only the returns list itself may be where a form returns to. */
function returnHref(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value.startsWith(PATH)) return PATH;
  const url = new URL(value, "http://localhost");
  return url.pathname === PATH ? listHref(PATH, parseList(url.searchParams)) : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
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
      returns: page.items,
      total: page.total,
      pageCount: page.pageCount,
      counts: countReturnsByStatus(db),
      updating,
      completing,
      completion: plan
        ? {
            refundAmount: formatMoney(plan.refundAmount),
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
  const admin = await requireAdmin(request);
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const id = idParam(String(formData.get("id") ?? ""));
  const back = returnHref(formData.get("returnTo"));

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: returnStatusUpdateSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    if (id === null) return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, RETURN_NOT_FOUND));
    // the form always sends the notes as they should be: a blank box clears them
    const result = updateReturnStatus(db, admin, id, { ...submission.value, adminNotes: submission.value.adminNotes ?? null }, key);
    if (!result.ok) {
      if (result.status === 400) {
        return failureReply(intent, submission, result, ["status", "adminNotes"], failureToast(RETURN_UPDATE_FAILED, result.message));
      }
      return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, result.message));
    }
    return redirectWithToast(request, back, { title: RETURN_UPDATED, description: RETURN_UPDATED_DESCRIPTION });
  }

  if (intent === "complete") {
    const result = id === null ? null : completeReturn(db, admin, id, key);
    if (!result || !result.ok) {
      return redirectWithToast(request, back, failureToast(RETURN_COMPLETE_FAILED, result?.message ?? RETURN_NOT_FOUND));
    }
    return redirectWithToast(request, back, { title: RETURN_COMPLETED, description: RETURN_COMPLETED_DESCRIPTION });
  }

  return redirectWithToast(request, back, failureToast(RETURN_UPDATE_FAILED, "Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type ReturnRowData = LoaderData["returns"][number];

const STATUS_TONES: Record<AdminReturnStatus, BadgeTone> = {
  requested: "warning",
  approved: "info",
  rejected: "danger",
  completed: "success",
};

const FILTERS: { label: string; status?: AdminReturnStatus }[] = [
  { label: "All" },
  ...ADMIN_RETURN_STATUSES.map((status) => ({ label: status === "requested" ? "Pending" : RETURN_STATUS_LABELS[status], status })),
];

/** A stat card's note, left out on a phone where three cards share one row. */
function Note({ children }: { children: string }) {
  return <span className="hidden sm:inline">{children}</span>;
}

function ReturnStatusBadge({ status }: { status: AdminReturnStatus }) {
  return (
    <span data-status={status}>
      <Badge tone={STATUS_TONES[status]}>{RETURN_STATUS_LABELS[status]}</Badge>
    </span>
  );
}

function ReturnTypeBadge({ type }: { type: "refund" | "exchange" }) {
  return <Badge tone={type === "exchange" ? "info" : "neutral"}>{type === "exchange" ? "Exchange" : "Refund"}</Badge>;
}

function customerName(item: ReturnRowData) {
  if (!item.customer) return "A deleted customer";
  return [item.customer.firstName, item.customer.lastName].filter(Boolean).join(" ") || item.customer.email;
}

export default function AdminReturns() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listPath = listHref(PATH, list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Returns" description="Customer return requests: approve or reject them, then complete approved returns." />

      {actionData?.toast ? (
        <div className="mb-4">
          <ToastNotice key={actionData.attempt} toast={actionData.toast} />
        </div>
      ) : null}
      {data.missing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          That return no longer exists.
        </p>
      ) : null}

      <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label="Pending" value={String(data.counts.requested)} note={<Note>Requested, awaiting a decision</Note>} tone="warning" />
        <StatCard label="Approved" value={String(data.counts.approved)} note={<Note>Ready to complete</Note>} />
        <StatCard label="Completed" value={String(data.counts.completed)} note={<Note>Refunded or exchanged</Note>} tone="success" />
      </dl>

      <AdminDialog
        open={Boolean(data.updating)}
        title="Update Return Status"
        description={data.updating ? `Return #${data.updating.id} · ${data.updating.orderNumber ?? `Order #${data.updating.orderId}`}` : undefined}
        closeHref={listPath}
      >
        {data.updating ? (
          data.updating.status === "completed" || data.updating.status === "rejected" ? (
            <div className="space-y-4 text-sm text-slate-700">
              <p>
                This return is {data.updating.status} and can no longer be changed.
              </p>
              <div className="flex justify-end">
                <Link to={listPath} replace preventScrollReset className="font-medium text-brand-700 hover:underline">
                  Back to returns
                </Link>
              </div>
            </div>
          ) : (
            <UpdateStatusForm
              key={`${data.updating.id}-${data.updating.status}`}
              item={data.updating}
              hidden={hidden}
              cancelHref={listPath}
              lastResult={actionData?.intent === "update" ? actionData.result : undefined}
            />
          )
        ) : null}
      </AdminDialog>

      {data.completing ? (
        data.completing.status === "approved" && data.completion ? (
          <ConfirmStep
            open
            title="Complete Return"
            message={
              <>
                <p>
                  Mark return <strong>#{data.completing.id}</strong> ({data.completing.orderNumber}, {customerName(data.completing)}) as
                  completed?
                </p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  <li>
                    {data.completion.units} {data.completion.units === 1 ? "unit goes" : "units go"} back into stock.
                  </li>
                  <li>
                    {data.completing.returnType === "refund"
                      ? `A refund of ${data.completion.refundAmount} (inc VAT) is recorded.`
                      : "This is an exchange: no refund is recorded."}
                  </li>
                  <li>
                    {data.completion.points > 0
                      ? `${data.completion.points.toLocaleString("en-GB")} loyalty points are taken back from the customer.`
                      : "No loyalty points are taken back."}
                  </li>
                </ul>
                <p className="mt-2">This cannot be undone.</p>
              </>
            }
            confirmLabel="Complete"
            pendingLabel="Completing..."
            intent="complete"
            id={data.completing.id}
            cancelHref={listPath}
            hidden={hidden}
          />
        ) : (
          <AdminDialog open title="Complete Return" closeHref={listPath}>
            <div className="space-y-4 text-sm text-slate-700">
              <p>
                Only approved returns can be completed; return #{data.completing.id} is {data.completing.status}.
              </p>
              <div className="flex justify-end">
                <Link to={listPath} replace preventScrollReset className="font-medium text-brand-700 hover:underline">
                  Back to returns
                </Link>
              </div>
            </div>
          </AdminDialog>
        )
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
              <th scope="col" className={thClass}>Return</th>
              <th scope="col" className={thClass}>Customer</th>
              <th scope="col" className={thClass}>Items</th>
              <th scope="col" className={thClass}>Reason and notes</th>
              <th scope="col" className={`${thClass} text-right`}>Refund</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
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

function ReturnRow({ item, list }: { item: ReturnRowData; list: ListState }) {
  const open = item.status === "requested" || item.status === "approved";
  return (
    <tr data-testid="return-row" data-return-id={item.id} className="hover:bg-slate-50">
      <td className={tdClass}>
        <div className="font-semibold text-slate-900">Return #{item.id}</div>
        <div className="text-xs text-slate-600">Order {item.orderNumber ?? `#${item.orderId}`}</div>
        <div className="text-xs text-slate-500">{formatOrderDate(item.createdAt)}</div>
        <div className="mt-2 flex flex-wrap gap-1">
          <ReturnStatusBadge status={item.status} />
          <ReturnTypeBadge type={item.returnType} />
        </div>
      </td>
      <td className={tdClass}>
        <div className="font-medium text-slate-900">{customerName(item)}</div>
        {item.customer ? <div className="text-xs text-slate-600 [overflow-wrap:anywhere]">{item.customer.email}</div> : null}
      </td>
      <td className={tdClass}>
        <ul className="space-y-1">
          {item.items.map((line) => (
            <li key={line.id} className="flex justify-between gap-3">
              <span>
                {line.productName} <span className="text-slate-500">× {line.quantity}</span>
              </span>
              <span className="tabular-nums text-slate-700" title="Paid for these units, inc VAT">
                {formatDecimalMoney(line.lineValue)}
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td className={`${tdClass} max-w-xs`}>
        <div className="font-medium text-slate-900">{item.reason}</div>
        {item.customerNotes ? (
          <p className="mt-1 whitespace-pre-line text-xs text-slate-600">
            <span className="font-medium text-slate-700">Customer: </span>
            {item.customerNotes}
          </p>
        ) : null}
        {item.adminNotes ? (
          <p className="mt-1 whitespace-pre-line text-xs text-slate-600">
            <span className="font-medium text-slate-700">Admin: </span>
            {item.adminNotes}
          </p>
        ) : null}
      </td>
      <td className={`${tdClass} text-right tabular-nums`}>
        {item.refundAmount === null ? <span className="text-slate-400">-</span> : formatDecimalMoney(item.refundAmount)}
        {item.completedAt ? <div className="text-xs text-slate-500">{formatOrderDate(item.completedAt)}</div> : null}
      </td>
      <td className={`${tdClass} text-right`}>
        {open ? (
          <div className="flex flex-col items-end gap-2 whitespace-nowrap">
            <Link
              to={listHref(PATH, list, { update: String(item.id) })}
              preventScrollReset
              aria-label={`Update status of return #${item.id}`}
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              Update Status
            </Link>
            {item.status === "approved" ? (
              <Link
                to={listHref(PATH, list, { complete: String(item.id) })}
                preventScrollReset
                aria-label={`Complete return #${item.id}`}
                className="inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Complete
              </Link>
            ) : null}
          </div>
        ) : (
          <span className="text-xs text-slate-400">No actions</span>
        )}
      </td>
    </tr>
  );
}

function UpdateStatusForm({
  item,
  hidden,
  cancelHref,
  lastResult,
}: {
  item: ReturnRowData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `return-status-${item.id}`,
    schema: returnStatusUpdateSchema,
    intent: "update",
    lastResult,
    defaultValue: { status: item.status, adminNotes: item.adminNotes ?? "" },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={item.id} />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          {customerName(item)} · {item.reason}
        </p>
        <ul className="mt-1 text-xs text-slate-600">
          {item.items.map((line) => (
            <li key={line.id}>
              {line.productName} × {line.quantity} ({formatDecimalMoney(line.lineValue)})
            </li>
          ))}
        </ul>
      </div>
      <SelectField
        label="Status"
        hint="Completed is set with Complete, once a return is approved."
        errors={fields.status.errors}
        errorId={fields.status.errorId}
        selectProps={getSelectProps(fields.status)}
      >
        {SETTABLE_RETURN_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RETURN_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Admin Notes"
        errors={fields.adminNotes.errors}
        errorId={fields.adminNotes.errorId}
        textareaProps={{ ...getTextareaProps(fields.adminNotes), maxLength: MAX_ADMIN_NOTES, rows: 4 }}
      />
      <DialogActions cancelHref={cancelHref} submitLabel="Update Status" saving={saving} />
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
