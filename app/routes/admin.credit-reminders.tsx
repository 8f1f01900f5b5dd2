import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { reminderLevelLabel } from "~/domain/credit/reminders";
import { REMINDER_ROWS, reminderSettingsSchema } from "~/domain/credit/reminders.schema";
import { dueReminders, reminderSettings, saveReminderSettings, sendDueReminders } from "~/domain/credit/reminders.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Payment Reminders") }];

const PATH = "/admin/credit-reminders";

/** /admin/credit-reminders: the levels and their wording, whether the timer sends them, and what would go today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  const db = getDb();
  const today = ukToday();
  return json({ settings: reminderSettings(db), due: dueReminders(db, today), today }, { headers: { "Cache-Control": "private, no-store" } });
}

/** "settings" saves the levels (and the timer switch); "send" sends today's reminders now. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "credit");
  const formData = await request.formData().catch(() => new FormData());
  const db = getDb();
  if (formData.get("intent") === "send") {
    const { sent, skipped } = await sendDueReminders(db, { actorId: staff.id });
    return redirectWithToast(request, PATH, {
      title: sent === 1 ? "1 reminder sent" : `${sent} reminders sent`,
      description: skipped > 0 ? `${skipped} could not go: nobody at the company to send to.` : "Each is on its invoice's history.",
    });
  }
  const submission = parseWithZod(formData, { schema: reminderSettingsSchema });
  if (submission.status !== "success") return invalidReply("settings", submission);
  const result = saveReminderSettings(db, staff, submission.value);
  if (!result.ok) return failureReply("settings", submission, result, []);
  return redirectWithToast(request, PATH, {
    title: "Reminder settings saved",
    description: result.value.enabled ? "Reminders go out by themselves each day." : "Reminders go only when you send them from this screen.",
  });
}

export default function CreditReminders() {
  const { settings, due, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = answer?.intent === "settings" ? ((answer.result as { error?: Record<string, string[] | null> }).error ?? {}) : {};
  const rows = Array.from({ length: REMINDER_ROWS }, (_, i) => settings.levels[i] ?? null);
  const sendable = due.filter((reminder) => reminder.to.length > 0).length;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <PageHeader
        title="Payment Reminders"
        description="Reminders of invoices coming due and overdue, each level once per invoice, to the company's admins and approvers with the invoice attached."
        actions={
          <Link to="/admin/aged-debtors" className="text-sm font-medium text-brand-700 hover:underline">
            Aged Debtors
          </Link>
        }
      />

      <Panel
        title={`What would be sent today, ${formatInvoiceDate(today)}`}
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="send" />
            <Button type="submit" disabled={busy("send") || sendable === 0}>
              {busy("send") ? "Sending..." : `Send ${sendable} now`}
            </Button>
          </Form>
        }
      >
        <div className="overflow-x-auto p-2">
          <table className="w-full min-w-[44rem] text-sm" data-testid="due-reminders">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="px-2 py-1.5">Invoice</th>
                <th scope="col" className="px-2 py-1.5">Company</th>
                <th scope="col" className="px-2 py-1.5">Due</th>
                <th scope="col" className="px-2 py-1.5">Reminder</th>
                <th scope="col" className="px-2 py-1.5">To</th>
                <th scope="col" className="px-2 py-1.5 text-right">Outstanding (inc VAT)</th>
              </tr>
            </thead>
            <tbody>
              {due.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-2 py-4 text-slate-500">No reminder is due today.</td>
                </tr>
              ) : null}
              {due.map((reminder) => (
                <tr key={reminder.invoiceId} className="border-b border-slate-100" data-testid="due-reminder">
                  <td className="whitespace-nowrap px-2 py-1.5">
                    <Link to={`/admin/sales-invoices?view=${reminder.invoiceId}`} className="font-medium text-brand-700 hover:underline">
                      {reminder.invoiceNumber}
                    </Link>
                  </td>
                  <td className="px-2 py-1.5">{reminder.companyName}</td>
                  <td className="whitespace-nowrap px-2 py-1.5">{formatInvoiceDate(reminder.dueDate)}</td>
                  <td className="px-2 py-1.5">{reminder.levelLabel}</td>
                  <td className="px-2 py-1.5 text-xs">{reminder.to.length > 0 ? reminder.to.join(", ") : <span className="text-red-700">Nobody to send to</span>}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{formatMoney(reminder.outstanding)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          {settings.enabled
            ? "Reminders are on: the server sends these by itself during the day."
            : "Reminders are off: nothing goes by itself until you turn them on below. Paid invoices, and companies on hold, get none."}
        </p>
      </Panel>

      <Panel title="Levels and wording">
        <Form method="post" className="space-y-4 p-4">
          <input type="hidden" name="intent" value="settings" />
          {errors.levels?.length ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.levels[0]}
            </p>
          ) : null}
          {rows.map((level, i) => {
            const dayErrors = errors[`levels[${i}].days`];
            const wordingErrors = errors[`levels[${i}].wording`];
            return (
              <fieldset key={i} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr]">
                <legend className="px-1 text-xs text-slate-500">{level ? reminderLevelLabel(level.days) : `Level ${i + 1} (blank: not used)`}</legend>
                <div className="space-y-1">
                  <label htmlFor={`level-${i}-days`} className="block text-sm font-medium text-slate-800">
                    Days after due
                  </label>
                  <input
                    id={`level-${i}-days`}
                    name={`levels[${i}].days`}
                    inputMode="numeric"
                    defaultValue={level?.days ?? ""}
                    className={inputClass}
                    aria-invalid={dayErrors?.length ? true : undefined}
                  />
                  {dayErrors?.length ? <p className="text-sm text-red-700">{dayErrors[0]}</p> : <p className="text-xs text-slate-500">-3: three days before.</p>}
                </div>
                <div className="space-y-1">
                  <label htmlFor={`level-${i}-wording`} className="block text-sm font-medium text-slate-800">
                    Wording
                  </label>
                  <textarea
                    id={`level-${i}-wording`}
                    name={`levels[${i}].wording`}
                    rows={2}
                    maxLength={1000}
                    defaultValue={level?.wording ?? ""}
                    className={inputClass}
                    aria-invalid={wordingErrors?.length ? true : undefined}
                  />
                  {wordingErrors?.length ? <p className="text-sm text-red-700">{wordingErrors[0]}</p> : null}
                </div>
              </fieldset>
            );
          })}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="enabled" defaultChecked={settings.enabled} />
            Send reminders by themselves each day
          </label>
          <Button type="submit" disabled={busy("settings")}>
            {busy("settings") ? "Saving..." : "Save reminder settings"}
          </Button>
        </Form>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
