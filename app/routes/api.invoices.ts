import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceListQuerySchema } from "~/domain/invoices/customer-invoices.schema";
import { customerInvoicesApiPage } from "~/domain/invoices/customer-invoices.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";

/**
 * GET /api/invoices?page=: the signed-in customer's own sales invoices, newest first, 20 a page, with the
 * derived status and what is still outstanding. 401 when signed out, 400 for a bad page. `X-Total-Count`
 * says how many there are in all (with X-Page, X-Page-Size and X-Page-Count); a page past the end is an
 * empty list.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  const { page } = parseQuery(request, invoiceListQuerySchema);
  return pagedJsonResponse(customerInvoicesApiPage(getDb(), user.id, page));
});

export const action = () => methodNotAllowed(["GET"]);
