/**
 * Setting a company's credit limit and payment terms (back office), and the credit position as the API answers it. New terms apply to invoices issued from now on; an
 * invoice already issued keeps its due date.
 */
import { eq } from "drizzle-orm";
import { companies } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { agedJson, moneyOrNull } from "./credit-json";
import { creditPosition, type CreditPosition } from "./company-debts.server";
import type { SetCreditInput } from "./credit.schema";
import { PAYMENT_TERMS_LABELS } from "./payment-terms";

export const COMPANY_NOT_FOUND = "Company not found";
/** The balance API's answer (GET /api/account/balance, and the admin's credit answer). */
export function creditPositionJson(position: CreditPosition) {
  return {
    companyId: position.companyId,
    companyName: position.companyName,
    paymentTerms: position.paymentTerms,
    paymentTermsLabel: PAYMENT_TERMS_LABELS[position.paymentTerms],
    balance: toDecimalString(position.balance),
    creditLimit: moneyOrNull(position.creditLimit),
    availableCredit: moneyOrNull(position.availableCredit),
    uninvoicedOrders: toDecimalString(position.uninvoiced),
    overdue: toDecimalString(position.overdue),
    aged: agedJson(position.aged),
  };
}

/** An accounts user (or full admin) sets the company's credit limit (pence or null) and terms. Audited. */
export function setCompanyCredit(
  db: DB,
  actor: { id: string },
  companyId: number,
  input: SetCreditInput,
  today: string,
): Result<ReturnType<typeof creditPositionJson>> {
  return writeTransaction(db, (tx) => {
    const before = tx
      .select({ name: companies.name, creditLimit: companies.creditLimitPence, paymentTerms: companies.paymentTerms })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get();
    if (!before) return fail(404, COMPANY_NOT_FOUND);
    tx.update(companies)
      .set({ creditLimitPence: input.creditLimit, paymentTerms: input.paymentTerms, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .run();
    recordAudit(tx, {
      actorId: actor.id,
      action: "company.credit_updated",
      entityType: "company",
      entityId: String(companyId),
      details: { before: { creditLimit: before.creditLimit, paymentTerms: before.paymentTerms }, after: input },
    });
    return ok(creditPositionJson(creditPosition(tx, companyId, today)!));
  });
}
