/** Emailing a sales invoice to its customer, with the invoice PDF attached (screen and API). */
import { getCompanySettings, invoiceIdentityProblem } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce, type RepeatRef } from "~/utils/idempotency.server";
import { renderSalesInvoicePdf, type SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { sendMail } from "~/utils/mail.server";
import { formatMoney } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { INVOICE_EMAIL_FAILED, SALES_INVOICE_NOT_FOUND } from "./sales-invoice.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { formatInvoiceDate } from "./invoice-status";
import { paymentTermsText } from "~/domain/credit/payment-terms";
import { loadSalesInvoiceDocument } from "./invoice-document.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Actor } from "./sales-invoice-list.server";

const VOID_INVOICE_EMAIL = "This invoice is void (its order was cancelled) and cannot be sent";
const NO_CUSTOMER_EMAIL = "This invoice has no customer email address to send it to";

export type SentInvoiceEmail = { invoiceNumber: string; to: string; subject: string };
/** A mail server that refused or could not be reached is not the client's fault: 502. */
export type MailFailure = { ok: false; status: 502; message: string };


/** `Invoice INV-2026-00012 from Acme Supplies Ltd`, with the PDF attached and the balance in the text. */
function invoiceMail(invoice: SalesInvoiceDocument, companyName: string, companyEmail: string) {
  const lines = [
    `Dear ${invoice.billTo.name ?? invoice.billTo.businessName ?? "customer"},`,
    "",
    `Please find attached invoice ${invoice.invoiceNumber}${invoice.orderNumber ? ` for order ${invoice.orderNumber}` : ""}, issued ${formatInvoiceDate(invoice.issueDate)}.`,
    ...(invoice.poReference ? [`Your reference: ${invoice.poReference}`] : []),
    "",
    `Total: ${formatMoney(invoice.total)} (including VAT ${formatMoney(invoice.vatAmount)})`,
    `Amount paid: ${formatMoney(invoice.amountPaid)}`,
    `Outstanding balance: ${formatMoney(invoice.outstanding)}`,
    `Due date: ${formatInvoiceDate(invoice.dueDate)}`,
    "",
    `${paymentTermsText(invoice.paymentTerms ?? null)}. Please quote ${invoice.invoiceNumber} as the reference.`,
    `Questions about this invoice: ${companyEmail}.`,
    "",
    companyName,
  ];
  return lines.join("\n");
}

/**
 * Emails the invoice, with its PDF attached, to the customer's address (the account's, else the order's).
 * A repeated idempotency key answers the first result and sends nothing. A void invoice is not sent (409).
 * When the mail cannot be sent the answer is the mail server's message (or 'Failed to send invoice').
 */
export function sendInvoiceEmail(db: DB, actor: Actor, invoiceId: number, key: string | null = null) {
  const scope = scopeFor(REPEAT_SCOPE.salesInvoiceEmail, invoiceId);
  return mailInvoiceDocument(db, { ownerId: actor.id, scope, key, command: { invoiceId } }, actor, (): Result<InvoiceMail> => {
    const loaded = loadSalesInvoiceDocument(db, invoiceId);
    if (!loaded) return fail(404, SALES_INVOICE_NOT_FOUND);
    if (loaded.storedStatus === "void") return fail(409, VOID_INVOICE_EMAIL);
    const to = loaded.billTo.email;
    if (!to) return fail(409, NO_CUSTOMER_EMAIL);
    const company = getCompanySettings();
    const identityProblem = invoiceIdentityProblem(company);
    if (identityProblem) return fail(409, identityProblem);
    return ok({
      entityType: "sales_invoice",
      invoice: loaded,
      to,
      subject: `Invoice ${loaded.invoiceNumber} from ${company.name}`,
      text: invoiceMail(loaded, company.name, company.email),
      pdf: () => renderSalesInvoicePdf(loaded, company),
    });
  });
}

/** What mailing one invoice takes: the record it is audited against, the address, the text and the PDF. */
export type InvoiceMail = {
  entityType: string;
  invoice: { id: number; invoiceNumber: string };
  to: string;
  subject: string;
  text: string;
  pdf: () => Promise<Buffer>;
};

/**
 * Sends one invoice document by mail with its PDF attached, then records it (audited as
 * `{entityType}.emailed`) against the idempotency key: a repeated key answers the first result and sends
 * nothing; `prepare` may refuse (unknown invoice, no address). When the mail cannot be sent the answer is
 * the mail server's message (or 'Failed to send invoice') and nothing is recorded, so the key can try again.
 */
export async function mailInvoiceDocument(
  db: DB,
  ref: RepeatRef,
  actor: Actor,
  prepare: () => Result<InvoiceMail>,
): Promise<Result<SentInvoiceEmail> | MailFailure> {
  const previous = earlierResult<Result<SentInvoiceEmail>>(db, ref);
  if (previous) return previous.result;
  const prepared = prepare();
  if (!prepared.ok) return prepared;
  const mail = prepared.value;
  const { invoice, to, subject } = mail;
  let messageId: string;
  let file: string | null;
  try {
    const sent = await sendMail({
      to,
      subject,
      text: mail.text,
      attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, content: await mail.pdf(), contentType: "application/pdf" }],
    });
    messageId = sent.messageId;
    file = sent.file;
  } catch (error) {
    console.error(`Sending invoice ${invoice.invoiceNumber} failed`, error);
    const message = error instanceof Error && error.message.trim() ? error.message.trim() : INVOICE_EMAIL_FAILED;
    return { ok: false, status: 502, message };
  }
  const { result } = runOnce(db, ref, (tx) => {
    recordAudit(tx, {
      actorId: actor.id,
      action: `${mail.entityType}.emailed`,
      entityType: mail.entityType,
      entityId: invoice.id,
      details: { invoiceNumber: invoice.invoiceNumber, to, subject, messageId, outboxFile: file },
    });
    return ok({ invoiceNumber: invoice.invoiceNumber, to, subject });
  });
  return result;
}
