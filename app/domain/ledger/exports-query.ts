/**
 * The GET parameters of the accountant's exports screen and its downloads: a period (`from`, `to`; last
 * month when neither is given), a file format, a Xero part, and the day aged balances are drawn up at
 * (`date`; today when not given). Each reader names what is wrong, for a 400 or the screen's notice.
 * Browser-safe.
 */
import { resolvePeriod } from "~/domain/finance/accounts-period";
import { isCalendarDate } from "~/domain/vat/vat-period";
import { daysBetween, type AgedSide } from "./aged-balances";
import { JOURNAL_FORMATS, type JournalFormat } from "./exports";
import { EXPORTS_PATH } from "./ledger-hrefs";

export type QueryProblem = { ok: false; message: string; field: string };
type Read<T> = ({ ok: true } & T) | QueryProblem;

/** A file covers at most a year: a year end fits, and the file stays a size a spreadsheet opens. */
export const MAX_PERIOD_DAYS = 366;

export const FORMAT_INVALID = `Choose a format: ${JOURNAL_FORMATS.join(", ")}`;
export const PERIOD_TOO_LONG = `A period can cover at most ${MAX_PERIOD_DAYS} days: choose a shorter one`;
export const PART_INVALID = "The part must be a whole number from 1";
export const DATE_INVALID = "Enter the date as YYYY-MM-DD";
export const DATE_IN_FUTURE = "The date cannot be after today";
export const SIDE_INVALID = "Choose debtors or creditors";

const param = (params: URLSearchParams, name: string) => params.get(name)?.trim() ?? "";

/** The period of ?from=&to= (both days included), last month when neither is given. */
export function readExportPeriod(params: URLSearchParams, today: string): Read<{ from: string; to: string }> {
  const from = param(params, "from");
  const to = param(params, "to");
  const resolved = resolvePeriod({ period: from || to ? "custom" : "last-month", from, to }, today);
  if (!resolved.ok) return { ok: false, message: resolved.message, field: resolved.field };
  const { period } = resolved;
  if (daysBetween(period.from, period.to) + 1 > MAX_PERIOD_DAYS) return { ok: false, message: PERIOD_TOO_LONG, field: "from" };
  return { ok: true, from: period.from, to: period.to };
}

export function readJournalFormat(params: URLSearchParams): Read<{ format: JournalFormat }> {
  const format = JOURNAL_FORMATS.find((option) => option === param(params, "format"));
  return format ? { ok: true, format } : { ok: false, message: FORMAT_INVALID, field: "format" };
}

/** ?part= of a split Xero file: 1 when not given. */
export function readPart(params: URLSearchParams): Read<{ part: number }> {
  const text = param(params, "part");
  if (text === "") return { ok: true, part: 1 };
  return /^[1-9]\d{0,5}$/.test(text) ? { ok: true, part: Number(text) } : { ok: false, message: PART_INVALID, field: "part" };
}

/** ?date= the aged balances are drawn up at (the end of that UK day): today when not given, never later. */
export function readAgedDate(params: URLSearchParams, today: string): Read<{ date: string }> {
  const date = param(params, "date") || today;
  if (!isCalendarDate(date)) return { ok: false, message: DATE_INVALID, field: "date" };
  if (date > today) return { ok: false, message: DATE_IN_FUTURE, field: "date" };
  return { ok: true, date };
}

export function readAgedSide(params: URLSearchParams): Read<{ side: AgedSide }> {
  const side = param(params, "side");
  return side === "debtors" || side === "creditors" ? { ok: true, side } : { ok: false, message: SIDE_INVALID, field: "side" };
}

/** The address of a journal file download. */
export function journalFileHref(format: JournalFormat, period: { from: string; to: string }, part?: number) {
  const query = new URLSearchParams({ format, from: period.from, to: period.to });
  if (part && part > 1) query.set("part", String(part));
  return `${EXPORTS_PATH}/journals.csv?${query}`;
}

/** The address of an aged balances download. */
export function agedFileHref(side: AgedSide, date: string) {
  return `${EXPORTS_PATH}/aged.csv?${new URLSearchParams({ side, date })}`;
}
