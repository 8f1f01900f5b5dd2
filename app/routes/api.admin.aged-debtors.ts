import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { agedDebtorsJson, agedDebtorsFor } from "~/domain/credit/aged-debtors.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/aged-debtors?date=YYYY-MM-DD: what each company owed at the end of that UK day (today when
 * blank), in buckets by days past due — {date, companies: [{companyId, name, current, d1_30, d31_60, d61_90,
 * over90, total, invoices: [{id, invoiceNumber, issueDate, dueDate, daysPastDue, outstanding}]}], totals}; money
 * as decimal strings, inc VAT. 400 {message, field: "date"}; 401; 403 for anyone but accounts and full admins.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "credit");
  const report = agedDebtorsFor(getDb(), new URL(request.url).searchParams, ukToday());
  return report.ok ? json(agedDebtorsJson(report.value)) : failureResponse(report);
});

export const action = () => methodNotAllowed(["GET"]);
