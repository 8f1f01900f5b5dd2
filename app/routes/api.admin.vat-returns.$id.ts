import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { VAT_RETURN_NOT_FOUND } from "~/domain/vat/vat-return.schema";
import { vatReturnDetail, vatReturnJson } from "~/domain/vat/vat-returns.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, requireIntParam } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/vat-returns/{id}: one return (as in the list) with `counted`, what its boxes are made of
 * (sales invoices, refund credit notes and purchase invoices: how many, how many late entries, net and VAT), and
 * `outOfDate`: true when the books have changed since a not-filed return was generated (regenerate it before
 * filing). A filed return is read as of its filing. 404 for an unknown id; 401/403.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const detail = vatReturnDetail(getDb(), requireIntParam(params.id, VAT_RETURN_NOT_FOUND), { box: null, page: 1 });
  if (!detail) return jsonError(404, VAT_RETURN_NOT_FOUND);
  const part = ({ net, vat, count, late }: { net: number; vat: number; count: number; late: number }) => ({
    count,
    lateEntries: late,
    net: toDecimalString(net),
    vat: toDecimalString(vat),
  });
  const { figures } = detail;
  return json({
    ...vatReturnJson(detail.row),
    outOfDate: detail.outOfDate,
    counted: { salesInvoices: part(figures.sales), refundCreditNotes: part(figures.refunds), purchaseInvoices: part(figures.purchases) },
  });
});

export const action = onlyMethods(["GET"]);
