import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { DataTable } from "~/components/admin/data-table";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ReleaseHoldForm } from "~/components/admin/release-hold-form";
import { StaffLink } from "~/components/admin/staff-link";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { holdSettingsSchema, releaseHoldSchema } from "~/domain/credit/credit-holds.schema";
import { creditQueue, releaseCreditHold, saveHoldSettings } from "~/domain/credit/credit-holds.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { statusLabel } from "~/domain/orders/order-status";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney } from "~/utils/money";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Credit Control") }];

const PATH = "/admin/credit-control";
const cell = "px-2 py-1.5";
const head = "px-2 py-1.5 text-left text-xs uppercase tracking-wide text-slate-500";

/** /admin/credit-control (credit area): orders on credit hold to release, accounts over limit or on stop, reminders due today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  return json({ ...creditQueue(getDb()), idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

/** "release-hold" releases one order (note required); "settings" saves how many days overdue holds new orders. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "credit");
  const formData = await request.formData().catch(() => new FormData());
  const db = getDb();
  const intent = formData.get("intent");
  if (intent === "release-hold") {
    const id = Number(formData.get("id"));
    const submission = parseWithZod(formData, { schema: releaseHoldSchema });
    if (submission.status !== "success") return invalidReply(`release-${id}`, submission);
    if (!Number.isInteger(id) || id <= 0) return redirectWithToast(request, PATH, errorToast("Order not found"));
    const result = await releaseCreditHold(db, staff, id, submission.value, idempotencyKeyFrom(formData));
    if (!result.ok) return failureReply(`release-${id}`, submission, result, ["note"]);
    return redirectWithToast(request, PATH, {
      title: "Hold released",
      description: `${result.value.orderNumber} is now ${statusLabel(result.value.status)}${result.value.invoiceNumber ? `; invoice ${result.value.invoiceNumber} issued` : ""}.`,
    });
  }
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: holdSettingsSchema });
    if (submission.status !== "success") return invalidReply("settings", submission);
    const result = saveHoldSettings(db, staff, submission.value);
    if (!result.ok) return failureReply("settings", submission, result, ["overdueDays"]);
    return redirectWithToast(request, PATH, {
      title: "Hold setting saved",
      description: result.value.overdueHolds
        ? `New orders go on hold when an invoice is more than ${result.value.overdueDays} days overdue.`
        : "Overdue invoices hold no orders; orders over the available credit still go on hold.",
    });
  }
  return redirectWithToast(request, PATH, errorToast("Unknown action"));
}

function errorOf(answer: FormActionData | undefined, intent: string, field: string): string | null {
  if (answer?.intent !== intent) return null;
  const error = (answer.result as { error?: Record<string, string[] | null> }).error ?? {};
  return error[field]?.[0] ?? error[""]?.[0] ?? null;
}

export default function CreditControl() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormActionData | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const settingsError = errorOf(answer, "settings", "overdueDays");
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <PageHeader
        title="Credit Control"
        description={`What needs accounts today, ${formatInvoiceDate(data.today)}: orders on credit hold, accounts over their limit or on stop, and the payment reminders due.`}
        actions={
          <span className="flex gap-4 text-sm">
            <Link to="/admin/aged-debtors" className="font-medium text-brand-700 hover:underline">
              Aged Debtors
            </Link>
            <Link to="/admin/credit-reminders" className="font-medium text-brand-700 hover:underline">
              Payment Reminders
            </Link>
          </span>
        }
      />

      <Panel title={`Orders on credit hold (${data.holds.length})`}>
        {data.holds.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">No order is on credit hold.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="held-orders">
            {data.holds.map((order) => (
              <li key={order.id} className="grid gap-3 p-4 text-sm md:grid-cols-[minmax(0,1fr)_20rem]" data-testid="held-order">
                <div>
                  <p className="font-semibold text-slate-900">
                    <StaffLink to={`/admin/orders?view=${order.id}`} className="text-brand-700 hover:underline">
                      {order.orderNumber}
                    </StaffLink>{" "}
                    <span className="font-normal text-slate-600">
                      {formatMoney(order.total)} inc VAT, placed {formatOrderDate(order.createdAt)}
                    </span>
                  </p>
                  <p className="mt-0.5 text-slate-700">
                    {order.companyId !== null ? (
                      <Link to={`/admin/aged-debtors/${order.companyId}`} className="font-medium text-brand-700 hover:underline">
                        {order.companyName}
                      </Link>
                    ) : (
                      "No account"
                    )}
                    {order.placedBy ? <span className="text-slate-500"> · placed by {order.placedBy}</span> : null}
                  </p>
                  <p className="mt-1 text-slate-700">{order.holdReason}</p>
                </div>
                <ReleaseHoldForm orderId={order.id} orderNumber={order.orderNumber} hidden={hidden} error={errorOf(answer, `release-${order.id}`, "note")} />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={`Accounts over their limit or on stop (${data.accounts.length})`}>
        <div className="p-2">
          <DataTable caption="Accounts over their limit or on stop" minWidth="40rem" testId="accounts-to-watch">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>Company</th>
                <th scope="col" className={`${head} text-right`}>Limit (inc VAT)</th>
                <th scope="col" className={`${head} text-right`}>Available (inc VAT)</th>
                <th scope="col" className={`${head} text-right`}>Overdue (inc VAT)</th>
                <th scope="col" className={head}>On stop</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-2 py-4 text-slate-500">No account is over its limit or on stop.</td>
                </tr>
              ) : null}
              {data.accounts.map((account) => (
                <tr key={account.companyId} className="border-b border-slate-100" data-testid="account-to-watch">
                  <td className={cell}>
                    <Link to={`/admin/aged-debtors/${account.companyId}`} className="font-medium text-brand-700 hover:underline">
                      {account.companyName}
                    </Link>
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{account.creditLimit === null ? "No limit" : formatMoney(account.creditLimit)}</td>
                  <td className={`${cell} text-right tabular-nums ${account.availableCredit !== null && account.availableCredit < 0 ? "text-red-700" : ""}`}>
                    {account.availableCredit === null ? "—" : account.availableCredit < 0 ? `${formatMoney(-account.availableCredit)} over` : formatMoney(account.availableCredit)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{formatMoney(account.overdue)}</td>
                  <td className={cell}>
                    {account.onStop ? (
                      <>
                        On stop: {account.stopReason}{" "}
                        <StaffLink to={`/admin/companies/${account.companyId}`} className="text-brand-700 hover:underline">
                          Company
                        </StaffLink>
                      </>
                    ) : (
                      "No"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      </Panel>

      <Panel
        title={`Payment reminders due today (${data.reminders.length})`}
        actions={
          <Link to="/admin/credit-reminders" className="text-sm font-medium text-brand-700 hover:underline">
            Review and send
          </Link>
        }
      >
        <div className="p-2">
          <DataTable caption="Payment reminders due today" minWidth="36rem" testId="reminders-due">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>Invoice</th>
                <th scope="col" className={head}>Company</th>
                <th scope="col" className={head}>Due</th>
                <th scope="col" className={head}>Reminder</th>
                <th scope="col" className={`${head} text-right`}>Outstanding (inc VAT)</th>
              </tr>
            </thead>
            <tbody>
              {data.reminders.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-2 py-4 text-slate-500">No reminder is due today.</td>
                </tr>
              ) : null}
              {data.reminders.map((reminder) => (
                <tr key={reminder.invoiceId} className="border-b border-slate-100">
                  <td className={cell}>
                    <Link to={`/admin/sales-invoices?view=${reminder.invoiceId}`} className="font-medium text-brand-700 hover:underline">
                      {reminder.invoiceNumber}
                    </Link>
                  </td>
                  <td className={cell}>{reminder.companyName}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatInvoiceDate(reminder.dueDate)}</td>
                  <td className={cell}>{reminder.levelLabel}</td>
                  <td className={`${cell} text-right tabular-nums`}>{formatMoney(reminder.outstanding)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      </Panel>

      <Panel title="When orders go on hold">
        <Form method="post" className="space-y-2 p-4 text-sm">
          <input type="hidden" name="intent" value="settings" />
          <p className="text-slate-700">
            An order goes on credit hold when it would take the company over its available credit and, when you turn it on here, when the
            company has an invoice more than the days below overdue.
          </p>
          <label className="flex items-center gap-2 font-medium text-slate-800">
            <input type="checkbox" name="overdueHolds" defaultChecked={data.settings.overdueHolds} className="h-4 w-4" />
            Hold orders of accounts with an overdue invoice
          </label>
          <label htmlFor="hold-overdue-days" className="block font-medium text-slate-800">
            Days overdue
          </label>
          <input
            id="hold-overdue-days"
            name="overdueDays"
            type="number"
            min={0}
            max={365}
            step={1}
            required
            defaultValue={data.settings.overdueDays}
            className={`${inputClass} max-w-[8rem]`}
            aria-invalid={settingsError ? true : undefined}
            aria-describedby={settingsError ? "hold-overdue-days-error" : undefined}
          />
          {settingsError ? (
            <p id="hold-overdue-days-error" className="text-red-700">
              {settingsError}
            </p>
          ) : null}
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </Form>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
