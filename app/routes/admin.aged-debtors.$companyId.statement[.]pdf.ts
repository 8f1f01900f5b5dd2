import type { LoaderFunctionArgs } from "@remix-run/node";
import { COMPANY_NOT_FOUND } from "~/domain/credit/company-credit.server";
import { statementDocument } from "~/domain/credit/statement-mail.server";
import { renderStatementPdf, statementFileName } from "~/domain/credit/statement-pdf.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { requireStaff } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

const text = (message: string, status: number) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /admin/aged-debtors/{companyId}/statement.pdf?date=: the company's statement as at the day, as its people get it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  const id = /^\d{1,12}$/.test(params.companyId ?? "") ? Number(params.companyId) : 0;
  const date = readAgedDate(new URL(request.url).searchParams, ukToday());
  if (!date.ok) return text(date.message, 400);
  const statement = id > 0 ? statementDocument(getDb(), id, date.date) : null;
  if (!statement) return text(COMPANY_NOT_FOUND, 404);
  return pdfDownloadResponse(await renderStatementPdf(statement, getCompanySettings()), statementFileName(statement));
}
