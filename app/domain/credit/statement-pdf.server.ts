/**
 * A company's statement as a PDF (pdfkit, A4, the house style of app/utils/pdf-document.server.ts): the period's
 * lines with the running balance, opening and closing balances, the aged balance, the seller's bank details and a
 * remittance slip to tear off and send back with the payment.
 */
import type { CompanySettings } from "~/utils/company.server";
import { formatMoney } from "~/utils/money";
import { addressLines, drawAddressBlocks, drawLetterhead, INK, MARGIN, MUTED, pageBox, renderPdf, RULE, startClosingSection } from "~/utils/pdf-document.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { AGE_BUCKETS, AGE_BUCKET_LABELS } from "~/domain/ledger/aged-balances";
import { accountReference } from "./credit";
import { PAYMENT_TERMS_LABELS, type PaymentTerms } from "./payment-terms";
import { STATEMENT_KIND_LABELS } from "./statement";
import type { CompanyStatement } from "./statement.server";

export type StatementDocument = CompanyStatement & { address: string | null; paymentTerms: PaymentTerms };

const COLUMNS = [
  { title: "Date", width: 75, align: "left" },
  { title: "Details", width: 120, align: "left" },
  { title: "Reference", width: 100, align: "left" },
  { title: "Due", width: 75, align: "left" },
  { title: "Amount", width: 62, align: "right" },
  { title: "Balance", width: 63, align: "right" },
] as const;

export function statementFileName(statement: Pick<CompanyStatement, "companyId" | "to">) {
  return `statement-${accountReference(statement.companyId)}-${statement.to}.pdf`;
}

export function renderStatementPdf(statement: StatementDocument, company: CompanySettings): Promise<Buffer> {
  const reference = accountReference(statement.companyId);
  return renderPdf(
    { Title: `Statement ${reference} at ${statement.to}`, Author: company.name, Subject: `Statement of account from ${company.name}` },
    `Statement ${reference} at ${formatInvoiceDate(statement.to)}`,
    (doc) => drawStatement(doc, statement, company),
  );
}

function drawStatement(doc: PDFKit.PDFDocument, statement: StatementDocument, company: CompanySettings) {
  const { left, width, right, bottom } = pageBox(doc);
  const reference = accountReference(statement.companyId);
  let y = drawLetterhead(doc, company, "STATEMENT", [
    ["Account", reference],
    ["Statement date", formatInvoiceDate(statement.to)],
    ["Period from", formatInvoiceDate(statement.from)],
    ["Terms", PAYMENT_TERMS_LABELS[statement.paymentTerms]],
  ]);
  y = drawAddressBlocks(doc, y, [
    ["Account", [statement.companyName, ...addressLines(statement.address)]],
    ["Amounts", ["All amounts include VAT.", "A negative amount is money off your balance."]],
  ]);

  const header = () => {
    doc.font("Helvetica-Bold").fontSize(8.5).fillColor(INK);
    let x = left;
    for (const column of COLUMNS) {
      doc.text(column.title, x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(INK).stroke();
    y += 5;
  };
  const row = (cells: string[], bold = false) => {
    if (y + 14 > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9).fillColor(INK);
    let x = left;
    COLUMNS.forEach((column, i) => {
      doc.text(cells[i] ?? "", x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    y += 14;
  };
  header();
  row([formatInvoiceDate(statement.from), "Opening balance", "", "", "", formatMoney(statement.openingBalance)], true);
  for (const line of statement.lines) {
    row([
      formatInvoiceDate(line.date),
      STATEMENT_KIND_LABELS[line.kind],
      line.reference,
      line.dueDate ? formatInvoiceDate(line.dueDate) : "",
      formatMoney(line.amount),
      formatMoney(line.balance),
    ]);
  }
  if (statement.lines.length === 0) row(["", "Nothing in this period", "", "", "", ""]);
  row([formatInvoiceDate(statement.to), "Closing balance (inc VAT)", "", "", "", formatMoney(statement.closingBalance)], true);

  // ── Aged balance ──
  y = startClosingSection(doc, y, 3);
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Aged balance (days past due, inc VAT)", left, y, { width });
  y = doc.y + 4;
  const cell = width / (AGE_BUCKETS.length + 1);
  [...AGE_BUCKETS.map((bucket) => AGE_BUCKET_LABELS[bucket]), "Total"].forEach((label, i) =>
    doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(label, left + i * cell, y, { width: cell - 4, align: "right" }),
  );
  y += 12;
  [...AGE_BUCKETS.map((bucket) => statement.aged[bucket]), statement.aged.total].forEach((amount, i) =>
    doc.font("Helvetica-Bold").fontSize(9).fillColor(INK).text(formatMoney(amount), left + i * cell, y, { width: cell - 4, align: "right" }),
  );
  y += 16;

  // ── How to pay ──
  const bankLines = company.bank
    ? [
        `Bank: ${company.bank.bankName}`,
        `Account name: ${company.bank.accountName}`,
        `Sort code: ${company.bank.sortCode}   Account number: ${company.bank.accountNumber}`,
        `Reference: ${reference} (or the invoice numbers you are paying)`,
      ]
    : [`Please contact ${company.email} for payment details, quoting ${reference}.`];
  y = startClosingSection(doc, y, bankLines.length + 1);
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("How to pay", left, y, { width });
  doc.font("Helvetica").fontSize(9);
  for (const line of bankLines) doc.text(line, left, doc.y, { width });

  // ── Remittance slip ──
  y = doc.y + 24;
  if (y + 120 > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.moveTo(left, y).lineTo(right, y).dash(4, { space: 3 }).lineWidth(0.75).strokeColor(RULE).stroke().undash();
  doc.font("Helvetica").fontSize(7.5).fillColor(MUTED).text("Cut here and send with your payment", left, y + 3, { width, align: "center" });
  y += 18;
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("REMITTANCE ADVICE", left, y, { width });
  y = doc.y + 4;
  const slip: [string, string][] = [
    ["From", statement.companyName],
    ["Account", reference],
    ["Statement date", formatInvoiceDate(statement.to)],
    ["Balance due (inc VAT)", formatMoney(statement.closingBalance)],
    ["Amount paid", "£ ____________"],
    ["Pay to", company.bank ? `${company.bank.accountName}, sort code ${company.bank.sortCode}, account ${company.bank.accountNumber}` : company.name],
  ];
  for (const [label, value] of slip) {
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, left, y, { width: 130 });
    doc.font("Helvetica-Bold").fillColor(INK).text(value, left + 135, y, { width: width - 135 });
    y = doc.y + 3;
  }
}
