/** The analytics screen's calendar: the last 12 months in UK time, each with the instants it starts and ends. */

import { ukClock, ukDayStartMs } from "~/utils/uk-time";

function londonYearMonth(date: Date) {
  const clock = ukClock(date);
  return { year: clock.year, month: clock.month - 1 };
}

/** The instant a calendar month starts in the UK (midnight London time on the 1st; month from 0). */
export function londonMonthStart(year: number, month: number): Date {
  return new Date(ukDayStartMs(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10)));
}

const ANALYTICS_MONTHS = 12;

/** The last 12 calendar months (UK time) up to and including this one, oldest first. */
export function analyticsMonths(now = new Date()) {
  const { year, month } = londonYearMonth(now);
  return Array.from({ length: ANALYTICS_MONTHS }, (_, index) => {
    const offset = index - (ANALYTICS_MONTHS - 1);
    const first = new Date(Date.UTC(year, month + offset, 1));
    const y = first.getUTCFullYear();
    const m = first.getUTCMonth();
    return {
      month: `${y}-${String(m + 1).padStart(2, "0")}`,
      start: londonMonthStart(y, m),
      end: londonMonthStart(m === 11 ? y + 1 : y, (m + 1) % 12),
    };
  });
}
