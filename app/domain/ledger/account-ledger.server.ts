/**
 * One account's ledger for a range of days, a page at a time: the balance brought forward at the range's
 * start, the page's entries oldest first with the balance after each, and the closing balance. Balances
 * are in the account's natural sign; see running-balance.ts for how a page knows where it starts.
 */
import type { JournalSource } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { addDaysToDate } from "~/domain/invoices/invoices.server";
import { pageOfRows } from "~/domain/shared/record-store.server";
import { accountBalanceAsAt } from "./balances.server";
import { debitCredit } from "./journal";
import { documentHrefs } from "./journal-documents.server";
import { journalNumber } from "./journal-rules";
import { ledgerAccountJson, type LedgerAccount } from "./ledger-accounts.server";
import { naturalBalance, pageOpening, runningBalances } from "./running-balance";

export const ACCOUNT_LEDGER_PAGE_SIZE = 50;

type Entry = {
  lineId: number;
  date: string;
  amount: number;
  journalId: number;
  description: string;
  sourceType: JournalSource;
  sourceId: number | null;
};

// journal_lines_account_date_idx (account, date, journal, amount) holds every line of an account in this order
const IN_RANGE = "jl.ledger_account_id = ? and jl.date >= ? and jl.date <= ?";
const ORDER = "order by jl.date, jl.journal_id, jl.id";

export function accountLedgerJson(db: DB, account: LedgerAccount, range: { from: string; to: string }, requestedPage: number, pageSize = ACCOUNT_LEDGER_PAGE_SIZE) {
  const args = [account.id, range.from, range.to];
  const broughtForward = accountBalanceAsAt(db, account.id, addDaysToDate(range.from, -1));
  // the range's count and two sides from the day totals (one row a day), not from every line
  const sums = db.$client
    .prepare(
      `select coalesce(sum(line_count), 0) as n, coalesce(sum(debits), 0) as debits, coalesce(sum(credits), 0) as credits
       from ledger_day_totals where ledger_account_id = ? and date >= ? and date <= ?`,
    )
    .get(...args) as { n: number; debits: number; credits: number };

  let opening = broughtForward;
  const page = pageOfRows(sums.n, requestedPage, pageSize, (limit, offset) => {
    const earlier =
      offset === 0
        ? 0
        : (db.$client.prepare(`select coalesce(sum(amount), 0) as total from (select jl.amount from journal_lines jl where ${IN_RANGE} ${ORDER} limit ?)`).get(...args, offset) as { total: number }).total;
    opening = pageOpening(broughtForward, earlier);
    return db.$client
      .prepare(
        `select jl.id as lineId, jl.date, jl.amount, j.id as journalId, j.description, j.source_type as sourceType, j.source_id as sourceId
         from journal_lines jl join journals j on j.id = jl.journal_id where ${IN_RANGE} ${ORDER} limit ? offset ?`,
      )
      .all(...args, limit, offset) as Entry[];
  });

  const balances = runningBalances(opening, page.items.map((entry) => entry.amount));
  const hrefs = documentHrefs(db, page.items.map((entry) => ({ id: entry.journalId, sourceType: entry.sourceType, sourceId: entry.sourceId })));
  const natural = (signed: number) => toDecimalString(naturalBalance(account.type, signed));
  return {
    account: ledgerAccountJson(account),
    from: range.from,
    to: range.to,
    broughtForward: natural(broughtForward),
    pageOpeningBalance: natural(opening),
    entries: page.items.map((entry, index) => {
      const side = debitCredit(entry.amount);
      return {
        lineId: entry.lineId,
        date: entry.date,
        journalId: entry.journalId,
        journalNumber: journalNumber(entry.journalId),
        description: entry.description,
        sourceType: entry.sourceType,
        documentHref: hrefs.get(entry.journalId)!,
        debit: toDecimalString(side.debit),
        credit: toDecimalString(side.credit),
        balance: natural(balances[index]!),
      };
    }),
    totals: { debit: toDecimalString(sums.debits), credit: toDecimalString(sums.credits) },
    closingBalance: natural(broughtForward + sums.debits - sums.credits),
    page: page.page,
    pageSize: page.pageSize,
    pageCount: page.pageCount,
    total: page.total,
  };
}
export type AccountLedgerJson = ReturnType<typeof accountLedgerJson>;
