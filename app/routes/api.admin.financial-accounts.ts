import { financialAccountSchema } from "~/domain/finance/financial-account.schema";
import { createFinancialAccount, financialAccountJson, listFinancialAccounts } from "~/domain/finance/financial-accounts.server";
import { apiCollection } from "~/utils/api-resource.server";

/**
 * GET /api/admin/financial-accounts: every account by name, each {id, name, type, balance ("1250.00",
 * signed; a credit card's balance is money owed), bankName, accountNumber, sortCode, iban, swiftCode,
 * paymentProcessorId, externalReference, notes, paymentCount (payments in and out naming it), createdAt,
 * updatedAt}.
 * POST /api/admin/financial-accounts {name, type?, balance?, bankName?, accountNumber?, sortCode?, iban?,
 * swiftCode?, paymentProcessorId?, externalReference?, notes?}, with an optional `Idempotency-Key` header
 * → 201 account. type defaults to bank, balance (the opening balance, pounds) to "0.00"; a sort code is
 * stored as 12-34-56, an IBAN and SWIFT code in capitals without spaces. A repeat with the same key answers
 * the same account and adds nothing.
 * 400 {message, field} for invalid fields ('Account name is required'); 401/403 without an admin session;
 * 405 other methods.
 */
const accounts = apiCollection({
  area: "ledger",
  list: { all: listFinancialAccounts },
  toJson: financialAccountJson,
  schema: financialAccountSchema,
  create: createFinancialAccount,
});

export const loader = accounts.loader;
export const action = accounts.action;
