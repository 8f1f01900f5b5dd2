/** Labels for a "2025-01" month of the back office's charts: "Jan 25" on an axis, "January 2025" in text. */
const monthShort = new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });
const monthLong = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function monthDate(month: string) {
  const [year, m] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m - 1, 1));
}

export function shortMonth(month: string) {
  return monthShort.format(monthDate(month));
}

export function longMonth(month: string) {
  return monthLong.format(monthDate(month));
}
