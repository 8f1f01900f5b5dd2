import type { LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/invoices/invoices.server";
import { agedExportFor } from "~/domain/ledger/aged-balances.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";

/**
 * GET /admin/ledger/exports/aged.csv?side=debtors|creditors&date=: aged debtors or creditors at the end of
 * a UK day (today when no date is given), one row per customer or supplier. A bad side or date answers 400
 * with the reason as plain text.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "ledger");
  const file = agedExportFor(getDb(), new URL(request.url).searchParams, ukToday());
  if (!file.ok) return new Response(file.message, { status: file.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return csvDownload(file.value);
}
