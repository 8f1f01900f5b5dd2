/**
 * The accountant's files: a period's journal lines as Xero's manual journal import, Sage 50's audit trail
 * transactions import, and a plain list of every line. Each layout follows its publisher's own rules
 * (docs/decisions/0040-accountant-exports.md says where each was published). These build rows; the CSV is
 * written by writeCsv on the server. Money is pence in, pounds with two decimals out. Browser-safe.
 */
import { toDecimalString } from "~/utils/money";

/** A cell as writeCsv takes it. */
export type Cell = string | number | null;

/** One journal line with what the files need of its journal and account. `amount` is signed pence (debit positive). */
export type ExportLine = {
  journalId: number;
  date: string;
  description: string;
  sourceType: string;
  sourceId: number | null;
  code: string;
  accountName: string;
  amount: number;
};

export const JOURNAL_FORMATS = ["xero", "sage", "lines"] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

export const JOURNAL_FORMAT_LABELS: Record<JournalFormat, string> = {
  xero: "Xero manual journals",
  sage: "Sage 50 audit trail transactions",
  lines: "Every journal line",
};

/** "2026-03-05" → "05/03/2026": the day-first date both Xero and Sage 50 read. */
export function slashDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

// ─── Xero ───────────────────────────────────────────────────────────────────

/** Xero's manual journal import template, header as its template file has it (* marks a mandatory column). */
export const XERO_HEADER = [
  "*Narration",
  "*Date",
  "Description",
  "*AccountCode",
  "*TaxRate",
  "*Amount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
] as const;

/**
 * Xero UK's default rate for lines outside VAT. The ledger already carries VAT on its own lines (2200,
 * 2201), so Xero must add none.
 */
export const XERO_NO_VAT = "No VAT";

/** Xero imports at most this many lines from one file. */
export const XERO_MAX_LINES = 300;

/**
 * Xero makes one journal of the rows that share a narration and a date, so the journal's number goes into
 * the narration: two journals of one day with one description (two payments for one invoice) stay apart.
 */
export function xeroNarration(line: Pick<ExportLine, "journalId" | "description">): string {
  return `Journal ${line.journalId}: ${line.description}`;
}

/** A row per line: the amount positive for a debit and negative for a credit, no VAT, no tracking. */
export function xeroRows(lines: readonly ExportLine[]): Cell[][] {
  return lines.map((line) => [
    xeroNarration(line),
    slashDate(line.date),
    line.description,
    line.code,
    XERO_NO_VAT,
    toDecimalString(line.amount),
    "",
    "",
    "",
    "",
  ]);
}

/**
 * Packs journals in order into parts of at most `max` lines, a journal never split across two (one larger
 * than `max` gets a part to itself): each call takes the next journal's size and says which part (1, 2, …)
 * it goes in. One at a time, so a year's journals need not be held to find a part.
 */
export function xeroPartPacker(max = XERO_MAX_LINES): (size: number) => number {
  let part = 1;
  let used = 0;
  return (size) => {
    if (used > 0 && used + size > max) {
      part += 1;
      used = 0;
    }
    used += size;
    return part;
  };
}

// ─── Sage 50 ────────────────────────────────────────────────────────────────

/** Sage 50 Accounts' audit trail transactions import, columns A to J, named as its import template names them. */
export const SAGE_HEADER = [
  "Type",
  "Account Reference",
  "Nominal A/C Ref",
  "Department Code",
  "Date",
  "Reference",
  "Details",
  "Net Amount",
  "Tax Code",
  "Tax Amount",
] as const;

/** Sage's code for a transaction not involving VAT: it stays off the VAT return. */
export const SAGE_NO_VAT = "T9";
const SAGE_REFERENCE_MAX = 30;
const SAGE_DETAILS_MAX = 60;

/** J123: the reference a journal's Sage rows share (Sage keeps 30 characters). */
export function sageReference(journalId: number): string {
  return `J${journalId}`.slice(0, SAGE_REFERENCE_MAX);
}

/**
 * A row per line: JD (journal debit) or JC (journal credit) with the amount as a positive net, no account
 * reference (journals have none), department 0, VAT code T9 and no VAT; details cut to Sage's 60 characters.
 */
export function sageRows(lines: readonly ExportLine[]): Cell[][] {
  return lines.map((line) => [
    line.amount > 0 ? "JD" : "JC",
    "",
    line.code,
    "0",
    slashDate(line.date),
    sageReference(line.journalId),
    line.description.slice(0, SAGE_DETAILS_MAX),
    toDecimalString(Math.abs(line.amount)),
    SAGE_NO_VAT,
    "0.00",
  ]);
}

// ─── Every line ─────────────────────────────────────────────────────────────

export const LINES_HEADER = [
  "Journal ID",
  "Date",
  "Description",
  "Source type",
  "Source ID",
  "Account code",
  "Account name",
  "Debit",
  "Credit",
] as const;

/** A row per line, ISO dates, the amount in the debit or the credit column (the other left empty). */
export function journalLineRows(lines: readonly ExportLine[]): Cell[][] {
  return lines.map((line) => [
    line.journalId,
    line.date,
    line.description,
    line.sourceType,
    line.sourceId,
    line.code,
    line.accountName,
    line.amount > 0 ? toDecimalString(line.amount) : "",
    line.amount < 0 ? toDecimalString(-line.amount) : "",
  ]);
}

/** journals-xero-2026-01-01-to-2026-01-31.csv, with -part-2-of-3 when Xero's file is split. */
export function journalFileName(format: JournalFormat, from: string, to: string, part?: { index: number; count: number }): string {
  const split = part && part.count > 1 ? `-part-${part.index}-of-${part.count}` : "";
  return `journals-${format}-${from}-to-${to}${split}.csv`;
}
