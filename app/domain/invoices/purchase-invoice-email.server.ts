/** Emailing a recorded purchase invoice to its supplier, with its PDF attached (screen and API). */
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { mailInvoiceDocument, type InvoiceMail } from "./invoice-email.server";
import { getPurchaseInvoice } from "./purchase-invoice-list.server";
import { purchaseInvoiceMailText, renderPurchaseInvoicePdf } from "./purchase-invoice-document.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "./purchase-invoice.schema";
import type { Actor } from "./sales-invoice-list.server";

const NO_SUPPLIER_EMAIL = "This invoice's supplier has no email address to send it to";

/**
 * Emails the invoice, with its PDF attached, to the supplier's address (409 when they have none). A repeated
 * idempotency key answers the first result and sends nothing. When the mail cannot be sent the answer is the
 * mail server's message (or 'Failed to send invoice'), 502.
 */
export function sendPurchaseInvoiceEmail(db: DB, actor: Actor, invoiceId: number, key: string | null = null) {
  const scope = scopeFor(REPEAT_SCOPE.purchaseInvoiceEmail, invoiceId);
  return mailInvoiceDocument(db, { ownerId: actor.id, scope, key, command: { invoiceId } }, actor, (): Result<InvoiceMail> => {
    const invoice = getPurchaseInvoice(db, invoiceId);
    if (!invoice) return fail(404, PURCHASE_INVOICE_NOT_FOUND);
    const to = invoice.supplier?.email;
    if (!to) return fail(409, NO_SUPPLIER_EMAIL);
    const company = getCompanySettings();
    const subject = `Your invoice ${invoice.invoiceNumber} to ${company.name}`;
    const pdf = () => renderPurchaseInvoicePdf(invoice, company);
    return ok({ entityType: "purchase_invoice", invoice, to, subject, text: purchaseInvoiceMailText(invoice, company), pdf });
  });
}
