/** The reminders API's shapes: money as two-decimal strings. Browser-safe. */
import { toDecimalString } from "~/utils/money";
import type { DueReminder } from "./reminders.server";

export function dueReminderJson(reminder: DueReminder) {
  return { ...reminder, outstanding: toDecimalString(reminder.outstanding) };
}
