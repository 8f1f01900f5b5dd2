/**
 * Display formats of the order screens (browser-safe): British dates ("05 Jan 2025"), pounds from the
 * JSON's decimal strings, and tracking links that can only ever open a web page.
 */
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { formatUkDate } from "~/utils/uk-time";

const calendarDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** An instant (ISO string) as the UK calendar day it fell on: "05 Jan 2025". */
export function formatOrderDate(iso: string): string {
  return formatUkDate(iso);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date ("2025-01-05") as "05 Jan 2025"; anything else is shown as it was written. */
export function formatCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1) return value;
  return calendarDateFormat.format(date);
}

/** "12.50" → "£12.50" */
export function formatDecimalMoney(decimal: string): string {
  const pence = parseDecimalToHundredths(decimal);
  return pence === null ? decimal : formatMoney(pence);
}

/** "20.00" → "20%", "12.50" → "12.5%" */
export function formatDecimalPercent(decimal: string): string {
  const value = Number(decimal);
  return Number.isFinite(value) ? `${value}%` : decimal;
}

export { safeTrackingUrl } from "~/domain/orders/tracking-link";
