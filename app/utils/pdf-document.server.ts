/**
 * The house style of the business's PDF documents (pdfkit, A4, the built-in Helvetica fonts): the
 * letterhead, address blocks, the lines table, totals and page numbers. Invoices and purchase orders are
 * drawn with these parts, so every document the business sends looks the same.
 */
import fs from "node:fs";
import { companyLogoPath, type CompanySettings } from "~/utils/company.server";
import { loadPdfKit } from "~/utils/libraries.server";
import { formatMoney, formatPercent } from "~/utils/money";

export type InvoiceDocumentLine = {
  /** the product's code when invoiced or ordered; null or absent for a custom line */
  sku?: string | null;
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

export const MARGIN = 50;
export const INK = "#0f172a";
export const MUTED = "#475569";
export const RULE = "#cbd5e1";

/** The lines table: description wraps; the numbers are right-aligned. Widths add up to the A4 text width. */
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
export function addressLines(address: string | null | undefined): string[] {
  return (address ?? "")
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A customer's or supplier's block: business, name, address lines, email and VAT number, blanks left out. */
export function partyLines(party: {
  businessName: string | null;
  name: string | null;
  address: string | null;
  email: string | null;
  vatNumber: string | null;
}): string[] {
  return [
    party.businessName,
    party.name,
    ...addressLines(party.address),
    party.email,
    party.vatNumber ? `VAT number: ${party.vatNumber}` : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/**
 * An A4 document in the house style, drawn by `draw`, with "{footer} · Page 1 of 2" at the foot of every
 * page; resolves with the whole PDF file. Every business document (invoices, purchase orders) uses it.
 */
export async function renderPdf(
  info: { Title: string; Author: string; Subject: string },
  footer: string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: MARGIN, bufferPages: true, info });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      drawPageNumbers(doc, footer);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The page's usable box: left and right edges, its width, and the lowest y a row may reach. */
export function pageBox(doc: PDFKit.PDFDocument) {
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  return { left, width, right: left + width, bottom: () => doc.page.height - MARGIN - 20 }; // room for the page number
}

/**
 * The company's letterhead (left) and the document's title with its facts (right), then a rule. Returns the
 * y below it.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, company: CompanySettings, title: string, meta: [string, string][]) {
  const { left, width, right } = pageBox(doc);
  const top = MARGIN;
  const nameTop = top + drawLogo(doc, company, left, top);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(company.name, left, nameTop, { width: 280 });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of addressLines(company.address)) doc.text(line, { width: 280 });
  if (company.vatNumber) doc.text(`VAT number: ${company.vatNumber}`, { width: 280 });
  doc.text(company.phone ? `${company.email} · ${company.phone}` : company.email, { width: 280 });
  const companyBottom = doc.y;

  doc.fillColor(INK).font("Helvetica-Bold").fontSize(24).text(title, left, top, { width, align: "right" });
  doc.moveDown(0.3);
  for (const [label, value] of meta) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, right - 220, y, { width: 100, align: "right" });
    doc.font("Helvetica-Bold").fillColor(INK).text(value, right - 110, y, { width: 110, align: "right" });
  }

  const y = Math.max(companyBottom, doc.y) + 20;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  return y + 14;
}

/** The logo's box on the letterhead, in points: it is fitted inside, keeping its shape. */
const LOGO_BOX = { width: 160, height: 48 };

/**
 * Draws the uploaded logo (a PNG rendition, see company-logo.server.ts) at the letterhead's top left and
 * answers the height it took with a gap below; 0 with no logo, or when its file cannot be read (the name
 * alone is printed, as before a logo was uploaded).
 */
function drawLogo(doc: PDFKit.PDFDocument, company: CompanySettings, x: number, y: number): number {
  if (!company.logo) return 0;
  const scale = Math.min(LOGO_BOX.width / company.logo.width, LOGO_BOX.height / company.logo.height, 1);
  const height = company.logo.height * scale;
  try {
    doc.image(fs.readFileSync(companyLogoPath(company.logo)), x, y, { width: company.logo.width * scale, height });
  } catch {
    return 0;
  }
  return height + 8;
}

/** Two address blocks side by side (Bill to / Ship to, Supplier / Deliver to); returns the y below them. */
export function drawAddressBlocks(doc: PDFKit.PDFDocument, y: number, blocks: [[string, string[]], [string, string[]]]) {
  const { left, width } = pageBox(doc);
  const half = (width - 20) / 2;
  const addressBlock = (title: string, lines: string[], x: number) => {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(title, x, y, { width: half });
    doc.font("Helvetica").fontSize(9).fillColor(INK);
    for (const line of lines.length > 0 ? lines : ["—"]) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const firstBottom = addressBlock(blocks[0][0], blocks[0][1], left);
  const secondBottom = addressBlock(blocks[1][0], blocks[1][1], left + half + 20);
  return Math.max(firstBottom, secondBottom) + 20;
}

/** The lines table, continued on new pages with its header; returns the y below it. */
export function drawLineTable(doc: PDFKit.PDFDocument, y: number, lines: InvoiceDocumentLine[]) {
  const { left, width, right, bottom } = pageBox(doc);
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
  if (lines.length === 0) {
    doc.fillColor(MUTED).text("No items.", left, y, { width });
    y = doc.y + 6;
  }
  for (const line of lines) {
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
  return y;
}

/** The totals, right-aligned under the lines ([label, amount, bold]); returns the y below them. */
export function drawTotals(doc: PDFKit.PDFDocument, y: number, totals: [string, string, boolean][]) {
  const { right, bottom } = pageBox(doc);
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
  return y;
}

/** A closing section under a rule (payment terms, delivery instructions), starting a page when it must. */
export function startClosingSection(doc: PDFKit.PDFDocument, y: number, lineCount: number) {
  const { left, right, bottom } = pageBox(doc);
  const blockHeight = 40 + lineCount * 13;
  y += 16;
  if (y + blockHeight > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  return y + 12;
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
