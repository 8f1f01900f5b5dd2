import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createPurchaseInvoice } from "~/domain/invoices/purchase-invoices.server";
import { getPurchaseInvoice, listPurchaseInvoices } from "~/domain/invoices/purchase-invoice-list.server";
import { purchaseInvoiceSchema } from "~/domain/invoices/purchase-invoice.schema";
import { INVOICE_CREATED } from "~/domain/invoices/sales-invoice.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { invoiceAmountsJson, invoiceListApi } from "~/utils/invoice-api.server";

/**
 * GET /api/admin/invoices/purchase: a JSON array of purchase invoices, newest invoice date first, each {id,
 * invoiceNumber, supplierId, supplier {id, email, businessName, name, phone, address, vatNumber}, status
 * (derived: void, paid, partially_paid, overdue, unpaid), subtotal, vatAmount, total, amountPaid,
 * outstanding (2-decimal strings), invoiceDate, dueDate, purchaseOrderId, purchaseOrder {id, orderNumber}}.
 * Filters `q` (invoice number, supplier email or business name, purchase order number) and `status`;
 * paging by `page` and `pageSize` (1 to 100, default 25) with X-Total-Count, X-Page, X-Page-Size and
 * X-Page-Count headers. 400 for an unknown status; 401 signed out; 403 not an admin.
 */
export const { loader } = invoiceListApi("purchaseInvoices", (db, query) => listPurchaseInvoices(db, query, { pageSize: query.pageSize }));

/**
 * POST /api/admin/invoices/purchase {supplierId, invoiceNumber (≤ 50), invoiceDate? (YYYY-MM-DD, default
 * today in the UK), dueDate? (default 30 days after the invoice date), purchaseOrderId?, items: [{productId
 * or null, description, quantity, unitPrice ("12.50"), vatRate ("20.00")}]} → 201 {message, id,
 * invoiceNumber, supplierId, purchaseOrderId, status, invoiceDate, dueDate, subtotal, vatAmount, total,
 * amountPaid, items}. The body's subtotal, vatAmount and total are ignored: the server computes every total
 * from the lines (VAT per line, rounded half-up). A line with a productId takes that product's name, cost
 * price and VAT rate. 400 {message, field} for invalid fields ('Please add at least one line item' on
 * items; supplierId naming anyone but a supplier; a purchase order of another supplier); 401 signed out;
 * 403 not an admin; 409 when the supplier's invoice number is already recorded, or the purchase order is
 * not sent or received or already invoiced. Honours an Idempotency-Key header (the repeat answers the same
 * invoice and writes nothing).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "purchaseInvoices");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, purchaseInvoiceSchema);
  const db = getDb();
  const result = createPurchaseInvoice(db, admin, input, apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  const invoice = getPurchaseInvoice(db, result.value.id)!;
  return json(
    {
      message: INVOICE_CREATED,
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      supplierId: invoice.supplierId,
      purchaseOrderId: invoice.purchaseOrderId,
      status: invoice.status,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      ...invoiceAmountsJson(invoice),
    },
    { status: 201 },
  );
});
