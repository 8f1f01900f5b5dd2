/** The analytics screen's calendar: the last 12 months in UK time, each with the instants it starts and ends. */

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function londonYearMonth(date: Date) {
  const parts = Object.fromEntries(londonParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) - 1 };
}

/** The instant a calendar month starts in the UK (midnight London time on the 1st). */
export function londonMonthStart(year: number, month: number): Date {
  const utcMidnight = new Date(Date.UTC(year, month, 1));
  const hour = Number(
    Object.fromEntries(londonParts.formatToParts(utcMidnight).map((part) => [part.type, part.value])).hour,
  );
  // at 00:00 UTC on the 1st London is on GMT (00) or BST (01); the clocks never change on the 1st
  return new Date(utcMidnight.getTime() - hour * 60 * 60 * 1000);
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
