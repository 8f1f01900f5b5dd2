/**
 * Reading a period's journal lines for the accountant's files, and writing each file. A journal has one
 * date, so a period (both days included) always holds whole journals, and each file's journals balance.
 */
import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import { journalLines, journals, ledgerAccounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { writeCsv } from "~/utils/csv.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  journalFileName,
  journalLineRows,
  LINES_HEADER,
  partOfEachJournal,
  SAGE_HEADER,
  sageRows,
  XERO_HEADER,
  xeroParts,
  xeroRows,
  type ExportLine,
  type JournalFormat,
} from "./exports";
import { readExportPeriod, readJournalFormat, readPart } from "./exports-query";

export type Period = { from: string; to: string };

const inPeriod = (period: Period) => and(gte(journals.date, period.from), lte(journals.date, period.to));

/** Every line of the journals dated in the period, by date, then journal, then line. */
export function journalLinesBetween(db: DB, period: Period): ExportLine[] {
  return db
    .select({
      journalId: journals.id,
      date: journals.date,
      description: journals.description,
      sourceType: journals.sourceType,
      sourceId: journals.sourceId,
      code: ledgerAccounts.code,
      accountName: ledgerAccounts.name,
      amount: journalLines.amount,
    })
    .from(journals)
    .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(inPeriod(period))
    .orderBy(asc(journals.date), asc(journals.id), asc(journalLines.id))
    .all();
}

export type PeriodSummary = { journals: number; lines: number; xeroParts: number };

/** How many journals and lines the period holds, and how many files Xero needs for them. */
export function periodSummary(db: DB, period: Period): PeriodSummary {
  const sizes = db
    .select({ lines: count() })
    .from(journals)
    .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
    .where(inPeriod(period))
    .groupBy(journals.id)
    .orderBy(asc(journals.date), asc(journals.id))
    .all()
    .map((row) => row.lines);
  const parts = partOfEachJournal(sizes);
  return { journals: sizes.length, lines: sizes.reduce((sum, n) => sum + n, 0), xeroParts: parts[parts.length - 1] ?? 1 };
}

export type CsvFile = { csv: string; fileName: string; count: number };

/**
 * The period's journals as one file of `format`. Xero takes a limited number of lines per import, so its
 * file comes in parts: `part` picks one (404 past the last).
 */
export function journalExportFile(db: DB, format: JournalFormat, period: Period, part = 1): Result<CsvFile> {
  const lines = journalLinesBetween(db, period);
  if (format === "xero") {
    const parts = xeroParts(lines);
    if (part > parts.length) {
      return fail(404, `There is no part ${part}: the Xero file for this period has ${parts.length} part${parts.length === 1 ? "" : "s"}`, "part");
    }
    const chosen = parts[part - 1];
    const fileName = journalFileName(format, period.from, period.to, { index: part, count: parts.length });
    return ok({ csv: writeCsv([XERO_HEADER, ...xeroRows(chosen)]), fileName, count: chosen.length });
  }
  const header = format === "sage" ? SAGE_HEADER : LINES_HEADER;
  const rows = format === "sage" ? sageRows(lines) : journalLineRows(lines);
  return ok({ csv: writeCsv([header, ...rows]), fileName: journalFileName(format, period.from, period.to), count: lines.length });
}


/** The download asked for by ?format=&from=&to=&part= (see exports-query), or a 400 naming what is wrong. */
export function journalExportFor(db: DB, params: URLSearchParams, today: string): Result<CsvFile> {
  const format = readJournalFormat(params);
  if (!format.ok) return fail(400, format.message, format.field);
  const period = readExportPeriod(params, today);
  if (!period.ok) return fail(400, period.message, period.field);
  const part = readPart(params);
  if (!part.ok) return fail(400, part.message, part.field);
  return journalExportFile(db, format.format, { from: period.from, to: period.to }, part.part);
}
