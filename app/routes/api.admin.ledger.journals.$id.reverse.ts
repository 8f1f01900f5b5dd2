import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getJournal, JOURNAL_NOT_FOUND, journalJson } from "~/domain/ledger/journal-list.server";
import { reverseJournalByHand } from "~/domain/ledger/manual-journal.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, onlyMethods, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

export const loader = onlyMethods(["POST"]);

/**
 * POST /api/admin/ledger/journals/{id}/reverse (no body), with an optional `Idempotency-Key` header: posts
 * the reversal of a manual, capital or opening-balance journal, dated today (UK). 201 with the reversal
 * (the journals list's shape; its reversesId is {id}). 404 unknown journal; 409 {message} when it has been
 * reversed already, is itself a reversal, or belongs to a document (an invoice, payment, credit note or VAT
 * return journal is reversed by its document's own event); nothing is written then. 401 signed out;
 * 403 not an admin; 405 other methods.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiStaff(request, "ledger");
  const key = apiIdempotencyKey(request);
  const id = requireIntParam(params.id, JOURNAL_NOT_FOUND);
  const db = getDb();
  const result = reverseJournalByHand(db, admin, id, key);
  if (!result.ok) return failureResponse(result);
  const reversal = getJournal(db, result.value.journalId);
  if (!reversal) return jsonError(404, JOURNAL_NOT_FOUND);
  return json(journalJson(reversal), { status: 201, headers: { "Cache-Control": "no-store" } });
});
