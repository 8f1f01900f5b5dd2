/**
 * A sales invoice as a PDF (pdfkit, A4, the built-in Helvetica fonts). The input is a plain document —
 * amounts in pence, dates YYYY-MM-DD, the status already derived — so any screen that can load an
 * invoice (the customer's account, the back office's finance screens) renders the same PDF.
 */
import type { CompanySettings } from "~/utils/company.server";
import { formatMoney } from "~/utils/money";
import {
  addressLines,
  drawAddressBlocks,
  partyLines,
  drawLetterhead,
  drawLineTable,
  drawTotals,
  INK,
  pageBox,
  renderPdf,
  startClosingSection,
  type InvoiceDocumentLine,
} from "~/utils/pdf-document.server";
import { formatInvoiceDate, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { PAYMENT_TERMS_LABELS, paymentTermsText, type PaymentTerms } from "~/domain/credit/payment-terms";

export type { InvoiceDocumentLine };

export type SalesInvoiceDocument = {
  invoiceNumber: string;
  orderNumber: string | null;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDate: string;
  /** the terms it was issued on; null for invoices from before terms (30 days) and manual ones with a typed due date */
  paymentTerms?: PaymentTerms | null;
  status: InvoiceStatus;
  /** pence */
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  /** set against it by credit notes (refunds while it still owed) */
  creditedAmount?: number;
  outstanding: number;
  billTo: {
    businessName: string | null;
    name: string | null;
    email: string | null;
    address: string | null;
    vatNumber: string | null;
  };
  /** the order's delivery address; null when the invoice has no order */
  shipTo: { name: string; address: string; city: string; postcode: string } | null;
  /** the customer's purchase-order reference for the order, printed as "Your reference" */
  poReference: string | null;
  /** the quote the order accepted, "QT-00012 v2", printed as "Quote"; null or absent otherwise */
  quote?: string | null;
  /** the order's delivery instructions, printed under the delivery address */
  deliveryNotes: string | null;
  lines: InvoiceDocumentLine[];
};


/** Renders the invoice; resolves with the whole PDF file. */
export function renderSalesInvoicePdf(invoice: SalesInvoiceDocument, company: CompanySettings): Promise<Buffer> {
  return renderPdf(
    {
      Title: `Invoice ${invoice.invoiceNumber}`,
      Author: company.name,
      Subject: `Invoice ${invoice.invoiceNumber} from ${company.name}`,
    },
    invoice.invoiceNumber,
    (doc) => drawInvoice(doc, invoice, company),
  );
}

function drawInvoice(doc: PDFKit.PDFDocument, invoice: SalesInvoiceDocument, company: CompanySettings) {
  const { left, width } = pageBox(doc);

  // ── Company header (left) and invoice title (right) ──
  const meta: [string, string][] = [
    ["Invoice number", invoice.invoiceNumber],
    ["Issue date", formatInvoiceDate(invoice.issueDate)],
    ["Due date", formatInvoiceDate(invoice.dueDate)],
    ...(invoice.paymentTerms ? [["Terms", PAYMENT_TERMS_LABELS[invoice.paymentTerms]] as [string, string]] : []),
    ["Status", invoiceStatusLabel(invoice.status)],
  ];
  if (invoice.orderNumber) meta.push(["Order", invoice.orderNumber]);
  if (invoice.poReference) meta.push(["Your reference", invoice.poReference]);
  if (invoice.quote) meta.push(["Quote", invoice.quote]);
  let y = drawLetterhead(doc, company, "INVOICE", meta);

  // ── Bill to / Ship to ──
  const billTo = partyLines(invoice.billTo);
  const shipTo = invoice.shipTo
    ? [invoice.shipTo.name, ...addressLines(invoice.shipTo.address), invoice.shipTo.city, invoice.shipTo.postcode].filter(
        (line) => line && line.trim(),
      )
    : ["As billed"];
  y = drawAddressBlocks(doc, y, [
    ["Bill to", billTo],
    ["Ship to", invoice.deliveryNotes ? [...shipTo, "Delivery notes", invoice.deliveryNotes] : shipTo],
  ]);

  // ── Lines ──
  y = drawLineTable(doc, y, invoice.lines);

  // ── Totals ──
  y = drawTotals(doc, y, invoiceTotalRows(invoice));

  // ── Payment terms and bank details ──
  const paymentLines: string[] = [];
  if (invoice.status === "void") {
    paymentLines.push("This invoice has been voided because its order was cancelled. Nothing is owed.");
  } else {
    paymentLines.push(`${paymentTermsText(invoice.paymentTerms ?? null)} (by ${formatInvoiceDate(invoice.dueDate)}).`);
  }
  const bankLines = company.bank
    ? [
        `Bank: ${company.bank.bankName}`,
        `Account name: ${company.bank.accountName}`,
        `Sort code: ${company.bank.sortCode}`,
        `Account number: ${company.bank.accountNumber}`,
        `Reference: ${invoice.invoiceNumber}`,
      ]
    : [`Please contact ${company.email} for payment details, quoting reference ${invoice.invoiceNumber}.`];

  y = startClosingSection(doc, y, paymentLines.length + bankLines.length + 2);
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Payment terms", left, y, { width });
  doc.font("Helvetica").fontSize(9);
  for (const line of paymentLines) doc.text(line, left, doc.y, { width });
  if (invoice.status !== "void") {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").fontSize(10).text("Bank details", left, doc.y, { width });
    doc.font("Helvetica").fontSize(9);
    for (const line of bankLines) doc.text(line, left, doc.y, { width });
  }
}

/** An invoice's totals as printed: subtotal, VAT, total, amount paid and the outstanding balance. */
export function invoiceTotalRows(invoice: Amounts): [string, string, boolean][] {
  return [
    ["Subtotal (ex VAT)", formatMoney(invoice.subtotal), false],
    ["VAT", formatMoney(invoice.vatAmount), false],
    ["Total", formatMoney(invoice.total), true],
    ["Amount paid", formatMoney(invoice.amountPaid), false],
    ...(invoice.creditedAmount ? [["Credit notes", formatMoney(invoice.creditedAmount), false] as [string, string, boolean]] : []),
    ["Outstanding balance", formatMoney(invoice.outstanding), true],
  ];
}
type Amounts = Pick<SalesInvoiceDocument, "subtotal" | "vatAmount" | "total" | "amountPaid" | "creditedAmount" | "outstanding">;

/** The HTTP answer for a PDF download: `attachment; filename="INV-2026-00001.pdf"`, never cached publicly. */
export function pdfDownloadResponse(pdf: Buffer, filename: string, disposition: "attachment" | "inline" = "attachment"): Response {
  const safeName = filename.replace(/[^\w.-]/g, "_");
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${safeName}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A PDF page's refusal as plain text (a browser shows it as it is): 404 unless said otherwise. */
export function pdfRefusal(message: string, status = 404): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
