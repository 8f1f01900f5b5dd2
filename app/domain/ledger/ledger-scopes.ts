/**
 * The repeat-safety scopes (`runOnce`) of the ledger's commands, in the naming scheme of
 * app/domain/shared/repeat-scopes.ts (`<area>.<thing>.<operation>`, `:<id>` for one record). Kept here
 * until they join REPEAT_SCOPE there; no other scope may share these names.
 */
export const LEDGER_SCOPE = {
  journalPost: "ledger.journal.post",
  capitalPost: "ledger.capital.post",
  journalReverse: "ledger.journal.reverse",
  accountCreate: "ledger.account.create",
  accountRename: "ledger.account.rename",
  accountDelete: "ledger.account.delete",
} as const;

/** The scope of an operation on one record: `ledger.journal.reverse:42`. */
export const ledgerScopeFor = (scope: (typeof LEDGER_SCOPE)[keyof typeof LEDGER_SCOPE], id: string | number) => `${scope}:${id}`;
