/**
 * A supplier's invoice as this business recorded it, as a PDF (in the house style of every document) and
 * the email that sends it to the supplier: their invoice number and lines as entered, the totals, what has
 * been paid (each payment) and what is still owed, so both sides can reconcile their books.
 */
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { invoiceTotalRows } from "~/utils/invoice-pdf.server";
import { formatMoney } from "~/utils/money";
import * as pdf from "~/utils/pdf-document.server";
import { formatInvoiceDate, invoiceStatusLabel } from "./invoice-status";
import { getPurchaseInvoice, type PurchaseInvoiceDocument } from "./purchase-invoice-list.server";
import { PAYMENT_METHOD_LABELS } from "./sales-invoice.schema";

export function renderPurchaseInvoicePdf(invoice: PurchaseInvoiceDocument, company: CompanySettings): Promise<Buffer> {
  return pdf.renderPdf(
    {
      Title: `Purchase invoice ${invoice.invoiceNumber}`,
      Author: company.name,
      Subject: `Purchase invoice ${invoice.invoiceNumber} as recorded by ${company.name}`,
    },
    invoice.invoiceNumber,
    (doc) => {
      const meta: [string, string][] = [
        ["Supplier's invoice", invoice.invoiceNumber],
        ["Invoice date", formatInvoiceDate(invoice.invoiceDate)],
        ["Due date", invoice.dueDate ? formatInvoiceDate(invoice.dueDate) : "—"],
        ["Status", invoiceStatusLabel(invoice.status)],
      ];
      if (invoice.purchaseOrder) meta.push(["Our order", invoice.purchaseOrder.orderNumber]);
      let y = pdf.drawLetterhead(doc, company, "PURCHASE INVOICE", meta);
      y = pdf.drawAddressBlocks(doc, y, [
        ["Supplier", invoice.supplier ? pdf.partyLines(invoice.supplier) : []],
        ["Billed to", [company.name, ...pdf.addressLines(company.address)]],
      ]);
      y = pdf.drawLineTable(doc, y, invoice.lines);
      y = pdf.drawTotals(doc, y, invoiceTotalRows(invoice));

      const payments = invoice.payments.map(
        (payment) =>
          `${formatInvoiceDate(payment.paymentDate)}: £${payment.amount} by ${PAYMENT_METHOD_LABELS[payment.paymentMethod].toLowerCase()}${payment.reference ? `, reference ${payment.reference}` : ""}`,
      );
      const { left, width } = pdf.pageBox(doc);
      y = pdf.startClosingSection(doc, y, payments.length + 3);
      doc.font("Helvetica-Bold").fontSize(10).fillColor(pdf.INK).text("Payments made", left, y, { width });
      doc.font("Helvetica").fontSize(9);
      for (const line of payments.length ? payments : ["No payment has been made yet."]) doc.text(line, left, doc.y, { width });
      doc.moveDown(0.6);
      doc.text(`Questions about this invoice: ${company.email}.`, left, doc.y, { width });
    },
  );
}

/** The text of the email that sends the recorded invoice to the supplier. */
export function purchaseInvoiceMailText(invoice: PurchaseInvoiceDocument, company: CompanySettings) {
  const greeting = invoice.supplier?.name ?? invoice.supplier?.businessName ?? "supplier";
  const lines = [
    `Dear ${greeting},`,
    "",
    `Attached is your invoice ${invoice.invoiceNumber} of ${formatInvoiceDate(invoice.invoiceDate)} as recorded in our accounts${invoice.purchaseOrder ? `, for our purchase order ${invoice.purchaseOrder.orderNumber}` : ""}.`,
    "",
    `Total: ${formatMoney(invoice.total)} (including VAT ${formatMoney(invoice.vatAmount)})`,
    `Paid so far: ${formatMoney(invoice.amountPaid)}`,
    `Still to pay: ${formatMoney(invoice.outstanding)}`,
    ...(invoice.dueDate ? [`Due date: ${formatInvoiceDate(invoice.dueDate)}`] : []),
    "",
    `If anything differs from your records, please reply to ${company.email}.`,
    "",
    company.name,
  ];
  return lines.join("\n");
}

/** Any purchase invoice as a PDF with its number, or null when there is none (or none of `supplierId`'s). */
export async function purchaseInvoicePdf(db: DB, id: number, scope: { supplierId?: string } = {}) {
  const invoice = getPurchaseInvoice(db, id, scope);
  if (!invoice) return null;
  return { pdf: await renderPurchaseInvoicePdf(invoice, getCompanySettings()), invoiceNumber: invoice.invoiceNumber };
}
