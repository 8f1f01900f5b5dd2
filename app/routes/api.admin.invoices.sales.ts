import type { LoaderFunctionArgs } from "@remix-run/node";
import { salesInvoiceApiQuerySchema } from "~/domain/invoices/sales-invoice.schema";
import { listSalesInvoices } from "~/domain/invoices/sales-invoice-list.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/invoices/sales: a JSON array of sales invoices, newest issue date first, each {id,
 * invoiceNumber, orderId, customerId, status (derived: void, paid, partially_paid, overdue, unpaid),
 * subtotal, vatAmount, total, amountPaid, outstanding (2-decimal strings), issueDate, dueDate, customer,
 * order (with its shipping fields)}. Filters `q` (invoice number, customer email or business name, order
 * number) and `status`; paging by `page` and `pageSize` (1 to 100, default 25) with X-Total-Count,
 * X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const query = parseQuery(request, salesInvoiceApiQuerySchema);
  const result = listSalesInvoices(getDb(), query, { pageSize: query.pageSize });
  return pagedJsonResponse(result);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return methodNotAllowed(["GET"]);
});
