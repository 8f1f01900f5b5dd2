import { ACCOUNT_DELETED, financialAccountSchema } from "~/domain/finance/financial-account.schema";
import {
  ACCOUNT_NOT_FOUND,
  deleteFinancialAccount,
  financialAccountJson,
  getFinancialAccount,
  updateFinancialAccount,
} from "~/domain/finance/financial-accounts.server";
import { apiRecord } from "~/utils/api-resource.server";

/**
 * GET /api/admin/financial-accounts/{id}: one account (the shape of the list's items).
 * PUT /api/admin/financial-accounts/{id}: the same fields as POST; replaces the account's details. A new
 * balance is a correction and is audited before → after. 200 with the account; 400 invalid (with field);
 * 409 on `type` when payments name the account and the type would change between credit_card and another
 * type (a card's balance runs the other way).
 * DELETE /api/admin/financial-accounts/{id}: 200 {message, id}; 409 {message} saying how many payments name
 * the account (nothing is deleted).
 * Writes take an optional `Idempotency-Key` header. 404 unknown account; 401/403 without an admin session;
 * 405 other methods.
 */
const account = apiRecord({
  area: "ledger",
  notFound: ACCOUNT_NOT_FOUND,
  get: getFinancialAccount,
  toJson: financialAccountJson,
  schema: financialAccountSchema,
  update: updateFinancialAccount,
  remove: deleteFinancialAccount,
  deletedJson: ({ id }) => ({ message: ACCOUNT_DELETED, id }),
});

export const loader = account.loader;
export const action = account.action;
