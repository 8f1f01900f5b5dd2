/**
 * The business's money accounts (bank, cash, credit cards, payment gateways): listing, adding, editing and
 * deleting them, each change audited in its own transaction and run once per idempotency key. Each is an
 * account of the ledger, and its balance is that account's balance (a credit card's shown as money owed):
 * the opening balance typed when it is added posts against Capital; a new balance typed later posts the
 * difference against Suspense, to be cleared by a journal once someone finds where it came from. An account
 * with entries in the ledger is never deleted, so its history keeps its account.
 */
import { asc, count, eq, isNotNull } from "drizzle-orm";
import { financialAccounts, ledgerAccounts, payments, purchasePayments } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { CODES } from "~/domain/ledger/chart";
import { credit, debit } from "~/domain/ledger/journal";
import { moneyAccountCode, openMoneyAccount, postJournal, releaseMoneyAccount } from "~/domain/ledger/post.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordCommands, type Actor } from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import {
  accountHasEntriesMessage,
  accountInUseMessage,
  accountTypeLockedMessage,
  type AccountType,
  type FinancialAccountInput,
} from "./financial-account.schema";

export const ACCOUNT_NOT_FOUND = "Account not found";

export type FinancialAccountRow = typeof financialAccounts.$inferSelect & {
  paymentCount: number;
  /** lines on its ledger account (opening balance, payments, corrections…) */
  entryCount: number;
  /** its ledger account's nominal code */
  ledgerCode: string | null;
};

/** How many payments (sales and purchase) name an account. */
export function paymentsNaming(db: DB, accountId: number): number {
  const sales = db.select({ n: count() }).from(payments).where(eq(payments.financialAccountId, accountId)).get()?.n ?? 0;
  const purchases =
    db.select({ n: count() }).from(purchasePayments).where(eq(purchasePayments.financialAccountId, accountId)).get()?.n ?? 0;
  return sales + purchases;
}

/** Payments per account, for the whole list at once. */
function paymentCounts(db: DB): Map<number, number> {
  const counts = new Map<number, number>();
  for (const table of [payments, purchasePayments]) {
    const rows = db
      .select({ id: table.financialAccountId, n: count() })
      .from(table)
      .where(isNotNull(table.financialAccountId))
      .groupBy(table.financialAccountId)
      .all();
    for (const row of rows) if (row.id !== null) counts.set(row.id, (counts.get(row.id) ?? 0) + row.n);
  }
  return counts;
}

/** Each financial account's ledger account: code, balance (debit positive) and how many lines it has. */
function ledgerSides(db: DB, id?: number) {
  const rows = db.$client
    .prepare(
      `select la.financial_account_id as id, la.code, coalesce(sum(d.debits - d.credits), 0) as balance, coalesce(sum(d.line_count), 0) as entries
       from ledger_accounts la left join ledger_day_totals d on d.ledger_account_id = la.id
       where la.financial_account_id ${id === undefined ? "is not null" : "= ?"} group by la.id`,
    )
    .all(...(id === undefined ? [] : [id])) as { id: number; code: string; balance: number; entries: number }[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ledger's balance as the account shows it: money held, or for a credit card money owed. */
function withLedger(account: typeof financialAccounts.$inferSelect, paymentCount: number, sides: ReturnType<typeof ledgerSides>): FinancialAccountRow {
  const side = sides.get(account.id);
  const ledgerBalance = side?.balance ?? 0;
  return {
    ...account,
    balance: isCard(account.type) ? -ledgerBalance : ledgerBalance,
    paymentCount,
    entryCount: side?.entries ?? 0,
    ledgerCode: side?.code ?? null,
  };
}

/** Every account by name (a business has a handful, so the list is not paged). */
export function listFinancialAccounts(db: DB): FinancialAccountRow[] {
  const counts = paymentCounts(db);
  const sides = ledgerSides(db);
  return db
    .select()
    .from(financialAccounts)
    .orderBy(asc(financialAccounts.name), asc(financialAccounts.id))
    .all()
    .map((account) => withLedger(account, counts.get(account.id) ?? 0, sides));
}

export function getFinancialAccount(db: DB, id: number): FinancialAccountRow | null {
  const account = db.select().from(financialAccounts).where(eq(financialAccounts.id, id)).get();
  return account ? withLedger(account, paymentsNaming(db, id), ledgerSides(db, id)) : null;
}

export function financialAccountExists(db: DB, id: number): boolean {
  return !!db.select({ id: financialAccounts.id }).from(financialAccounts).where(eq(financialAccounts.id, id)).get();
}

/** The JSON of an account: balance as "1250.00" (signed), instants as ISO strings. */
export function financialAccountJson(account: FinancialAccountRow) {
  return {
    id: account.id,
    ...columnsOf(account),
    balance: toDecimalString(account.balance),
    paymentCount: account.paymentCount,
    entryCount: account.entryCount,
    ledgerCode: account.ledgerCode,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
export type FinancialAccountJson = ReturnType<typeof financialAccountJson>;

function columnsOf(account: FinancialAccountInput | FinancialAccountRow) {
  return {
    name: account.name,
    type: account.type,
    balance: account.balance,
    bankName: account.bankName,
    accountNumber: account.accountNumber,
    sortCode: account.sortCode,
    iban: account.iban,
    swiftCode: account.swiftCode,
    paymentProcessorId: account.paymentProcessorId,
    externalReference: account.externalReference,
    notes: account.notes,
  };
}

/** The audit entry of an edit: only what changed, each as {from, to} (the balance in pence). */
function changedColumns(before: ReturnType<typeof columnsOf>, after: ReturnType<typeof columnsOf>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

const isCard = (type: AccountType) => type === "credit_card";

const accounts = recordCommands({
  entity: "financial_account",
  table: financialAccounts,
  notFound: ACCOUNT_NOT_FOUND,
  get: getFinancialAccount,
  scopes: {
    create: REPEAT_SCOPE.financialAccountCreate,
    update: REPEAT_SCOPE.financialAccountUpdate,
    delete: REPEAT_SCOPE.financialAccountDelete,
  },
  refuseDelete: (account) =>
    account.paymentCount > 0
      ? fail(409, accountInUseMessage(account.paymentCount))
      : account.entryCount > 0
        ? fail(409, accountHasEntriesMessage(account.entryCount))
        : null,
  beforeDelete: (tx, account) => releaseMoneyAccount(tx, account.id),
  onDelete: (account) => ({
    details: { name: account.name, type: account.type, balance: account.balance },
    deleted: { id: account.id, name: account.name },
  }),
});

/** Adds an account, gives it its ledger account, and posts its opening balance against Capital. */
export function createFinancialAccount(
  db: DB,
  actor: Actor,
  input: FinancialAccountInput,
  key: string | null = null,
): Result<FinancialAccountRow> {
  return accounts.create(db, actor, key, input, (tx) => {
    const { balance, ...columns } = columnsOf(input);
    const row = tx.insert(financialAccounts).values(columns).returning({ id: financialAccounts.id }).get();
    const code = openMoneyAccount(tx, row.id);
    postOpeningBalance(tx, { id: row.id, name: input.name, type: input.type, code, balance }, actor.id);
    return ok({ id: row.id, details: { ...columns, balance, ledgerCode: code } });
  });
}

/**
 * Replaces an account's details; a new balance is a correction, audited before → after. An account that
 * payments name cannot switch between a credit card and another type (409): its payments moved the balance
 * the card's way (or the other), and flipping the type would turn that history upside down.
 */
export function updateFinancialAccount(
  db: DB,
  actor: Actor,
  id: number,
  input: FinancialAccountInput,
  key: string | null = null,
): Result<FinancialAccountRow> {
  return accounts.update(db, actor, id, key, input, (tx, existing) => {
    const flipsCard = isCard(existing.type) !== isCard(input.type);
    if (flipsCard && existing.paymentCount > 0) return fail(409, accountTypeLockedMessage(existing.paymentCount), "type");
    if (flipsCard && existing.entryCount > 0) return fail(409, accountHasEntriesMessage(existing.entryCount), "type");
    const { balance, ...after } = columnsOf(input);
    tx.update(financialAccounts)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(financialAccounts.id, id))
      .run();
    if (flipsCard) releaseMoneyAccount(tx, id);
    const code = moneyAccountCode(tx, id);
    tx.update(ledgerAccounts).set({ name: after.name }).where(eq(ledgerAccounts.code, code)).run();
    const changes = changedColumns(columnsOf(existing), { ...after, balance });
    if (balance !== existing.balance) {
      postBalanceCorrection(tx, { id, name: after.name, type: input.type, code, from: existing.balance, to: balance }, actor.id);
    }
    return ok({ name: after.name, changes });
  });
}

/**
 * Its opening balance (money held; for a card, money owed) as a journal against Capital, dated the day it
 * is added. Nothing when it opens at zero.
 */
function postOpeningBalance(tx: DB, account: { id: number; name: string; type: AccountType; code: string; balance: number }, by: string) {
  const held = isCard(account.type) ? -account.balance : account.balance;
  postJournal(tx, {
    date: ukToday(),
    description: `Opening balance of ${account.name}`,
    source: "opening_balance",
    sourceId: account.id,
    createdBy: by,
    lines: [debit(account.code, held), credit(CODES.capital, held)],
  });
}

/**
 * A balance typed over the ledger's: the difference posts against Suspense (money the books cannot yet
 * explain), never by rewriting what was posted.
 */
function postBalanceCorrection(
  tx: DB,
  account: { id: number; name: string; type: AccountType; code: string; from: number; to: number },
  by: string,
) {
  const change = isCard(account.type) ? account.from - account.to : account.to - account.from;
  postJournal(tx, {
    date: ukToday(),
    description: `Balance of ${account.name} corrected from ${formatMoney(account.from)} to ${formatMoney(account.to)}`,
    source: "account_correction",
    sourceId: account.id,
    createdBy: by,
    lines: [debit(account.code, change), credit(CODES.suspense, change)],
  });
}

/** Deletes an account with no entries in the ledger; 409 saying why otherwise (nothing changes); 404 unknown. */
export const deleteFinancialAccount = accounts.remove;
