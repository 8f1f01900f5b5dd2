/**
 * The journals an admin posts by hand: a manual journal (opening balances, capital, corrections), capital
 * introduced into a money account, and the reversal of a hand-posted journal. Each is one audited write,
 * once per idempotency key; a refusal writes nothing.
 */
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { ukToday } from "~/domain/invoices/invoices.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { CODES } from "./chart";
import { credit, debit } from "./journal";
import { getJournal, JOURNAL_NOT_FOUND } from "./journal-list.server";
import { journalNumber, reversalRefusal } from "./journal-rules";
import type { CapitalIntroducedInput, ManualJournalInput } from "./ledger.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { postJournal, reverseJournal } from "./post.server";

type Actor = { id: string };
export type PostedJournalRef = { journalId: number; number: string };

export const NOTHING_TO_POST = "These lines cancel each other out: there is nothing to post";
export const NOT_A_MONEY_ACCOUNT = "Choose one of the money accounts (a bank, cash, card or gateway account)";
export const noSuchAccountMessage = (code: string) => `There is no account with code ${code}`;

const storeSuccess = (result: Result<unknown>) => result.ok;

function posted(tx: DB, actor: Actor, journal: { id: number } | null, details: Record<string, unknown>): Result<PostedJournalRef> {
  if (!journal) return fail(400, NOTHING_TO_POST, "lines");
  recordAudit(tx, { actorId: actor.id, action: "journal.posted", entityType: "journal", entityId: journal.id, details });
  return ok({ journalId: journal.id, number: journalNumber(journal.id) });
}

function knownCodes(tx: DB, codes: string[]): Set<string> {
  const unique = [...new Set(codes)];
  const rows = tx.$client
    .prepare(`select code from ledger_accounts where code in (${unique.map(() => "?").join(",")})`)
    .all(...unique) as { code: string }[];
  return new Set(rows.map((row) => row.code));
}

/**
 * Posts a manual journal as typed: every account must exist (400 on the row's account, `lines.2.account` as
 * zod names a row's field), and lines to one account are merged (when they cancel out entirely, 400 and
 * nothing is written).
 */
export function postManualJournal(db: DB, actor: Actor, input: ManualJournalInput, key: string | null = null): Result<PostedJournalRef> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.ledgerJournalPost, key, command: input },
    (tx): Result<PostedJournalRef> => {
      const known = knownCodes(tx, input.lines.map((line) => line.code));
      const unknown = input.lines.find((line) => !known.has(line.code));
      if (unknown) return fail(400, noSuchAccountMessage(unknown.code), `lines.${unknown.row}.account`);
      const journal = postJournal(tx, {
        date: input.date,
        description: input.narration,
        source: input.kind,
        createdBy: actor.id,
        lines: input.lines.map(({ code, amount }) => ({ code, amount })),
      });
      return posted(tx, actor, journal, { kind: input.kind, date: input.date, lines: input.lines.map(({ code, amount }) => ({ code, amount })) });
    },
    storeSuccess,
  ).result;
}

/** The money accounts capital can be paid into: the ledger accounts of the financial accounts kept. */
export function moneyAccountOptions(db: DB): { code: string; name: string }[] {
  return db.$client
    .prepare("select code, name from ledger_accounts where financial_account_id is not null order by code")
    .all() as { code: string; name: string }[];
}

/** Capital paid into a money account: Dr the money account, Cr 3000 Capital, as a `capital` journal. */
export function postCapitalIntroduced(db: DB, actor: Actor, input: CapitalIntroducedInput, key: string | null = null): Result<PostedJournalRef> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.ledgerCapitalPost, key, command: input },
    (tx): Result<PostedJournalRef> => {
      const into = moneyAccountOptions(tx).find((account) => account.code === input.account);
      if (!into) return fail(400, NOT_A_MONEY_ACCOUNT, "account");
      const journal = postJournal(tx, {
        date: input.date,
        description: input.note ? `Capital introduced: ${input.note}` : `Capital introduced into ${into.name}`,
        source: "capital",
        createdBy: actor.id,
        lines: [debit(into.code, input.amount), credit(CODES.capital, input.amount)],
      });
      return posted(tx, actor, journal, { kind: "capital", date: input.date, account: into.code, amount: input.amount });
    },
    storeSuccess,
  ).result;
}

function isReversedTwice(error: unknown) {
  return error instanceof Error && error.message.includes("UNIQUE constraint failed: journals.reverses_id");
}

/**
 * Reverses a hand-posted journal (manual, capital, opening balance) on `today`: 404 unknown; 409 when it
 * has been reversed already, is itself a reversal, or belongs to a document (see journal-rules.ts).
 */
export function reverseJournalByHand(
  db: DB,
  actor: Actor,
  journalId: number,
  key: string | null = null,
  { today = ukToday() }: { today?: string } = {},
): Result<PostedJournalRef> {
  const run = () =>
    runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.ledgerJournalReverse, journalId), key, command: { journalId } },
      (tx): Result<PostedJournalRef> => {
        const journal = getJournal(tx, journalId);
        if (!journal) return fail(404, JOURNAL_NOT_FOUND);
        const refusal = reversalRefusal(journal);
        if (refusal) return fail(409, refusal);
        const reversal = reverseJournal(tx, journal.id, {
          date: today,
          description: `Reversal of ${journalNumber(journal.id)}: ${journal.description}`,
          createdBy: actor.id,
        });
        if (!reversal) return fail(409, `${journalNumber(journal.id)} has no lines to reverse`);
        recordAudit(tx, { actorId: actor.id, action: "journal.reversed", entityType: "journal", entityId: journal.id, details: { reversalId: reversal.id, date: today } });
        return ok({ journalId: reversal.id, number: journalNumber(reversal.id) });
      },
      storeSuccess,
    ).result;
  try {
    return run();
  } catch (error) {
    // another admin reversed it between the check and the write: answer as the check would now
    if (isReversedTwice(error)) return run();
    throw error;
  }
}
