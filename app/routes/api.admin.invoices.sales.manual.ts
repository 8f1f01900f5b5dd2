import { json, type ActionFunctionArgs } from "@remix-run/node";
import { INVOICE_CREATED, manualInvoiceSchema } from "~/domain/invoices/sales-invoice.schema";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { getAdminSalesInvoice } from "~/domain/invoices/sales-invoice-list.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { invoiceAmountsJson } from "~/utils/invoice-api.server";

/**
 * POST /api/admin/invoices/sales/manual {orderId?, customerId, invoiceNumber?, issueDate?, dueDate?,
 * items: [{productId?, description, quantity, unitPrice, vatRate}]} → 201 {message, id, invoiceNumber,
 * subtotal, vatAmount, total, status, issueDate, dueDate}.
 * The spec's body also has subtotal, vatAmount, total, status and a total per item: they are ignored. The
 * server computes every total from the lines (VAT per line, rounded half-up) and a new invoice is unpaid.
 * A line with a productId takes that product's name, price and VAT rate. The invoice number defaults to
 * the next INV-YYYY-NNNNN (a taken one: 409); the issue date to today (UK), the due date to 30 days later.
 * An order that already has an invoice cannot get another (409). Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "invoices");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, manualInvoiceSchema);
  const db = getDb();
  const result = createManualInvoice(db, admin, input, key);
  if (!result.ok) return failureResponse(result);
  const invoice = getAdminSalesInvoice(db, result.value.id)!;
  const doc = invoice.document;
  return json(
    {
      message: INVOICE_CREATED,
      id: invoice.id,
      invoiceNumber: doc.invoiceNumber,
      orderId: invoice.orderId,
      customerId: invoice.customerId,
      status: doc.status,
      issueDate: doc.issueDate,
      dueDate: doc.dueDate,
      ...invoiceAmountsJson(doc),
    },
    { status: 201 },
  );
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "invoices");
  return methodNotAllowed(["POST"]);
});
