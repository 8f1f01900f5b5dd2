/**
 * Settling a filed VAT return with HMRC: money paid to HMRC when box 5 is payable, or repaid by HMRC when it
 * is repayable, out of (into) a named financial account. Each payment posts its journal against 2202 VAT
 * liability to HMRC in the same transaction, so the liability falls only when money actually moves.
 */
import { asc, eq, sum } from "drizzle-orm";
import { financialAccounts, vatPayments, vatReturns } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { ukToday } from "~/domain/invoices/invoices.server";
import { findFinancialAccount } from "~/domain/invoices/invoice-books.server";
import { paymentAmountMessage } from "~/domain/invoices/sales-invoice.schema";
import { postVatPayment } from "~/domain/ledger/postings.server";
import { longDate, monthLabel } from "./vat-period";
import { VAT_RETURN_NOT_FOUND } from "./vat-return.schema";
import type { RecordVatPaymentInput } from "./vat-payment.schema";

type Actor = { id: string };

/** What a filed return has settled and still has to: pence, both as positive amounts in box 5's direction. */
export function vatSettlement(db: DB, vatReturn: { id: number; box5NetVat: number }) {
  const paid = Number(db.select({ total: sum(vatPayments.amount) }).from(vatPayments).where(eq(vatPayments.vatReturnId, vatReturn.id)).get()?.total ?? 0);
  const owed = Math.abs(vatReturn.box5NetVat);
  const settled = Math.abs(paid);
  return { direction: vatReturn.box5NetVat >= 0 ? ("payable" as const) : ("repayable" as const), owed, settled, remaining: Math.max(0, owed - settled) };
}

export type VatPaymentJson = {
  id: number;
  amount: string;
  direction: "paid_to_hmrc" | "repaid_by_hmrc";
  paymentDate: string;
  financialAccountId: number | null;
  financialAccountName: string | null;
  reference: string | null;
  createdAt: string;
};

export function listVatPayments(db: DB, vatReturnId: number): VatPaymentJson[] {
  return db
    .select({
      id: vatPayments.id,
      amount: vatPayments.amount,
      paymentDate: vatPayments.paymentDate,
      financialAccountId: vatPayments.financialAccountId,
      financialAccountName: financialAccounts.name,
      reference: vatPayments.reference,
      createdAt: vatPayments.createdAt,
    })
    .from(vatPayments)
    .leftJoin(financialAccounts, eq(financialAccounts.id, vatPayments.financialAccountId))
    .where(eq(vatPayments.vatReturnId, vatReturnId))
    .orderBy(asc(vatPayments.paymentDate), asc(vatPayments.id))
    .all()
    .map((row) => ({
      ...row,
      amount: toDecimalString(Math.abs(row.amount)),
      direction: row.amount >= 0 ? "paid_to_hmrc" : "repaid_by_hmrc",
      createdAt: row.createdAt.toISOString(),
    }));
}

export type RecordedVatPayment = {
  payment: VatPaymentJson;
  vatReturn: { id: number; quarter: string; owed: string; settled: string; remaining: string };
  description: string;
};

/**
 * Records money paid to (or repaid by) HMRC for a filed return, once per idempotency key: 404 unknown
 * return; 409 when it is not filed yet or box 5 is nil; 400 when the amount is not above 0 and within what
 * is left to settle (blank means all of it), or the account does not exist. Audited.
 */
export function recordVatPayment(
  db: DB,
  actor: Actor,
  vatReturnId: number,
  input: RecordVatPaymentInput,
  key: string | null = null,
  { today = ukToday() }: { today?: string } = {},
): Result<RecordedVatPayment> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.vatReturnPayment, vatReturnId), key, command: input },
    (tx): Result<RecordedVatPayment> => {
      const row = tx.select().from(vatReturns).where(eq(vatReturns.id, vatReturnId)).get();
      if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
      const label = monthLabel(row.quarter);
      if (!row.isFiled) return fail(409, `The return for ${label} is not filed yet: file it before recording a payment to HMRC`);
      if (row.box5NetVat === 0) return fail(409, `The return for ${label} is nil: nothing is owed to or by HMRC`);
      const before = vatSettlement(tx, row);
      const amount = input.amount ?? before.remaining;
      if (amount <= 0 || amount > before.remaining) return fail(400, paymentAmountMessage(formatMoney(before.remaining)), "amount");
      const found = findFinancialAccount(tx, input.financialAccountId);
      if (!found.ok) return found;
      const account = found.value;
      const signed = before.direction === "payable" ? amount : -amount;
      const paymentDate = input.paymentDate ?? today;
      // the liability is there from the period's last day (the filing journal's date), not before
      if (paymentDate < row.endDate) {
        return fail(400, `Payment date cannot be before the period ends (${longDate(row.endDate)})`, "paymentDate");
      }
      const payment = tx
        .insert(vatPayments)
        .values({ vatReturnId: row.id, amount: signed, paymentDate, financialAccountId: account.id, reference: input.reference ?? null, createdBy: actor.id })
        .returning()
        .get();
      postVatPayment(tx, { id: payment.id, quarter: row.quarter, amount: signed, paymentDate, financialAccountId: account.id }, { createdBy: actor.id });
      const after = vatSettlement(tx, row);
      recordAudit(tx, {
        actorId: actor.id,
        action: "vat_return.payment_recorded",
        entityType: "vat_return",
        entityId: row.id,
        details: { period: row.quarter, paymentId: payment.id, amount: signed, paymentDate, financialAccountId: account.id, remaining: after.remaining },
      });
      const paid = before.direction === "payable";
      return ok({
        payment: {
          id: payment.id,
          amount: toDecimalString(amount),
          direction: paid ? "paid_to_hmrc" : "repaid_by_hmrc",
          paymentDate,
          financialAccountId: account.id,
          financialAccountName: account.name,
          reference: payment.reference,
          createdAt: payment.createdAt.toISOString(),
        },
        vatReturn: { id: row.id, quarter: row.quarter, owed: toDecimalString(after.owed), settled: toDecimalString(after.settled), remaining: toDecimalString(after.remaining) },
        description: paid
          ? `${formatMoney(amount)} paid to HMRC from ${account.name} for ${label}${after.remaining > 0 ? `; ${formatMoney(after.remaining)} still to pay` : ""}.`
          : `${formatMoney(amount)} repaid by HMRC into ${account.name} for ${label}${after.remaining > 0 ? `; ${formatMoney(after.remaining)} still to come` : ""}.`,
      });
    },
    (outcome) => outcome.ok,
  );
  return result;
}
