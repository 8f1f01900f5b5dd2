import type { LoaderFunctionArgs } from "@remix-run/node";
import { agedDebtorsCsv, agedDebtorsFor } from "~/domain/credit/aged-debtors.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";

/** GET /admin/aged-debtors.csv?date=: one row per company and a Total row; a bad date answers 400 as plain text. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  const report = agedDebtorsFor(getDb(), new URL(request.url).searchParams, ukToday());
  if (!report.ok) return new Response(report.message, { status: report.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return csvDownload(agedDebtorsCsv(report.value));
}
