/**
 * A sales invoice as a PDF (pdfkit, A4, the built-in Helvetica fonts). The input is a plain document —
 * amounts in pence, dates YYYY-MM-DD, the status already derived — so any screen that can load an
 * invoice (the customer's account, the back office's finance screens) renders the same PDF.
 */
import PDFDocument from "pdfkit";
import type { CompanySettings } from "~/utils/company.server";
import { formatMoney, formatPercent } from "~/utils/money";
import { formatInvoiceDate, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";

export type InvoiceDocumentLine = {
  /** the product's code when invoiced; null for a custom line or a product without one */
  sku: string | null;
  description: string;
  quantity: number;
  /** pence, ex VAT */
  unitPrice: number;
  /** hundredths of a percent: 2000 = 20% */
  vatRate: number;
  /** pence */
  vatAmount: number;
  /** the line's total ex VAT, pence */
  total: number;
};

export type SalesInvoiceDocument = {
  invoiceNumber: string;
  orderNumber: string | null;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  /** pence */
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
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
  lines: InvoiceDocumentLine[];
};

export const PAYMENT_TERMS_TEXT = "Payment due within 30 days of the invoice date";

const MARGIN = 50;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/**
 * The lines table: code and description wrap; the numbers are right-aligned. Widths add up to the A4 text
 * width.
 */
const COLUMNS = [
  { key: "code", title: "Code", width: 75, align: "left" },
  { key: "description", title: "Description", width: 120, align: "left" },
  { key: "quantity", title: "Qty", width: 40, align: "right" },
  { key: "unitPrice", title: "Unit price (ex VAT)", width: 75, align: "right" },
  { key: "vatRate", title: "VAT %", width: 45, align: "right" },
  { key: "vatAmount", title: "VAT", width: 65, align: "right" },
  { key: "total", title: "Line total (ex VAT)", width: 75, align: "right" },
] as const;

type ColumnKey = (typeof COLUMNS)[number]["key"];

function lineCells(line: InvoiceDocumentLine): Record<ColumnKey, string> {
  return {
    code: line.sku ?? "",
    description: line.description,
    quantity: line.quantity.toLocaleString("en-GB"),
    unitPrice: formatMoney(line.unitPrice),
    vatRate: formatPercent(line.vatRate),
    vatAmount: formatMoney(line.vatAmount),
    total: formatMoney(line.total),
  };
}

/** The address lines of a one-line, comma-separated address. */
function addressLines(address: string | null | undefined): string[] {
  return (address ?? "")
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Renders the invoice; resolves with the whole PDF file. */
export function renderSalesInvoicePdf(invoice: SalesInvoiceDocument, company: CompanySettings): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      bufferPages: true,
      info: {
        Title: `Invoice ${invoice.invoiceNumber}`,
        Author: company.name,
        Subject: `Invoice ${invoice.invoiceNumber} from ${company.name}`,
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      drawInvoice(doc, invoice, company);
      drawPageNumbers(doc, invoice.invoiceNumber);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function drawInvoice(doc: PDFKit.PDFDocument, invoice: SalesInvoiceDocument, company: CompanySettings) {
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const right = left + width;
  const bottom = () => doc.page.height - MARGIN - 20; // room for the page number

  // ── Company header (left) and invoice title (right) ──
  const top = MARGIN;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(company.name, left, top, { width: 280 });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of addressLines(company.address)) doc.text(line, { width: 280 });
  if (company.vatNumber) doc.text(`VAT number: ${company.vatNumber}`, { width: 280 });
  doc.text(company.phone ? `${company.email} · ${company.phone}` : company.email, { width: 280 });
  const companyBottom = doc.y;

  doc.fillColor(INK).font("Helvetica-Bold").fontSize(24).text("INVOICE", left, top, { width, align: "right" });
  doc.moveDown(0.3);
  const meta: [string, string][] = [
    ["Invoice number", invoice.invoiceNumber],
    ["Issue date", formatInvoiceDate(invoice.issueDate)],
    ["Due date", formatInvoiceDate(invoice.dueDate)],
    ["Status", invoiceStatusLabel(invoice.status)],
  ];
  if (invoice.orderNumber) meta.push(["Order", invoice.orderNumber]);
  for (const [label, value] of meta) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, right - 220, y, { width: 100, align: "right" });
    doc.font("Helvetica-Bold").fillColor(INK).text(value, right - 110, y, { width: 110, align: "right" });
  }

  let y = Math.max(companyBottom, doc.y) + 20;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 14;

  // ── Bill to / Ship to ──
  const half = (width - 20) / 2;
  const billTo = [
    invoice.billTo.businessName,
    invoice.billTo.name,
    ...addressLines(invoice.billTo.address),
    invoice.billTo.email,
    invoice.billTo.vatNumber ? `VAT number: ${invoice.billTo.vatNumber}` : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
  const shipTo = invoice.shipTo
    ? [invoice.shipTo.name, ...addressLines(invoice.shipTo.address), invoice.shipTo.city, invoice.shipTo.postcode].filter(
        (line) => line && line.trim(),
      )
    : ["As billed"];

  const addressBlock = (title: string, lines: string[], x: number) => {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(title, x, y, { width: half });
    doc.font("Helvetica").fontSize(9).fillColor(INK);
    for (const line of lines.length > 0 ? lines : ["—"]) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const billBottom = addressBlock("Bill to", billTo, left);
  const shipBottom = addressBlock("Ship to", shipTo, left + half + 20);
  y = Math.max(billBottom, shipBottom) + 20;

  // ── Lines ──
  const drawTableHeader = () => {
    doc.font("Helvetica-Bold").fontSize(8.5).fillColor(INK);
    let x = left;
    let height = 0;
    for (const column of COLUMNS) {
      height = Math.max(height, doc.heightOfString(column.title, { width: column.width - 6 }));
    }
    for (const column of COLUMNS) {
      doc.text(column.title, x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    y += height + 4;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(INK).stroke();
    y += 5;
  };
  drawTableHeader();

  doc.font("Helvetica").fontSize(9).fillColor(INK);
  if (invoice.lines.length === 0) {
    doc.fillColor(MUTED).text("No items.", left, y, { width });
    y = doc.y + 6;
  }
  for (const line of invoice.lines) {
    const cells = lineCells(line);
    doc.font("Helvetica").fontSize(9);
    const rowHeight = Math.max(
      ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 6 })),
    );
    if (y + rowHeight > bottom()) {
      doc.addPage();
      y = MARGIN;
      drawTableHeader();
      doc.font("Helvetica").fontSize(9);
    }
    let x = left;
    doc.fillColor(INK);
    for (const column of COLUMNS) {
      doc.text(cells[column.key], x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    y += rowHeight + 5;
    doc.moveTo(left, y - 2.5).lineTo(right, y - 2.5).lineWidth(0.25).strokeColor(RULE).stroke();
  }

  // ── Totals ──
  const totals: [string, string, boolean][] = [
    ["Subtotal (ex VAT)", formatMoney(invoice.subtotal), false],
    ["VAT", formatMoney(invoice.vatAmount), false],
    ["Total", formatMoney(invoice.total), true],
    ["Amount paid", formatMoney(invoice.amountPaid), false],
    ["Outstanding balance", formatMoney(invoice.outstanding), true],
  ];
  const totalsHeight = totals.length * 16 + 10;
  if (y + totalsHeight > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  for (const [label, value, strong] of totals) {
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 10 : 9).fillColor(INK);
    doc.text(label, right - 260, y, { width: 150, align: "right" });
    doc.text(value, right - 105, y, { width: 105, align: "right" });
    y += 16;
  }

  // ── Payment terms and bank details ──
  const paymentLines: string[] = [];
  if (invoice.status === "void") {
    paymentLines.push("This invoice has been voided because its order was cancelled. Nothing is owed.");
  } else {
    paymentLines.push(`${PAYMENT_TERMS_TEXT} (by ${formatInvoiceDate(invoice.dueDate)}).`);
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

  const blockHeight = 40 + (paymentLines.length + bankLines.length + 2) * 13;
  y += 16;
  if (y + blockHeight > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 12;
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

/** "Page 1 of 2" at the foot of every page, once all pages exist. */
function drawPageNumbers(doc: PDFKit.PDFDocument, invoiceNumber: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // writing inside the bottom margin would otherwise start a new page
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${invoiceNumber} · Page ${index - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, {
        width: doc.page.width - MARGIN * 2,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The HTTP answer for a PDF download: `attachment; filename="INV-2026-00001.pdf"`, never cached publicly. */
export function pdfDownloadResponse(pdf: Buffer, filename: string): Response {
  const safeName = filename.replace(/[^\w.-]/g, "_");
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
