/**
 * The buyer's own account: balance, available credit, overdue and aged amounts, and statements (page, PDF and
 * API). The company's admins and approvers see it (they pay the bills and answer for spending); its buyers and
 * viewers do not (403): a balance owed is the business's finances, not an ordering matter
 * (docs/decisions/0070-credit-terms-and-statements.md). Only ever the actor's own company.
 */
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { creditPosition } from "./company-debts.server";
import { creditPositionJson } from "./company-credit.server";
import { agedJson, statementLinesJson } from "./credit-json";
import { statementDocument } from "./statement-mail.server";
import type { StatementDocument } from "./statement-pdf.server";

export const NO_COMPANY_ACCOUNT = "There is no trade account for this sign-in";
import { BALANCE_ROLES_ONLY as ACCOUNT_ROLE_REFUSED } from "~/domain/companies/company-roles";

export { ACCOUNT_ROLE_REFUSED };

/** The company whose account the actor may see: 404 with no company (staff), 403 for buyers and viewers. */
export function accountCompanyOf(actor: SessionUser): Result<{ companyId: number }> {
  if (actor.role !== "customer" || actor.companyId === null) return fail(404, NO_COMPANY_ACCOUNT);
  if (actor.companyRole !== "company_admin" && actor.companyRole !== "approver") return fail(403, ACCOUNT_ROLE_REFUSED);
  return ok({ companyId: actor.companyId });
}

/** GET /api/account/balance and the account page's figures. */
export function accountBalance(db: DB, actor: SessionUser, today: string) {
  const company = accountCompanyOf(actor);
  if (!company.ok) return company;
  const position = creditPosition(db, company.value.companyId, today);
  if (!position) return fail(404, NO_COMPANY_ACCOUNT);
  return ok({ position, json: creditPositionJson(position) });
}

/** The actor's company's statement as at ?date= (blank: today; a future or malformed date: 400 on `date`). */
export function accountStatement(db: DB, actor: SessionUser, params: URLSearchParams, today: string): Result<StatementDocument> {
  const company = accountCompanyOf(actor);
  if (!company.ok) return company;
  const date = readAgedDate(params, today);
  if (!date.ok) return fail(400, date.message, date.field);
  const statement = statementDocument(db, company.value.companyId, date.date);
  return statement ? ok(statement) : fail(404, NO_COMPANY_ACCOUNT);
}

/** GET /api/account/statement's answer. */
export function statementJson(statement: StatementDocument) {
  return {
    companyName: statement.companyName,
    from: statement.from,
    date: statement.to,
    openingBalance: toDecimalString(statement.openingBalance),
    lines: statementLinesJson(statement),
    closingBalance: toDecimalString(statement.closingBalance),
    aged: agedJson(statement.aged),
  };
}
