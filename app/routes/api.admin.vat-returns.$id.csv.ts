import type { LoaderFunctionArgs } from "@remix-run/node";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { vatReturnCsv } from "~/domain/vat/vat-returns.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, csvDownload, failureResponse, onlyMethods, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/vat-returns/{id}/csv (text/csv, vat-return-2026-11.csv): the period and status, the nine boxes,
 * then every line behind them (sales invoices, refund credit notes, cancellations, purchase invoices; late entries
 * marked); X-Export-Count is the number of lines. 404 for an unknown id; 401/403.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "vat");
  const result = vatReturnCsv(getDb(), requireIntParam(params.id, VAT_RETURN_NOT_FOUND));
  return result.ok ? csvDownload(result.value) : failureResponse(result);
});

export const action = onlyMethods(["GET"]);
