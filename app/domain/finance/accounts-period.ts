/**
 * The reporting period of the Accounts screen and GET /api/admin/accounts, as GET parameters:
 * `period` = this-month (the default), last-month, this-year or custom with `from` and `to` (YYYY-MM-DD,
 * both days included). Periods are UK calendar days, the same days invoices are dated by. Browser-safe.
 */
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";

export const PERIODS = ["this-month", "last-month", "this-year", "custom"] as const;
export type PeriodKey = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodKey = "this-month";

export const PERIOD_LABELS: Record<PeriodKey, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
  custom: "Custom range",
};

export type Period = { key: PeriodKey; from: string; to: string };

export const PERIOD_INVALID = `Period must be one of ${PERIODS.join(", ")}`;
export const FROM_INVALID = "Enter the from date as YYYY-MM-DD";
export const TO_INVALID = "Enter the to date as YYYY-MM-DD";
export const RANGE_BACKWARDS = "The from date must be on or before the to date";

export type PeriodQuery = { period?: string | null; from?: string | null; to?: string | null };
export type PeriodProblem = { message: string; field: "period" | "from" | "to" };

function isCalendarDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The first and last day of the month `offset` months from the one `today` is in ("2026-02-14", 0 → 01 to 28 Feb). */
function monthBounds(today: string, offset: number) {
  const [year, month] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The period a query names, relative to `today` (a UK calendar day): a preset, or a custom range. Dates
 * without a period mean custom. A bad period name, a date that is not a real day or a range that runs
 * backwards is a problem, with the parameter it concerns.
 */
export function resolvePeriod(query: PeriodQuery, today: string): { ok: true; period: Period } | ({ ok: false } & PeriodProblem) {
  const from = query.from?.trim() || "";
  const to = query.to?.trim() || "";
  const name = query.period?.trim() || (from || to ? "custom" : DEFAULT_PERIOD);
  const key = PERIODS.find((option) => option === name);
  if (!key) return { ok: false, message: PERIOD_INVALID, field: "period" };
  if (key === "this-month") return { ok: true, period: { key, ...monthBounds(today, 0) } };
  if (key === "last-month") return { ok: true, period: { key, ...monthBounds(today, -1) } };
  if (key === "this-year") return { ok: true, period: { key, from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` } };
  if (!isCalendarDay(from)) return { ok: false, message: FROM_INVALID, field: "from" };
  if (!isCalendarDay(to)) return { ok: false, message: TO_INVALID, field: "to" };
  if (from > to) return { ok: false, message: RANGE_BACKWARDS, field: "from" };
  return { ok: true, period: { key, from, to } };
}

/** The day the balance sheet is drawn up at: the period's last day, or today while the period is running. */
export function balanceSheetDay(period: Period, today: string) {
  return period.to < today ? period.to : today;
}

/** "This month · 01 Nov 2026 to 30 Nov 2026" */
export function describePeriod(period: Period) {
  return `${PERIOD_LABELS[period.key]} · ${formatInvoiceDate(period.from)} to ${formatInvoiceDate(period.to)}`;
}

/** The period as GET parameters (nothing for the default, so the plain address means this month). */
export function periodParams(period: Period): Record<string, string> {
  if (period.key === "custom") return { period: "custom", from: period.from, to: period.to };
  return period.key === DEFAULT_PERIOD ? {} : { period: period.key };
}
