import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getJournal, journalJson, listJournals } from "~/domain/ledger/journal-list.server";
import { journalListApiQuerySchema, manualJournalSchema } from "~/domain/ledger/ledger.schema";
import { postManualJournal } from "~/domain/ledger/manual-journal.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, pagedJsonResponse, parseJsonBody, parseQuery } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/admin/ledger/journals?from=&to=&account=&type=&page=&pageSize=: journals newest first (by date,
 * then as posted), 25 a page unless pageSize says (1–100), with X-Total-Count / X-Page / X-Page-Size /
 * X-Page-Count headers. from/to are YYYY-MM-DD (both included), account a 4-digit code the journal touches,
 * type a source (sales_invoice, payment, manual, capital, opening_balance, reversal…). Each journal:
 * {id, number "JNL-000123", date, description, sourceType, sourceId, documentHref, reversesId, reversedById,
 * reversible, whyNotReversible, createdBy, createdAt, total, lines: [{code, name, debit, credit}]}.
 * 400 {message, field} for a bad filter; 401 signed out; 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  const { pageSize, ...query } = parseQuery(request, journalListApiQuerySchema);
  return pagedJsonResponse(listJournals(getDb(), query, pageSize), journalJson);
});

/**
 * POST /api/admin/ledger/journals {date, narration, kind? (manual | opening_balance | capital; manual when
 * absent), lines: [{account: "1200", debit: "250.00"} | {account: "3000", credit: "250.00"}]} with an
 * optional `Idempotency-Key` header: posts a manual journal. 201 with the journal (the list's shape).
 * 400 {message, field} with nothing written: fewer than two lines or more than ten ("lines"), a line with
 * both or neither side ("lines[1].credit"), an unknown account ("lines[0].account"), debits not equal to
 * credits ('Debits (£120.00) must equal credits (£100.00)', "lines"), a date that is not a real day.
 * 401 signed out; 403 not an admin; 405 other methods.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireApiStaff(request, "ledger");
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, manualJournalSchema);
  const db = getDb();
  const result = postManualJournal(db, admin, input, key);
  if (!result.ok) return failureResponse(result);
  const journal = getJournal(db, result.value.journalId);
  if (!journal) return jsonError(404, "Journal not found");
  return json(journalJson(journal), { status: 201, headers: { "Cache-Control": "no-store" } });
});
