/**
 * Labels for a "2025-01" month of the back office's charts: "Jan 2025" on an axis and in a chart's table,
 * "January 2025" in running text. The short names are written out rather than taken from Intl, whose en-GB
 * "Sept" would stand out among the three-letter months.
 */
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const monthLong = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function monthParts(month: string) {
  const [year, m] = month.split("-").map(Number);
  return { year, index: m - 1 };
}

/** "2025-12" → "Dec 2025" */
export function shortMonth(month: string) {
  const { year, index } = monthParts(month);
  return `${SHORT_MONTHS[index]} ${year}`;
}

/** "2025-12" → "December 2025" */
export function longMonth(month: string) {
  const { year, index } = monthParts(month);
  return monthLong.format(new Date(Date.UTC(year, index, 1)));
}
