/**
 * A purchase order as the supplier receives it: the PDF (in the house style of the invoices) and the email
 * that carries it. The document is read straight from the database, amounts in pence.
 */
import { asc, eq } from "drizzle-orm";
import { products, purchaseOrderItems, purchaseOrders, users } from "~db/schema";
import type { CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import {
  addressLines,
  drawAddressBlocks,
  drawLetterhead,
  drawLineTable,
  drawTotals,
  INK,
  partyLines,
  pageBox,
  renderPdf,
  startClosingSection,
  type InvoiceDocumentLine,
} from "~/utils/pdf-document.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { purchaseOrderStatusLabel, type PurchaseOrderStatus } from "./purchase-order-status";

export type PurchaseOrderDocument = {
  id: number;
  orderNumber: string;
  status: PurchaseOrderStatus;
  createdAt: Date;
  sentAt: Date | null;
  notes: string | null;
  subtotal: number;
  vatAmount: number;
  total: number;
  supplier: {
    email: string;
    businessName: string | null;
    name: string | null;
    address: string | null;
    vatNumber: string | null;
  } | null;
  lines: InvoiceDocumentLine[];
};

/** "05 Mar 2026": the UK calendar day of an instant. */
const ukDateOf = (instant: Date) => formatInvoiceDate(ukToday(instant));

export function loadPurchaseOrderDocument(db: DB, id: number): PurchaseOrderDocument | null {
  const row = db
    .select({
      id: purchaseOrders.id,
      orderNumber: purchaseOrders.orderNumber,
      status: purchaseOrders.status,
      createdAt: purchaseOrders.createdAt,
      sentAt: purchaseOrders.sentAt,
      notes: purchaseOrders.notes,
      subtotal: purchaseOrders.subtotal,
      vatAmount: purchaseOrders.vatAmount,
      total: purchaseOrders.total,
      email: users.email,
      businessName: users.businessName,
      firstName: users.firstName,
      lastName: users.lastName,
      address: users.address,
      vatNumber: users.vatNumber,
    })
    .from(purchaseOrders)
    .leftJoin(users, eq(users.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, id))
    .get();
  if (!row) return null;
  // the Code column: the product's SKU, read from the catalogue (a PO line keeps no copy of it); a line whose
  // product was deleted since has none
  const lines = db
    .select({
      sku: products.sku,
      description: purchaseOrderItems.productName,
      quantity: purchaseOrderItems.quantity,
      unitPrice: purchaseOrderItems.unitPrice,
      vatRate: purchaseOrderItems.vatRate,
      vatAmount: purchaseOrderItems.vatAmount,
      total: purchaseOrderItems.total,
    })
    .from(purchaseOrderItems)
    .leftJoin(products, eq(products.id, purchaseOrderItems.productId))
    .where(eq(purchaseOrderItems.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderItems.id))
    .all();
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || null;
  return {
    ...row,
    supplier: row.email
      ? { email: row.email, businessName: row.businessName, name, address: row.address, vatNumber: row.vatNumber }
      : null,
    lines,
  };
}

export function renderPurchaseOrderPdf(order: PurchaseOrderDocument, company: CompanySettings): Promise<Buffer> {
  return renderPdf(
    {
      Title: `Purchase order ${order.orderNumber}`,
      Author: company.name,
      Subject: `Purchase order ${order.orderNumber} from ${company.name}`,
    },
    order.orderNumber,
    (doc) => {
      const meta: [string, string][] = [
        ["Order number", order.orderNumber],
        ["Order date", ukDateOf(order.sentAt ?? order.createdAt)],
        ["Status", purchaseOrderStatusLabel(order.status)],
      ];
      let y = drawLetterhead(doc, company, "PURCHASE ORDER", meta);
      const supplier = order.supplier ? partyLines(order.supplier) : [];
      y = drawAddressBlocks(doc, y, [
        ["Supplier", supplier],
        ["Deliver to", [company.name, ...addressLines(company.address)]],
      ]);
      y = drawLineTable(doc, y, order.lines);
      y = drawTotals(doc, y, [
        ["Subtotal (ex VAT)", formatMoney(order.subtotal), false],
        ["VAT", formatMoney(order.vatAmount), false],
        ["Total", formatMoney(order.total), true],
      ]);
      const instructions = [
        `Please quote ${order.orderNumber} on your delivery note and invoice.`,
        `Send invoices and questions about this order to ${company.email}.`,
      ];
      const notes = order.notes ? order.notes.split("\n") : [];
      const { left, width } = pageBox(doc);
      y = startClosingSection(doc, y, instructions.length + notes.length + 2);
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Delivery and invoicing", left, y, { width });
      doc.font("Helvetica").fontSize(9);
      for (const line of instructions) doc.text(line, left, doc.y, { width });
      if (notes.length > 0) {
        doc.moveDown(0.6);
        doc.font("Helvetica-Bold").fontSize(10).text("Notes", left, doc.y, { width });
        doc.font("Helvetica").fontSize(9);
        for (const line of notes) doc.text(line, left, doc.y, { width });
      }
    },
  );
}

/** The text of the email that carries the PDF to the supplier. */
export function purchaseOrderMailText(order: PurchaseOrderDocument, company: CompanySettings) {
  const greeting = order.supplier?.name ?? order.supplier?.businessName ?? "supplier";
  const lines = [
    `Dear ${greeting},`,
    "",
    `Please find attached our purchase order ${order.orderNumber} (${order.lines.length} ${order.lines.length === 1 ? "line" : "lines"}).`,
    "",
    ...order.lines.map((line) => `- ${line.description} × ${line.quantity.toLocaleString("en-GB")}`),
    "",
    `Total: ${formatMoney(order.total)} (including VAT ${formatMoney(order.vatAmount)})`,
    "",
    `Please quote ${order.orderNumber} on your delivery note and invoice, and confirm the delivery date to ${company.email}.`,
    ...(order.notes ? ["", `Notes: ${order.notes}`] : []),
    "",
    company.name,
  ];
  return lines.join("\n");
}
