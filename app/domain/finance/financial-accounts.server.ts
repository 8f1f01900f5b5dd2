/**
 * The business's money accounts (bank, cash, credit cards, payment gateways): listing, adding, editing and
 * deleting them, each change audited in its own transaction and run once per idempotency key. The balance
 * is the account's running balance: its opening balance when added, then moved by every payment that names
 * it. Editing it is a correction (the audit log keeps before → after). An account that payments name is
 * never deleted, so the payment history keeps its account.
 */
import { asc, count, eq, isNotNull } from "drizzle-orm";
import { financialAccounts, payments, purchasePayments } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordCommands, type Actor } from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import {
  accountInUseMessage,
  accountTypeLockedMessage,
  type AccountType,
  type FinancialAccountInput,
} from "./financial-account.schema";

export const ACCOUNT_NOT_FOUND = "Account not found";

export type FinancialAccountRow = typeof financialAccounts.$inferSelect & { paymentCount: number };

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

/** Every account by name (a business has a handful, so the list is not paged). */
export function listFinancialAccounts(db: DB): FinancialAccountRow[] {
  const counts = paymentCounts(db);
  return db
    .select()
    .from(financialAccounts)
    .orderBy(asc(financialAccounts.name), asc(financialAccounts.id))
    .all()
    .map((account) => ({ ...account, paymentCount: counts.get(account.id) ?? 0 }));
}

export function getFinancialAccount(db: DB, id: number): FinancialAccountRow | null {
  const account = db.select().from(financialAccounts).where(eq(financialAccounts.id, id)).get();
  return account ? { ...account, paymentCount: paymentsNaming(db, id) } : null;
}

/** The JSON of an account: balance as "1250.00" (signed), instants as ISO strings. */
export function financialAccountJson(account: FinancialAccountRow) {
  return {
    id: account.id,
    ...columnsOf(account),
    balance: toDecimalString(account.balance),
    paymentCount: account.paymentCount,
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
  refuseDelete: (account) => (account.paymentCount > 0 ? fail(409, accountInUseMessage(account.paymentCount)) : null),
  onDelete: (account) => ({
    details: { name: account.name, type: account.type, balance: account.balance },
    deleted: { id: account.id, name: account.name },
  }),
});

/** Adds an account with its opening balance. */
export function createFinancialAccount(
  db: DB,
  actor: Actor,
  input: FinancialAccountInput,
  key: string | null = null,
): Result<FinancialAccountRow> {
  return accounts.create(db, actor, key, input, (tx) => {
    const columns = columnsOf(input);
    const row = tx.insert(financialAccounts).values(columns).returning({ id: financialAccounts.id }).get();
    return ok({ id: row.id, details: columns });
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
    if (isCard(existing.type) !== isCard(input.type) && existing.paymentCount > 0) {
      return fail(409, accountTypeLockedMessage(existing.paymentCount), "type");
    }
    const after = columnsOf(input);
    tx.update(financialAccounts)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(financialAccounts.id, id))
      .run();
    return ok({ name: after.name, changes: changedColumns(columnsOf(existing), after) });
  });
}

/** Deletes an account no payment names; 409 with how many do otherwise (nothing changes); 404 unknown. */
export const deleteFinancialAccount = accounts.remove;
