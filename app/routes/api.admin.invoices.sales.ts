import { listSalesInvoices } from "~/domain/invoices/sales-invoice-list.server";
import { invoiceListApi } from "~/utils/invoice-api.server";

/**
 * GET /api/admin/invoices/sales: a JSON array of sales invoices, newest issue date first, each {id,
 * invoiceNumber, orderId, customerId, status (derived: void, paid, partially_paid, overdue, unpaid),
 * subtotal, vatAmount, total, amountPaid, outstanding (2-decimal strings), issueDate, dueDate, customer,
 * order (with its shipping fields)}. Filters `q` (invoice number, customer email or business name, order
 * number) and `status`; paging by `page` and `pageSize` (1 to 100, default 25) with X-Total-Count,
 * X-Page, X-Page-Size and X-Page-Count headers. 400 for an unknown status; 401 signed out; 403 not an
 * admin; 405 for any other method.
 */
export const { loader, action } = invoiceListApi("invoices", (db, query) => listSalesInvoices(db, query, { pageSize: query.pageSize }));
