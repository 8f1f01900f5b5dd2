/**
 * Bank holidays in England and Wales, 2025 to 2028, as calendar dates: the days no order is dispatched or
 * delivered. Source: the gov.uk list of UK bank holidays (https://www.gov.uk/bank-holidays, division
 * "england-and-wales"), substitute days included where a holiday falls on a weekend. Years gov.uk had not
 * yet published when this list was made follow the standing rules (Easter, first and last Mondays of May,
 * last Monday of August, Christmas and Boxing Day with their substitutes); a one-off holiday announced later
 * (a coronation, a jubilee) must be added here. Browser-safe data, no logic.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly { date: string; title: string }[] = [
  { date: "2025-01-01", title: "New Year’s Day" },
  { date: "2025-04-18", title: "Good Friday" },
  { date: "2025-04-21", title: "Easter Monday" },
  { date: "2025-05-05", title: "Early May bank holiday" },
  { date: "2025-05-26", title: "Spring bank holiday" },
  { date: "2025-08-25", title: "Summer bank holiday" },
  { date: "2025-12-25", title: "Christmas Day" },
  { date: "2025-12-26", title: "Boxing Day" },

  { date: "2026-01-01", title: "New Year’s Day" },
  { date: "2026-04-03", title: "Good Friday" },
  { date: "2026-04-06", title: "Easter Monday" },
  { date: "2026-05-04", title: "Early May bank holiday" },
  { date: "2026-05-25", title: "Spring bank holiday" },
  { date: "2026-08-31", title: "Summer bank holiday" },
  { date: "2026-12-25", title: "Christmas Day" },
  { date: "2026-12-28", title: "Boxing Day (substitute day)" },

  { date: "2027-01-01", title: "New Year’s Day" },
  { date: "2027-03-26", title: "Good Friday" },
  { date: "2027-03-29", title: "Easter Monday" },
  { date: "2027-05-03", title: "Early May bank holiday" },
  { date: "2027-05-31", title: "Spring bank holiday" },
  { date: "2027-08-30", title: "Summer bank holiday" },
  { date: "2027-12-27", title: "Christmas Day (substitute day)" },
  { date: "2027-12-28", title: "Boxing Day (substitute day)" },

  { date: "2028-01-03", title: "New Year’s Day (substitute day)" },
  { date: "2028-04-14", title: "Good Friday" },
  { date: "2028-04-17", title: "Easter Monday" },
  { date: "2028-05-01", title: "Early May bank holiday" },
  { date: "2028-05-29", title: "Spring bank holiday" },
  { date: "2028-08-28", title: "Summer bank holiday" },
  { date: "2028-12-25", title: "Christmas Day" },
  { date: "2028-12-26", title: "Boxing Day" },
];

/** The first and last years the list covers. */
export const BANK_HOLIDAY_YEARS = { first: 2025, last: 2028 } as const;
