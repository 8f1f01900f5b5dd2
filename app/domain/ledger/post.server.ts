/**
 * Writing to the ledger. Every money event calls `postJournal` inside its own transaction, so the document
 * and its journal are written together or not at all. Lines name accounts by nominal code; a financial
 * account's ledger account is found by `moneyAccountCode`.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { financialAccounts, journalLines, journals, ledgerAccounts, type JournalSource } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { CODES, MONEY_ACCOUNT_CODES, nextFreeCode, STANDARD_CHART } from "./chart";
import { balancedLines, reversedLines, type Line } from "./journal";

export type JournalInput = {
  date: string;
  description: string;
  source: JournalSource;
  sourceId?: number | null;
  createdBy?: string | null;
  lines: readonly Line[];
};

export type PostedJournal = { id: number; date: string; lines: Line[] };

/**
 * Posts one balanced journal (see balancedLines: it throws on anything else, which rolls the caller's
 * transaction back). A journal whose lines all come to nothing (a £0 invoice) is not written: null.
 */
export function postJournal(tx: DB, input: JournalInput): PostedJournal | null {
  const lines = balancedLines(input.lines);
  if (lines.length === 0) return null;
  return writeJournal(tx, input, input.source, null, lines);
}

/** Writes a journal and its lines (already balanced) in the caller's transaction. */
function writeJournal(
  tx: DB,
  input: Omit<JournalInput, "lines" | "source">,
  source: JournalSource,
  reversesId: number | null,
  lines: Line[],
): PostedJournal {
  const ids = accountIdsByCode(tx, lines.map((line) => line.code));
  const journal = tx
    .insert(journals)
    .values({
      date: input.date,
      description: input.description,
      sourceType: source,
      sourceId: input.sourceId ?? null,
      reversesId,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: journals.id })
    .get();
  tx.insert(journalLines)
    .values(lines.map((line) => ({ journalId: journal.id, ledgerAccountId: ids.get(line.code)!, amount: line.amount, date: input.date })))
    .run();
  return { id: journal.id, date: input.date, lines };
}

/** The lines of a posted journal, by code. */
export function linesOfJournal(tx: DB, journalId: number): Line[] {
  return tx
    .select({ code: ledgerAccounts.code, amount: journalLines.amount })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(eq(journalLines.journalId, journalId))
    .orderBy(journalLines.id)
    .all();
}

/** The journal a document posted (the first, if it posted several of one kind). */
export function journalOf(tx: DB, source: JournalSource, sourceId: number) {
  return tx
    .select({ id: journals.id, date: journals.date, description: journals.description })
    .from(journals)
    .where(and(eq(journals.sourceType, source), eq(journals.sourceId, sourceId)))
    .orderBy(journals.id)
    .get();
}

/**
 * Posts the reversal of `journalId` on `date`: the same lines with their signs turned, linked to it. A
 * journal is reversed at most once (the unique index refuses a second); null when it has no lines.
 */
export function reverseJournal(
  tx: DB,
  journalId: number,
  input: Omit<JournalInput, "lines" | "source"> & { source?: JournalSource },
): PostedJournal | null {
  const lines = reversedLines(linesOfJournal(tx, journalId));
  if (lines.length === 0) return null;
  return writeJournal(tx, input, input.source ?? "reversal", journalId, lines);
}

function accountIdsByCode(tx: DB, codes: string[]): Map<string, number> {
  const rows = tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...new Set(codes)]))
    .all();
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  for (const code of codes) if (!ids.has(code)) throw new Error(`No ledger account with code ${code}`);
  return ids;
}

/**
 * The nominal code money moves through when a payment names `financialAccountId`; Suspense when it names
 * none, so money never moves with only one side.
 */
export function moneyAccountCode(tx: DB, financialAccountId: number | null | undefined): string {
  if (financialAccountId === null || financialAccountId === undefined) return CODES.suspense;
  const row = tx
    .select({ code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.financialAccountId, financialAccountId))
    .get();
  return row ? row.code : openMoneyAccount(tx, financialAccountId);
}

/**
 * Gives a financial account its ledger account: the first standard account of its type that no financial
 * account holds yet (the first bank account kept becomes 1200, renamed after it), else the next free code
 * after its range's start. Returns the code.
 */
export function openMoneyAccount(tx: DB, financialAccountId: number): string {
  const account = tx
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
    .from(financialAccounts)
    .where(eq(financialAccounts.id, financialAccountId))
    .get();
  if (!account) throw new Error(`No financial account ${financialAccountId}`);
  const range = MONEY_ACCOUNT_CODES[account.type];
  const free = tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, range.start), isNull(ledgerAccounts.financialAccountId)))
    .get();
  if (free && !hasEntries(tx, free.id)) {
    tx.update(ledgerAccounts).set({ financialAccountId: account.id, name: account.name }).where(eq(ledgerAccounts.id, free.id)).run();
    return free.code;
  }
  const taken = new Set(tx.select({ code: ledgerAccounts.code }).from(ledgerAccounts).all().map((row) => row.code));
  const code = nextFreeCode(range.start, taken);
  tx.insert(ledgerAccounts).values({ code, name: account.name, type: range.type, financialAccountId: account.id }).run();
  return code;
}

/**
 * Unlinks a financial account that is going (deleted, or turned into another kind) from its ledger account,
 * which has no entries: a standard account (1200, 1210…) goes back to its standard name for the next one;
 * any other is removed.
 */
export function releaseMoneyAccount(tx: DB, financialAccountId: number) {
  const row = tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, isSystem: ledgerAccounts.isSystem })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.financialAccountId, financialAccountId))
    .get();
  if (!row) return;
  if (hasEntries(tx, row.id)) throw new Error(`Ledger account ${row.code} has entries and stays with its financial account`);
  const standard = STANDARD_CHART.find((entry) => entry.code === row.code);
  if (row.isSystem && standard) {
    tx.update(ledgerAccounts).set({ financialAccountId: null, name: standard.name }).where(eq(ledgerAccounts.id, row.id)).run();
  } else {
    tx.delete(ledgerAccounts).where(eq(ledgerAccounts.id, row.id)).run();
  }
}

export function hasEntries(tx: DB, ledgerAccountId: number): boolean {
  return !!tx.select({ id: journalLines.id }).from(journalLines).where(eq(journalLines.ledgerAccountId, ledgerAccountId)).limit(1).get();
}
