/**
 * Aged debtors and aged creditors: what each customer owed us (each supplier was owed by us) at the end of
 * a UK day, split by how far past its due date each invoice was on that day. Dates are UK calendar days
 * (YYYY-MM-DD) counted as whole days, so a month end or the clocks changing never moves an invoice between
 * buckets. Browser-safe.
 */

export const AGE_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: "Current",
  days1to30: "1–30 days",
  days31to60: "31–60 days",
  days61to90: "61–90 days",
  over90: "Over 90 days",
};

export type AgedSide = "debtors" | "creditors";

/** One invoice with something outstanding at the date, and whose it is. Amounts are pence, VAT included. */
export type OpenItem = {
  partyKey: string;
  partyName: string;
  partyEmail: string | null;
  invoiceId: number;
  invoiceNumber: string;
  /** the invoice's own date (issue date, or a supplier's invoice date) */
  date: string;
  /** null: no due date was given (a supplier's invoice may have none), so it is never past due */
  dueDate: string | null;
  outstanding: number;
};

export type BucketAmounts = Record<AgeBucket, number> & { total: number };

export type AgedInvoice = OpenItem & { bucket: AgeBucket; daysPastDue: number };

export type AgedParty = BucketAmounts & { key: string; name: string; email: string | null; invoices: AgedInvoice[] };

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); read as UTC so no day is 23 or 25 hours. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** How many days past its due date an invoice is at the end of `asAt`: 0 while not yet due (due that day included). */
export function daysPastDue(dueDate: string | null, asAt: string): number {
  if (dueDate === null) return 0;
  return Math.max(0, daysBetween(dueDate, asAt));
}

/** Current while not past due; then 1–30, 31–60, 61–90 and over 90 days past the due date. */
export function bucketOf(daysOverdue: number): AgeBucket {
  if (daysOverdue <= 0) return "current";
  if (daysOverdue <= 30) return "days1to30";
  if (daysOverdue <= 60) return "days31to60";
  if (daysOverdue <= 90) return "days61to90";
  return "over90";
}

export function emptyBuckets(): BucketAmounts {
  return { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
}

function add(into: BucketAmounts, bucket: AgeBucket, amount: number) {
  into[bucket] += amount;
  into.total += amount;
}

/**
 * The open items grouped by party, each invoice in its bucket, parties by name (then key, so two parties of
 * one name keep a stable order), a party's invoices oldest due first. Items with nothing outstanding are left out.
 */
export function ageOpenItems(items: readonly OpenItem[], asAt: string): AgedParty[] {
  const parties = new Map<string, AgedParty>();
  for (const item of items) {
    if (item.outstanding <= 0) continue;
    const overdue = daysPastDue(item.dueDate, asAt);
    const invoice: AgedInvoice = { ...item, bucket: bucketOf(overdue), daysPastDue: overdue };
    let party = parties.get(item.partyKey);
    if (!party) {
      party = { key: item.partyKey, name: item.partyName, email: item.partyEmail, invoices: [], ...emptyBuckets() };
      parties.set(item.partyKey, party);
    }
    party.invoices.push(invoice);
    add(party, invoice.bucket, invoice.outstanding);
  }
  // ISO days compare as plain strings (a locale-aware compare cost a large install's report most of its time)
  const byDue = (a: AgedInvoice, b: AgedInvoice) =>
    compareText(a.dueDate ?? "9999-12-31", b.dueDate ?? "9999-12-31") || compareText(a.date, b.date) || a.invoiceId - b.invoiceId;
  for (const party of parties.values()) party.invoices.sort(byDue);
  return [...parties.values()].sort(byPartyName);
}

/** One collator for every comparison: `localeCompare` with a locale makes one a call (a large report sorts thousands). */
const nameCollator = new Intl.Collator("en-GB", { sensitivity: "base" });

/** Parties by name, ignoring case and accents (then key, so two parties of one name keep a stable order). */
export function byPartyName(a: { name: string; key: string }, b: { name: string; key: string }) {
  return nameCollator.compare(a.name, b.name) || compareText(a.key, b.key);
}

function compareText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The column totals of an aged report. */
export function agedTotals(parties: readonly BucketAmounts[]): BucketAmounts {
  const totals = emptyBuckets();
  for (const party of parties) {
    for (const bucket of AGE_BUCKETS) totals[bucket] += party[bucket];
    totals.total += party.total;
  }
  return totals;
}
