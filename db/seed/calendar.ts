import type { Random } from "./random";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
const MINUTE = 60_000;

const ukDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The UK calendar day of an instant, as YYYY-MM-DD. */
export function ukDate(ms: number): string {
  return ukDay.format(ms);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Midday UTC of a calendar day: safely inside that UK day whatever the season. */
function middayOf(isoDate: string): number {
  return Date.parse(`${isoDate}T12:00:00Z`);
}

/** First day of the month `offset` months from the month of `isoDate`. */
export function firstOfMonth(isoDate: string, offset: number) {
  const [y, m] = isoDate.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * An instant `daysAgo` days before `now`, during the working day (08:00–17:59 UTC, inside the same UK
 * day), never in the future.
 */
export function workingInstant(now: number, daysAgo: number, random: Random): number {
  const midnight = Math.floor(now / DAY) * DAY;
  const at = midnight - daysAgo * DAY + random.int(8, 17) * HOUR + random.int(0, 59) * MINUTE;
  return at < now - 5 * MINUTE ? at : now - random.int(5, 90) * MINUTE;
}

/** When something dated `isoDate` was recorded: midday of that day, and never later than an hour ago. */
export function recordedOn(now: number, isoDate: string): number {
  return Math.min(now - HOUR, middayOf(isoDate));
}

/** amount × numerator / denominator in whole pence, rounded down */
export function share(amount: number, numerator: number, denominator: number) {
  return Math.floor((amount * numerator) / denominator);
}
