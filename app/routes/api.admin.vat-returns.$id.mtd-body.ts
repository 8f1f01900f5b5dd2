import type { LoaderFunctionArgs } from "@remix-run/node";
import { declarationJson } from "~/domain/vat/mtd";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { vatReturnMtdBody } from "~/domain/vat/vat-return-submission.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, onlyMethods, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/vat-returns/{id}/mtd-body: the body of HMRC's "Submit VAT return for period"
 * (POST /organisations/vat/{vrn}/returns), exactly its 11 fields: periodKey, vatDueSales, vatDueAcquisitions,
 * totalVatDue, vatReclaimedCurrPeriod, netVatDue (boxes 1 to 5, numbers with 2 decimals; netVatDue is never
 * negative), totalValueSalesExVAT, totalValuePurchasesExVAT, totalValueGoodsSuppliedExVAT,
 * totalAcquisitionsExVAT (boxes 6 to 9, whole pounds) and finalised (true). Nothing is sent to HMRC.
 * 200; 404 {message} for an unknown id; 409 {message, field: "periodKey"} while the return has no period key
 * (set it with PATCH /api/admin/vat-returns/{id}); 401 signed out, 403 for non-admins; 405 for writes.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "vat");
  const result = vatReturnMtdBody(getDb(), requireIntParam(params.id, VAT_RETURN_NOT_FOUND));
  if (!result.ok) return failureResponse(result);
  // written by hand so that boxes 1 to 5 keep their 2 decimals (77.50, not 77.5)
  return new Response(declarationJson(result.value.body), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
});

export const action = onlyMethods(["GET"]);
