import type { LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/invoices/invoices.server";
import { journalExportFor } from "~/domain/ledger/exports.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvStreamDownload } from "~/utils/http.server";

/**
 * GET /admin/ledger/exports/journals.csv?format=xero|sage|lines&from=&to=[&part=]: a period's journals as
 * the accountant's file (last month when no dates are given). A bad format, period or part answers 400 (a
 * Xero part past the last, 404) with the reason as plain text, which is what a browser shows for the link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "ledger");
  const file = journalExportFor(getDb(), new URL(request.url).searchParams, ukToday());
  if (!file.ok) return new Response(file.message, { status: file.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return csvStreamDownload(file.value);
}
