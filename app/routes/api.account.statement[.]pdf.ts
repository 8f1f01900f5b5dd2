import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountStatement } from "~/domain/credit/account-credit.server";
import { renderStatementPdf, statementFileName } from "~/domain/credit/statement-pdf.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

/** GET /api/account/statement.pdf?date=: the statement of /api/account/statement as a PDF; errors as JSON. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "balance");
  const result = accountStatement(getDb(), user, new URL(request.url).searchParams, ukToday());
  if (!result.ok) return failureResponse(result);
  return pdfDownloadResponse(await renderStatementPdf(result.value, getCompanySettings()), statementFileName(result.value));
});

export const action = () => methodNotAllowed(["GET"]);
