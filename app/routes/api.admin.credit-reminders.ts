import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { dueReminderJson } from "~/domain/credit/reminders-json";
import { reminderSettingsSchema } from "~/domain/credit/reminders.schema";
import { dueReminders, reminderSettings, saveReminderSettings } from "~/domain/credit/reminders.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * GET /api/admin/credit-reminders: {enabled, levels: [{days, wording}], due: [...]} — the settings and the dry
 *   run, each reminder that would go today ({invoiceId, invoiceNumber, companyName, dueDate, outstanding, level,
 *   levelLabel, to}).
 * PUT {enabled, levels}: saves them; `enabled` lets the housekeeping timer send. 200 with the settings; 400
 *   {message, field}. 401; 403 for anyone but accounts and full admins.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "credit");
  const db = getDb();
  return json({ ...reminderSettings(db), due: dueReminders(db, ukToday()).map(dueReminderJson) });
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const staff = await requireApiStaff(request, "credit");
  const input = await parseJsonBody(request, reminderSettingsSchema);
  const result = saveReminderSettings(getDb(), staff, input);
  return result.ok ? json(result.value) : failureResponse(result);
});
