import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountStatement } from "~/domain/credit/account-credit.server";
import { renderStatementPdf, statementFileName } from "~/domain/credit/statement-pdf.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

/**
 * GET /account/statement.pdf?date=: the signed-in company's statement as at the day (today when blank), for its
 * admins and approvers; anyone else, or a bad date, gets the reason as plain text with its status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "balance");
  const result = accountStatement(getDb(), user, new URL(request.url).searchParams, ukToday());
  if (!result.ok) return new Response(result.message, { status: result.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return pdfDownloadResponse(await renderStatementPdf(result.value, getCompanySettings()), statementFileName(result.value));
}
