/**
 * Reading a period's journal lines for the accountant's files, and writing each file. A journal has one
 * date, so a period (both days included) always holds whole journals, and each file's journals balance.
 */
import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { journalLines, journals, ledgerAccounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import type { CsvRows, CsvStreamFile } from "~/utils/csv.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  journalFileName,
  journalLineRows,
  LINES_HEADER,
  SAGE_HEADER,
  sageRows,
  XERO_HEADER,
  xeroPartPacker,
  xeroRows,
  type ExportLine,
  type JournalFormat,
} from "./exports";
import { readExportPeriod, readJournalFormat, readPart } from "./exports-query";

export type Period = { from: string; to: string };

const inPeriod = (period: Period) => and(gte(journals.date, period.from), lte(journals.date, period.to));

/** A journal's place in the files' order: by date, then journal. */
type JournalKey = { date: string; journalId: number };

/** Journals a batch of a streamed file reads at a time: a thousand lines or so. */
const JOURNAL_BATCH = 400;

const exportLineColumns = {
  journalId: journals.id,
  date: journals.date,
  description: journals.description,
  sourceType: journals.sourceType,
  sourceId: journals.sourceId,
  code: ledgerAccounts.code,
  accountName: ledgerAccounts.name,
  amount: journalLines.amount,
};

/**
 * The lines of the journals dated in the period from `from` to `to` (journals, both included; the period's
 * ends when not given), by date, then journal, then line, `batchSize` whole journals at a time. Each batch
 * takes the next journals off the journals' (date, id) index, after the last of the batch before, then reads
 * their lines: one query over both tables let SQLite start from the accounts and sort the whole period for
 * every batch (1.7 s a batch in a year of a million lines).
 */
function* journalLineBatches(db: DB, period: Period, batchSize: number, from?: JournalKey, to?: JournalKey): Generator<ExportLine[]> {
  let after = from ? sql`(${journals.date}, ${journals.id}) >= (${from.date}, ${from.journalId})` : undefined;
  const upTo = to ? sql`(${journals.date}, ${journals.id}) <= (${to.date}, ${to.journalId})` : undefined;
  for (;;) {
    const batch = db
      .select({ date: journals.date, journalId: journals.id })
      .from(journals)
      .where(and(inPeriod(period), after, upTo))
      .orderBy(asc(journals.date), asc(journals.id))
      .limit(batchSize)
      .all();
    if (batch.length === 0) return;
    yield db
      .select(exportLineColumns)
      .from(journals)
      .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
      .where(inArray(journals.id, batch.map((journal) => journal.journalId)))
      .orderBy(asc(journals.date), asc(journals.id), asc(journalLines.id))
      .all();
    const last = batch[batch.length - 1];
    after = sql`(${journals.date}, ${journals.id}) > (${last.date}, ${last.journalId})`;
  }
}

/**
 * Each journal dated in the period with its number of lines, by date then journal, one at a time off the
 * statement: a year at ten times the demo's data is a few hundred thousand journals, not worth holding.
 */
function forEachJournalSize(db: DB, period: Period, visit: (journal: JournalKey, lines: number) => void) {
  const { sql: text, params } = db
    .select({ date: journals.date, journalId: journals.id, lines: count() })
    .from(journals)
    .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
    .where(inPeriod(period))
    .groupBy(journals.id)
    .orderBy(asc(journals.date), asc(journals.id))
    .toSQL();
  for (const [date, journalId, lines] of db.$client.prepare(text).raw().iterate(...params) as IterableIterator<[string, number, number]>) {
    visit({ date, journalId }, lines);
  }
}

export type PeriodSummary = { journals: number; lines: number; xeroParts: number };

/** How many journals and lines the period holds, and how many files Xero needs for them. */
export function periodSummary(db: DB, period: Period): PeriodSummary {
  const partOf = xeroPartPacker();
  const summary = { journals: 0, lines: 0, xeroParts: 1 };
  forEachJournalSize(db, period, (_journal, lines) => {
    summary.journals += 1;
    summary.lines += lines;
    summary.xeroParts = partOf(lines);
  });
  return summary;
}

/** Part `part` of the period's Xero file: its first and last journals and its lines; and how many parts there are. */
function xeroPart(db: DB, period: Period, part: number) {
  const partOf = xeroPartPacker();
  let parts = 1;
  let first: JournalKey | undefined;
  let last: JournalKey | undefined;
  let lines = 0;
  forEachJournalSize(db, period, (journal, size) => {
    parts = partOf(size);
    if (parts !== part) return;
    first ??= journal;
    last = journal;
    lines += size;
  });
  return { parts, first, last, lines };
}

/**
 * The period's journals as one file of `format`, to stream a batch at a time. Xero takes a limited number of
 * lines per import, so its file comes in parts: `part` picks one (404 past the last), and only its lines are
 * read.
 */
export function journalExportFile(db: DB, format: JournalFormat, period: Period, part = 1, batchSize = JOURNAL_BATCH): Result<CsvStreamFile> {
  if (format === "xero") {
    const chosen = xeroPart(db, period, part);
    if (part > chosen.parts) {
      return fail(404, `There is no part ${part}: the Xero file for this period has ${chosen.parts} part${chosen.parts === 1 ? "" : "s"}`, "part");
    }
    const fileName = journalFileName(format, period.from, period.to, { index: part, count: chosen.parts });
    // a period with no journals has one part, empty
    const batches = chosen.first ? journalLineBatches(db, period, batchSize, chosen.first, chosen.last) : [].values();
    return ok({ fileName, count: chosen.lines, header: XERO_HEADER, batches: mapBatches(batches, xeroRows) });
  }
  const { lines } = db
    .select({ lines: count() })
    .from(journals)
    .innerJoin(journalLines, eq(journalLines.journalId, journals.id))
    .where(inPeriod(period))
    .get()!;
  return ok({
    fileName: journalFileName(format, period.from, period.to),
    count: lines,
    header: format === "sage" ? SAGE_HEADER : LINES_HEADER,
    batches: mapBatches(journalLineBatches(db, period, batchSize), format === "sage" ? sageRows : journalLineRows),
  });
}

function* mapBatches(batches: Iterator<ExportLine[]>, rows: (lines: ExportLine[]) => CsvRows): Generator<CsvRows> {
  try {
    for (let next = batches.next(); !next.done; next = batches.next()) yield rows(next.value);
  } finally {
    batches.return?.();
  }
}

/** The download asked for by ?format=&from=&to=&part= (see exports-query), or a 400 naming what is wrong. */
export function journalExportFor(db: DB, params: URLSearchParams, today: string): Result<CsvStreamFile> {
  const format = readJournalFormat(params);
  if (!format.ok) return fail(400, format.message, format.field);
  const period = readExportPeriod(params, today);
  if (!period.ok) return fail(400, period.message, period.field);
  const part = readPart(params);
  if (!part.ok) return fail(400, part.message, part.field);
  return journalExportFile(db, format.format, { from: period.from, to: period.to }, part.part);
}
