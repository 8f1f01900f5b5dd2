/**
 * The chart of accounts as the back office keeps it: listing it with today's balances, adding an account in
 * its code's range, renaming one, and deleting one that nothing depends on. Each change is audited, in its
 * own transaction, once per idempotency key.
 *
 * Never deleted: a system account (the product posts to it by its code), a financial account's own ledger
 * account (it goes with that account), and any account with entries (the books are never rewritten).
 */
import { eq } from "drizzle-orm";
import { ledgerAccounts } from "~db/schema";
import type { LedgerAccountRow } from "./balances.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { balancesAsAt } from "./balances.server";
import type { LedgerAccountInput, LedgerAccountRename } from "./ledger.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { naturalBalance } from "./running-balance";

export const LEDGER_ACCOUNT_NOT_FOUND = "Ledger account not found";
export const ACCOUNT_HAS_ENTRIES = "This account has entries and cannot be deleted";
export const SYSTEM_ACCOUNT_KEPT = "This is a system account: the books post to it by its code, so it cannot be deleted";
export const SYSTEM_ACCOUNT_NAMED = "This is a system account: it keeps the name the reports and the accountant's files know it by";

export const codeTakenMessage = (code: string, name: string) => `Code ${code} is already used by ${name}`;
export const moneyAccountKeptMessage = (financialAccount: string) =>
  `This is the ledger account of the financial account "${financialAccount}": it goes only with that account, so it cannot be deleted here`;

export type LedgerAccount = LedgerAccountRow & { financialAccountName: string | null; hasEntries: boolean };

export type ChartAccount = LedgerAccount & { balance: number };

const ACCOUNT_SELECT = `select la.id, la.code, la.name, la.type, la.is_system as isSystem, la.financial_account_id as financialAccountId,
    fa.name as financialAccountName, exists (select 1 from journal_lines jl where jl.ledger_account_id = la.id) as hasEntries
  from ledger_accounts la left join financial_accounts fa on fa.id = la.financial_account_id`;

type RawAccount = Omit<LedgerAccount, "isSystem" | "hasEntries"> & { isSystem: number; hasEntries: number };
const fromRaw = (raw: RawAccount): LedgerAccount => ({ ...raw, isSystem: raw.isSystem === 1, hasEntries: raw.hasEntries === 1 });

export function getLedgerAccount(db: DB, code: string): LedgerAccount | null {
  const raw = db.$client.prepare(`${ACCOUNT_SELECT} where la.code = ?`).get(code) as RawAccount | undefined;
  return raw ? fromRaw(raw) : null;
}

/** Every account in code order with its balance at the end of `date` (signed pence, debit positive). */
export function listChart(db: DB, date: string): ChartAccount[] {
  const details = new Map((db.$client.prepare(ACCOUNT_SELECT).all() as RawAccount[]).map((raw) => [raw.id, fromRaw(raw)]));
  return balancesAsAt(db, date).flatMap((account) => {
    const found = details.get(account.id);
    return found ? [{ ...found, balance: account.balance }] : [];
  });
}

/** Why an account must stay, or null when it may be deleted. */
export function deleteRefusal(account: LedgerAccount): string | null {
  if (account.isSystem) return SYSTEM_ACCOUNT_KEPT;
  if (account.financialAccountId !== null) return moneyAccountKeptMessage(account.financialAccountName ?? "");
  if (account.hasEntries) return ACCOUNT_HAS_ENTRIES;
  return null;
}

/** An account as JSON; `balance` (when listed with one) in its natural sign, as "1250.00". */
export function ledgerAccountJson(account: LedgerAccount & { balance?: number }) {
  const refusal = deleteRefusal(account);
  return {
    code: account.code,
    name: account.name,
    type: account.type,
    isSystem: account.isSystem,
    financialAccount: account.financialAccountId === null ? null : { id: account.financialAccountId, name: account.financialAccountName },
    ...(account.balance === undefined ? {} : { balance: toDecimalString(naturalBalance(account.type, account.balance)) }),
    hasEntries: account.hasEntries,
    deletable: refusal === null,
    whyNotDeletable: refusal,
  };
}
export type LedgerAccountJson = ReturnType<typeof ledgerAccountJson>;

const storeSuccess = (result: Result<unknown>) => result.ok;
type Actor = { id: string };

function audit(tx: DB, actor: Actor, verb: string, account: { id: number }, details: Record<string, unknown>) {
  recordAudit(tx, { actorId: actor.id, action: `ledger_account.${verb}`, entityType: "ledger_account", entityId: account.id, details });
}

/** Adds an account (its type is its code's range's); 409 on `code` when the code is taken. */
export function addLedgerAccount(db: DB, actor: Actor, input: LedgerAccountInput, key: string | null = null): Result<LedgerAccount> {
  const taken = (tx: DB) => {
    const existing = getLedgerAccount(tx, input.code);
    return existing ? fail(409, codeTakenMessage(input.code, existing.name), "code") : null;
  };
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: REPEAT_SCOPE.ledgerAccountCreate, key, command: input },
      (tx): Result<{ code: string }> => {
        const refused = taken(tx);
        if (refused) return refused;
        const row = tx.insert(ledgerAccounts).values({ code: input.code, name: input.name, type: input.type }).returning({ id: ledgerAccounts.id }).get();
        audit(tx, actor, "created", row, { ...input });
        return ok({ code: input.code });
      },
      storeSuccess,
    );
    return readBack(db, result);
  } catch (error) {
    // another admin added the same code between the check and the insert
    if (error instanceof Error && error.message.includes("UNIQUE constraint failed: ledger_accounts.code")) return taken(db) ?? fail(409, codeTakenMessage(input.code, ""), "code");
    throw error;
  }
}

/** Renames an account; system accounts keep their names (409). */
export function renameLedgerAccount(db: DB, actor: Actor, code: string, input: LedgerAccountRename, key: string | null = null): Result<LedgerAccount> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.ledgerAccountRename, code), key, command: input },
    (tx): Result<{ code: string }> => {
      const account = getLedgerAccount(tx, code);
      if (!account) return fail(404, LEDGER_ACCOUNT_NOT_FOUND);
      if (account.isSystem) return fail(409, SYSTEM_ACCOUNT_NAMED, "name");
      tx.update(ledgerAccounts).set({ name: input.name }).where(eq(ledgerAccounts.id, account.id)).run();
      audit(tx, actor, "renamed", account, { code, name: { from: account.name, to: input.name } });
      return ok({ code });
    },
    storeSuccess,
  );
  return readBack(db, result);
}

/** Deletes an account nothing depends on (see the module comment); 404 unknown, 409 with the reason. */
export function deleteLedgerAccount(db: DB, actor: Actor, code: string, key: string | null = null): Result<{ code: string; name: string }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.ledgerAccountDelete, code), key, command: { code } },
    (tx): Result<{ code: string; name: string }> => {
      const account = getLedgerAccount(tx, code);
      if (!account) return fail(404, LEDGER_ACCOUNT_NOT_FOUND);
      const refusal = deleteRefusal(account);
      if (refusal) return fail(409, refusal);
      tx.delete(ledgerAccounts).where(eq(ledgerAccounts.id, account.id)).run();
      audit(tx, actor, "deleted", account, { code, name: account.name, type: account.type });
      return ok({ code, name: account.name });
    },
    storeSuccess,
  ).result;
}

function readBack(db: DB, result: Result<{ code: string }>): Result<LedgerAccount> {
  if (!result.ok) return result;
  const account = getLedgerAccount(db, result.value.code);
  return account ? ok(account) : fail(404, LEDGER_ACCOUNT_NOT_FOUND);
}
