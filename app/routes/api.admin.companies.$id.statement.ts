import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { COMPANY_NOT_FOUND } from "~/domain/credit/company-credit.server";
import { sendStatementNow } from "~/domain/credit/statement-mail.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { apiRoute, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

const sendStatementSchema = z.object({ date: z.string().optional() });

/**
 * POST /api/admin/companies/{id}/statement {date?: "YYYY-MM-DD"}: emails the company's statement as at that day
 * (today when absent) to its company admins and approvers, the PDF attached. 200 {companyId, to, date,
 * closingBalance}. 400 bad date; 404 unknown company; 409 nobody to send to; 502 mail refused; 401/403.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const staff = await requireApiStaff(request, "credit");
  const id = requireIntParam(params.id, COMPANY_NOT_FOUND);
  const input = await parseJsonBody(request, sendStatementSchema);
  const date = readAgedDate(new URLSearchParams(input.date ? { date: input.date } : {}), ukToday());
  if (!date.ok) return jsonError(400, date.message, date.field);
  const result = await sendStatementNow(getDb(), staff, id, date.date);
  if (!result.ok) return jsonError(result.status, result.message);
  return json({ ...result.value, closingBalance: toDecimalString(result.value.closingBalance) });
});

export const loader = () => methodNotAllowed(["POST"]);
