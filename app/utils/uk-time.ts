/**
 * The UK clock, in one place (browser-safe). The business runs on London time: an invoice is dated, a VAT
 * period starts, a cut-off passes and a reward expires by the UK calendar, with summer time, whatever the
 * server's own time zone. Calendar days are ISO "YYYY-MM-DD" text.
 */

const UK = "Europe/London";

const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export type UkClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** What a clock on a wall in the UK showed at an instant (month 1–12). */
export function ukClock(instant: Date | number): UkClock {
  const parts = Object.fromEntries(clockFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** An instant as a UK wall clock shows it, "2026-11-27 14:05:30" (as an owner would type a moment). */
export function ukWallClock(instant: Date | number): string {
  const { year, month, day, hour, minute, second } = ukClock(instant);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: UK, year: "numeric", month: "2-digit", day: "2-digit" });

/** The UK calendar day an instant falls on, "2026-11-28". */
export function ukDay(instant: Date | number = new Date()): string {
  return dayFormat.format(instant);
}

/** The UK calendar day and minute of the day of an instant, summer time included. */
export function ukDayAndMinute(instant: Date | number): { date: string; minute: number } {
  const clock = ukClock(instant);
  return { date: ukDay(instant), minute: clock.hour * 60 + clock.minute };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-01-05" → [2025, 0, 5] (month from 0), or null when it is not a real calendar day. */
export function calendarDayParts(text: string): [number, number, number] | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** A calendar day plus some days: "2026-01-31" + 30 → "2026-03-02". */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The instant (ms) a UK calendar day starts: midnight in London, 23:00 UTC the day before in summer. The
 * clocks change at 01:00 UTC, never at midnight, so the day's start is one of those two.
 */
export function ukDayStartMs(isoDay: string): number {
  const utcMidnight = Date.parse(`${isoDay}T00:00:00Z`);
  return ukDay(utcMidnight - 3_600_000) === isoDay ? utcMidnight - 3_600_000 : utcMidnight;
}

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: UK });

/** An instant as the UK day it fell on: "05 Jan 2025". */
export function formatUkDate(instant: Date | number | string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : shortDate.format(date);
}

const shortDateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: UK,
});

/** An instant in UK time: "05 Jan 2025, 14:30". */
export function formatUkDateTime(instant: Date | number | string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : shortDateTime.format(date);
}
