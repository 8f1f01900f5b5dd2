import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/invoices/invoices.server";
import { addLedgerAccount, ledgerAccountJson, listChart } from "~/domain/ledger/ledger-accounts.server";
import { ledgerAccountSchema } from "~/domain/ledger/ledger.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/admin/ledger/accounts: the chart of accounts in code order, each {code, name, type (asset,
 * liability, equity, income, expense), isSystem, financialAccount: {id, name} | null, balance (today's, UK,
 * "1250.00" in the account's natural sign: an asset's debit balance and a liability's credit balance are
 * positive), hasEntries, deletable, whyNotDeletable}.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  return json(listChart(getDb(), ukToday()).map(ledgerAccountJson), { headers: NO_STORE });
});

/**
 * POST /api/admin/ledger/accounts {code, name, type?}, with an optional `Idempotency-Key` header.
 * 201 with the account (the list's shape without a balance); the type is the code's range's
 * (1xxx asset, 2xxx liability, 3xxx equity, 4xxx income, 5000–9998 expense).
 * 400 {message, field} for a code that is not 4 digits or outside the ranges, a type its range is not, or no
 * name; 409 on `code` when it is taken ('Code 4100 is already used by Sales of services'); 401 signed out;
 * 403 not an admin; 405 other methods.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireApiStaff(request, "ledger");
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, ledgerAccountSchema);
  const result = addLedgerAccount(getDb(), admin, input, key);
  if (!result.ok) return failureResponse(result);
  return json(ledgerAccountJson(result.value), { status: 201, headers: NO_STORE });
});
