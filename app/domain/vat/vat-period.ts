/**
 * VAT periods are UK calendar months, named "2026-11". Dates are ISO `YYYY-MM-DD` days in the UK; the instants
 * where a UK day starts are worked out here so that a refund completed at 00:30 BST on 1 November belongs to
 * November, not to October.
 */
import { addDays, ukDay, ukDayStartMs } from "~/utils/uk-time";

export type VatPeriod = {
  /** "2026-11" */
  month: string;
  /** first and last day of the month, "2026-11-01" and "2026-11-30" */
  start: string;
  end: string;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The last day number of a month: 28 to 31. */
function daysIn(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The period of a month "2026-11". Throws on anything else (callers validate first). */
export function periodOfMonth(month: string): VatPeriod {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const year = Number(match[1]);
  const number = Number(match[2]);
  return { month, start: `${month}-01`, end: `${month}-${String(daysIn(year, number)).padStart(2, "0")}` };
}

/** A real calendar date "YYYY-MM-DD" (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** The month a date falls in: "2026-11-14" → "2026-11". */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** A month plus `count` months (negative goes back): "2026-01" − 1 → "2025-12". */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, number - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** "2026-11" → "November 2026" */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

export function monthNameOf(number: number): string {
  return MONTH_NAMES[number - 1];
}

/** "2026-11-07" → "7 November 2026" */
export function longDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

export { addDays };

/**
 * The return and payment deadline of a period: one calendar month and seven days after its end
 * (31 October → 7 December; 30 November → 7 January).
 */
export function filingDeadline(period: VatPeriod): string {
  return addDays(periodOfMonth(addMonths(period.month, 1)).end, 7);
}

/** Why a periodStart/periodEnd pair is not one whole calendar month, or null when it is. */
export function periodProblem(start: string, end: string): { field: "periodStart" | "periodEnd"; message: string } | null {
  if (!isCalendarDate(start)) return { field: "periodStart", message: "Enter the period's first day as YYYY-MM-DD" };
  if (!start.endsWith("-01")) return { field: "periodStart", message: "A VAT period starts on the first day of a month" };
  if (!isCalendarDate(end)) return { field: "periodEnd", message: "Enter the period's last day as YYYY-MM-DD" };
  if (end !== periodOfMonth(monthOfDate(start)).end) {
    return { field: "periodEnd", message: `The period must end on the last day of ${monthLabel(monthOfDate(start))} (${periodOfMonth(monthOfDate(start)).end})` };
  }
  return null;
}

/** The UK calendar day of an instant (ms), "YYYY-MM-DD". */
export const ukDateOf: (ms: number) => string = ukDay;

/** The instant (ms) a UK calendar day starts: midnight in London, which is 23:00 UTC the day before in summer. */
export const ukStartOfDay = ukDayStartMs;

/** The instants [from, to) a period covers in the UK. */
export function periodInstants(period: VatPeriod): { from: number; to: number } {
  return { from: ukStartOfDay(period.start), to: ukStartOfDay(addDays(period.end, 1)) };
}
