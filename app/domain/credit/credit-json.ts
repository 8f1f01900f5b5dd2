/** The credit API's shapes: money as two-decimal strings (docs: decisions "money"), null for "no limit". Browser-safe. */
import type { BucketAmounts } from "~/domain/ledger/aged-balances";
import { toDecimalString } from "~/utils/money";
import type { Statement } from "./statement";

export type AgedJson = { current: string; d1_30: string; d31_60: string; d61_90: string; over90: string };

export function agedJson(aged: BucketAmounts): AgedJson {
  return {
    current: toDecimalString(aged.current),
    d1_30: toDecimalString(aged.days1to30),
    d31_60: toDecimalString(aged.days31to60),
    d61_90: toDecimalString(aged.days61to90),
    over90: toDecimalString(aged.over90),
  };
}

export const moneyOrNull = (pence: number | null) => (pence === null ? null : toDecimalString(pence));

export function statementLinesJson(statement: Statement) {
  return statement.lines.map((line) => ({
    date: line.date,
    type: line.kind,
    reference: line.reference,
    dueDate: line.dueDate ?? null,
    amount: toDecimalString(line.amount),
    balance: toDecimalString(line.balance),
  }));
}
