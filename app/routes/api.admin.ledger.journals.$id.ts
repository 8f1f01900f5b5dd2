import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getJournal, JOURNAL_NOT_FOUND, journalJson } from "~/domain/ledger/journal-list.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/ledger/journals/{id}: one journal (the list's shape: its lines, document address, and
 * reversesId / reversedById). 404 unknown id; 401 signed out; 403 not an admin; 405 other methods.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  const journal = getJournal(getDb(), requireIntParam(params.id, JOURNAL_NOT_FOUND));
  return journal ? json(journalJson(journal), { headers: { "Cache-Control": "private, no-store" } }) : jsonError(404, JOURNAL_NOT_FOUND);
});

export const action = onlyMethods(["GET"]);
