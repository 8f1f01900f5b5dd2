import { json, type ActionFunctionArgs } from "@remix-run/node";
import { INVOICE_EMAIL_SENT, SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { sendInvoiceEmail } from "~/domain/invoices/invoice-email.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { apiRoute, jsonError, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/admin/invoices/sales/{id}/send-email → {message: 'Invoice sent via email successfully', to}.
 * Emails the invoice with its PDF attached to the customer. 404 unknown invoice; 409 void or no address;
 * 502 {message} with the mail server's message when it could not be sent.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const id = requireIntParam(params.id, SALES_INVOICE_NOT_FOUND);
  const result = await sendInvoiceEmail(getDb(), admin, id, apiIdempotencyKey(request));
  if (!result.ok) return jsonError(result.status, result.message);
  return json({ message: INVOICE_EMAIL_SENT, to: result.value.to });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return methodNotAllowed(["POST"]);
});
