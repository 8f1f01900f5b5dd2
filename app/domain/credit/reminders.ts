/**
 * Payment reminders: levels the wholesaler sets (days from an invoice's due date, negative before it, each with
 * its own wording), and which level an invoice is due for today. Pure and browser-safe.
 *
 * An invoice gets the highest level whose day has come, once: a level already sent, or a higher one, means
 * nothing is due. So an invoice found 50 days late the first time reminders run gets the 45-day reminder only,
 * not every earlier one at once.
 */
import { addDays } from "~/utils/uk-time";

export type ReminderLevel = { days: number; wording: string };

export const DEFAULT_REMINDER_LEVELS: ReminderLevel[] = [
  { days: -3, wording: "A friendly reminder that this invoice falls due in three days. If you have already paid, thank you." },
  { days: 7, wording: "This invoice is now a week overdue. Please arrange payment, or tell us if there is a problem with it." },
  { days: 21, wording: "This invoice is three weeks overdue. Please pay it now, or call us to agree when it will be paid." },
  { days: 45, wording: "This invoice is well overdue. Unless we hear from you, your account may be put on hold until it is paid." },
];

/** "3 days before the due date", "On the due date", "7 days overdue". */
export function reminderLevelLabel(days: number): string {
  if (days < 0) return `${-days} ${days === -1 ? "day" : "days"} before the due date`;
  if (days === 0) return "On the due date";
  return `${days} ${days === 1 ? "day" : "days"} overdue`;
}

/** The level an invoice due on `dueDate` should be sent today, or null; `sent` are the levels it already had. */
export function reminderLevelDue(levels: readonly ReminderLevel[], dueDate: string, sent: readonly number[], today: string): ReminderLevel | null {
  const reached = levels.filter((level) => addDays(dueDate, level.days) <= today).sort((a, b) => b.days - a.days);
  const highest = reached[0];
  if (!highest) return null;
  if (sent.some((days) => days >= highest.days)) return null;
  return highest;
}
