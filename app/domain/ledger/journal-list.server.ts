/**
 * Reading journals: a page of them newest first (filtered by dates, an account they touch and what posted
 * them), or one with its reversal and what it reverses; each with its lines and its document's address.
 */
import type { JournalSource, LedgerAccountType } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { pageOfCounted, type ListCount, type Page } from "~/domain/shared/record-store.server";
import { debitCredit } from "./journal";
import { documentHrefs } from "./journal-documents.server";
import { journalNumber, reversalRefusal } from "./journal-rules";
import type { JournalListQuery } from "./ledger.schema";

export const JOURNALS_PAGE_SIZE = 25;
export const JOURNAL_NOT_FOUND = "Journal not found";

type JournalRow = {
  id: number;
  date: string;
  description: string;
  sourceType: JournalSource;
  sourceId: number | null;
  reversesId: number | null;
  createdBy: string | null;
  createdAt: number;
};

export type JournalLineView = { code: string; name: string; type: LedgerAccountType; amount: number };

export type JournalView = JournalRow & {
  reversedById: number | null;
  documentHref: string;
  lines: JournalLineView[];
};

const JOURNAL_COLUMNS = `j.id, j.date, j.description, j.source_type as sourceType, j.source_id as sourceId,
  j.reverses_id as reversesId, j.created_by as createdBy, j.created_at as createdAt`;

/** Lines, reversals and document addresses for a set of journals, read in a few queries for the whole set. */
function withDetails(db: DB, rows: JournalRow[]): JournalView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const marks = ids.map(() => "?").join(",");
  const lines = db.$client
    .prepare(
      `select jl.journal_id as journalId, la.code, la.name, la.type, jl.amount from journal_lines jl
       join ledger_accounts la on la.id = jl.ledger_account_id where jl.journal_id in (${marks}) order by jl.journal_id, jl.id`,
    )
    .all(...ids) as (JournalLineView & { journalId: number })[];
  const reversals = db.$client
    .prepare(`select id, reverses_id as reversesId from journals where reverses_id in (${marks})`)
    .all(...ids) as { id: number; reversesId: number }[];
  const reversedBy = new Map(reversals.map((row) => [row.reversesId, row.id]));
  const hrefs = documentHrefs(db, rows);
  return rows.map((row) => ({
    ...row,
    reversedById: reversedBy.get(row.id) ?? null,
    documentHref: hrefs.get(row.id)!,
    lines: lines.filter((line) => line.journalId === row.id).map(({ code, name, type, amount }) => ({ code, name, type, amount })),
  }));
}

/** A page of journals, newest first (by date, then the order they were posted). */
export function listJournals(db: DB, query: JournalListQuery, pageSize = JOURNALS_PAGE_SIZE, counting: ListCount = "exact"): Page<JournalView> {
  const conditions: [sql: string, value: string][] = [];
  if (query.from) conditions.push(["j.date >= ?", query.from]);
  if (query.to) conditions.push(["j.date <= ?", query.to]);
  if (query.type) conditions.push(["j.source_type = ?", query.type]);
  if (query.account) {
    conditions.push([
      "exists (select 1 from journal_lines jl join ledger_accounts la on la.id = jl.ledger_account_id where jl.journal_id = j.id and la.code = ?)",
      query.account,
    ]);
  }
  const where = conditions.map(([condition]) => condition);
  const args = conditions.map(([, value]) => value);
  const filter = where.length ? `where ${where.join(" and ")}` : "";
  // a filter's matches are counted only as far as the screen needs (see pageOfCounted); all journals are
  // counted by migration 0036's triggers (count(*) reads every one)
  const countUpTo = (limit: number) =>
    filter
      ? (db.$client.prepare(`select count(*) as n from (select 1 from journals j ${filter} limit ?)`).get(...args, limit) as { n: number }).n
      : (db.$client.prepare("select row_count as n from table_row_counts where table_name = 'journals'").get() as { n: number }).n;
  return pageOfCounted(
    countUpTo,
    query.page,
    pageSize,
    (limit, offset) =>
      withDetails(
        db,
        db.$client
          .prepare(`select ${JOURNAL_COLUMNS} from journals j ${filter} order by j.date desc, j.id desc limit ? offset ?`)
          .all(...args, limit, offset) as JournalRow[],
      ),
    filter ? counting : "exact",
  );
}

/** One journal with its lines, or null. */
export function getJournal(db: DB, id: number): JournalView | null {
  const row = db.$client.prepare(`select ${JOURNAL_COLUMNS} from journals j where j.id = ?`).get(id) as JournalRow | undefined;
  return row ? withDetails(db, [row])[0]! : null;
}

/**
 * The JSON of a journal: number "JNL-000123", each line with its debit and credit ("12.50", one of them
 * "0.00"), the document's address, the reversal links, and whether it may be reversed by hand.
 */
export function journalJson(journal: JournalView) {
  const refusal = reversalRefusal(journal);
  const lines = journal.lines.map((line) => {
    const side = debitCredit(line.amount);
    return { code: line.code, name: line.name, debit: toDecimalString(side.debit), credit: toDecimalString(side.credit) };
  });
  const total = journal.lines.reduce((sum, line) => sum + Math.max(line.amount, 0), 0);
  return {
    id: journal.id,
    number: journalNumber(journal.id),
    date: journal.date,
    description: journal.description,
    sourceType: journal.sourceType,
    sourceId: journal.sourceId,
    documentHref: journal.documentHref,
    reversesId: journal.reversesId,
    reversedById: journal.reversedById,
    reversible: refusal === null,
    whyNotReversible: refusal,
    createdBy: journal.createdBy,
    createdAt: new Date(journal.createdAt).toISOString(),
    total: toDecimalString(total),
    lines,
  };
}
export type JournalJson = ReturnType<typeof journalJson>;
