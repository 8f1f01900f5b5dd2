import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_RECORDED, recordPaymentSchema, SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { listInvoicePayments } from "~/domain/invoices/sales-invoice-list.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/invoices/sales/{id}/payments: the invoice's payments, oldest first, each {id,
 * paymentDate, amount ("12.50"), paymentMethod, reference, notes, financialAccountId,
 * financialAccountName, createdAt}.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const id = requireIntParam(params.id, SALES_INVOICE_NOT_FOUND);
  const payments = listInvoicePayments(getDb(), id);
  return payments ? json(payments) : jsonError(404, SALES_INVOICE_NOT_FOUND);
});

/**
 * POST /api/admin/invoices/sales/{id}/payments {amount (number or "12.50"), paymentMethod (bank_transfer,
 * cash, credit), paymentDate? (YYYY-MM-DD, default today in the UK), reference?, notes?,
 * financialAccountId?} → 201 {message, payment, invoice: {id, invoiceNumber, status, amountPaid,
 * outstanding}}. 400 'Amount must be greater than 0 and not exceed £…' when the amount is 0 or less or
 * more than is outstanding; 409 for a void invoice. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const id = requireIntParam(params.id, SALES_INVOICE_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, recordPaymentSchema);
  const result = recordPayment(getDb(), admin, id, input, key);
  if (!result.ok) return failureResponse(result);
  return json({ message: PAYMENT_RECORDED, ...result.value }, { status: 201 });
});
