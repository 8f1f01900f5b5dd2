import { json, type ActionFunctionArgs } from "@remix-run/node";
import { sendDueReminders } from "~/domain/credit/reminders.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/admin/credit-reminders/send: sends today's reminders now (whether or not the timer is on); each level
 * goes once per invoice, so a repeat sends nothing. 200 {sent, skipped} (skipped: nobody at the company to send
 * to). 401; 403 for anyone but accounts and full admins.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const staff = await requireApiStaff(request, "credit");
  return json(await sendDueReminders(getDb(), { actorId: staff.id }));
});

export const loader = () => methodNotAllowed(["POST"]);
