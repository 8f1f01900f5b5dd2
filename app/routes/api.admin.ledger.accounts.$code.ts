import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/invoices/invoices.server";
import { accountLedgerJson } from "~/domain/ledger/account-ledger.server";
import {
  deleteLedgerAccount,
  getLedgerAccount,
  LEDGER_ACCOUNT_NOT_FOUND,
  ledgerAccountJson,
  renameLedgerAccount,
} from "~/domain/ledger/ledger-accounts.server";
import { accountLedgerQuerySchema, ledgerAccountRenameSchema } from "~/domain/ledger/ledger.schema";
import { ledgerRange } from "~/domain/ledger/running-balance";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/admin/ledger/accounts/{code}?from=&to=&page=: the account's ledger, 50 entries a page, oldest
 * first. from/to are YYYY-MM-DD, both days included; a missing one is taken from the other's month (neither:
 * this month). Answers {account (the chart's shape), from, to, broughtForward (the balance at the end of the
 * day before `from`), pageOpeningBalance (brought forward plus the range's entries before this page),
 * entries: [{lineId, date, journalId, journalNumber "JNL-000123", description, sourceType, documentHref,
 * debit, credit, balance (after the entry)}], totals {debit, credit} of the whole range, closingBalance,
 * page, pageSize, pageCount, total}. Balances are "12.50" strings in the account's natural sign.
 * 400 {message, field} for a date that is not a real day or a range that runs backwards; 404 unknown code.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  const db = getDb();
  const account = getLedgerAccount(db, params.code ?? "");
  if (!account) return jsonError(404, LEDGER_ACCOUNT_NOT_FOUND);
  const query = parseQuery(request, accountLedgerQuerySchema);
  return json(accountLedgerJson(db, account, ledgerRange(query, ukToday()), query.page), { headers: NO_STORE });
});

/**
 * PATCH /api/admin/ledger/accounts/{code} {name}: renames the account; 200 with it (the chart's shape
 * without a balance); 400 no name; 409 for a system account (it keeps its name).
 * DELETE /api/admin/ledger/accounts/{code}: 204 when deleted; 409 {message} when it is a system account,
 * a financial account's own, or has entries ('This account has entries and cannot be deleted'); nothing
 * is deleted then.
 * Both take an optional `Idempotency-Key` header. 404 unknown code; 401 signed out; 403 not an admin;
 * 405 other methods.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const admin = await requireApiStaff(request, "ledger");
  const key = apiIdempotencyKey(request);
  const code = params.code ?? "";
  const db = getDb();
  if (request.method === "DELETE") {
    const result = deleteLedgerAccount(db, admin, code, key);
    if (!result.ok) return failureResponse(result);
    return new Response(null, { status: 204, headers: NO_STORE });
  }
  const input = await parseJsonBody(request, ledgerAccountRenameSchema);
  const result = renameLedgerAccount(db, admin, code, input, key);
  if (!result.ok) return failureResponse(result);
  return json(ledgerAccountJson(result.value), { headers: NO_STORE });
});
