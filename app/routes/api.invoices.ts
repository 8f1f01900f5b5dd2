import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { invoiceListQuerySchema } from "~/domain/invoices/customer-invoices.schema";
import { listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { requireApiUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, parseQuery } from "~/utils/http.server";

/**
 * GET /api/invoices?page=: the signed-in customer's own sales invoices, newest first, 20 a page, with the
 * derived status and what is still outstanding. 401 when signed out, 400 for a bad page. `X-Total-Count`
 * says how many there are in all; a page past the end is an empty list.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { page } = parseQuery(request, invoiceListQuerySchema);
  const result = listCustomerInvoices(getDb(), user.id, page);
  return json(result.page === page ? result.invoices : [], {
    headers: {
      "X-Total-Count": String(result.total),
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
