/**
 * The delivery note printed (A4, pdfkit, the house style of pdf-document.server.ts): the letterhead with the
 * order's number, date and PO reference, where it goes, then a row per line with its code, name, options and
 * pack, the quantity ordered and to deliver, and its barcode drawn (bwip-js), and a box to sign for the goods.
 */
import type { CompanySettings } from "~/utils/company.server";
import { INK, MUTED, RULE, drawAddressBlocks, drawLetterhead, pageBox, renderPdf, startClosingSection } from "~/utils/pdf-document.server";
import type { DeliveryNote } from "./delivery-note.server";
import { BARCODE_HEIGHT, BARCODE_WIDTH, barcodeImages, drawBarcodeCell } from "./picking-list-pdf.server";

export async function renderDeliveryNotePdf(note: DeliveryNote, company: CompanySettings): Promise<Buffer> {
  const images = await barcodeImages(note.lines.map((line) => line.barcode));
  return renderPdf(
    { Title: `Delivery note ${note.orderNumber}`, Author: company.name, Subject: `Delivery note for order ${note.orderNumber}` },
    `Delivery note ${note.orderNumber}`,
    (doc) => {
      const { left, width, right, bottom } = pageBox(doc);
      const meta: [string, string][] = [
        ["Order", note.orderNumber],
        ["Order date", note.orderDate],
      ];
      if (note.poReference) meta.push(["Your reference", note.poReference]);
      let y = drawLetterhead(doc, company, "DELIVERY NOTE", meta);
      y = drawAddressBlocks(doc, y, [
        ["Deliver to", note.deliverTo],
        ["Delivery notes", note.deliveryNotes ? [note.deliveryNotes] : ["None"]],
      ]);

      const codeX = left;
      const codeWidth = 70;
      const textX = codeX + codeWidth + 5;
      const orderedWidth = 45;
      const deliverWidth = 50;
      const barcodeX = right - BARCODE_WIDTH;
      const deliverX = barcodeX - 10 - deliverWidth;
      const orderedX = deliverX - 5 - orderedWidth;
      const textWidth = orderedX - 10 - textX;
      const header = (top: number) => {
        doc.font("Helvetica-Bold").fontSize(8.5).fillColor(INK);
        doc.text("Code", codeX, top, { width: codeWidth });
        doc.text("Product", textX, top, { width: textWidth });
        doc.text("Ordered", orderedX, top, { width: orderedWidth, align: "right" });
        doc.text("To deliver", deliverX, top, { width: deliverWidth, align: "right" });
        doc.text("Barcode", barcodeX, top, { width: BARCODE_WIDTH });
        const below = top + 14;
        doc.moveTo(left, below).lineTo(right, below).lineWidth(0.75).strokeColor(INK).stroke();
        return below + 6;
      };
      y = header(y);
      if (note.lines.length === 0) {
        doc.font("Helvetica").fontSize(9).fillColor(MUTED).text("No items.", left, y, { width });
        y = doc.y + 6;
      }
      note.lines.forEach((line, index) => {
        const details = [line.options, line.packLabel && `Pack: ${line.packLabel}`].filter(Boolean) as string[];
        doc.font("Helvetica-Bold").fontSize(10);
        const nameHeight = doc.heightOfString(line.productName, { width: textWidth });
        doc.font("Helvetica").fontSize(8.5);
        const detailHeight = details.reduce((sum, text) => sum + doc.heightOfString(text, { width: textWidth }), 0);
        doc.fontSize(9);
        const codeHeight = doc.heightOfString(line.sku ?? "—", { width: codeWidth });
        const height = Math.max(nameHeight + detailHeight, codeHeight, line.barcode ? BARCODE_HEIGHT : 12) + 12;
        if (y + height > bottom()) {
          doc.addPage();
          y = header(doc.page.margins.top);
        }
        doc.font("Helvetica").fontSize(9).fillColor(INK).text(line.sku ?? "—", codeX, y, { width: codeWidth });
        doc.font("Helvetica-Bold").fontSize(10).text(line.productName, textX, y, { width: textWidth });
        doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
        for (const text of details) doc.text(text, textX, doc.y, { width: textWidth });
        doc.font("Helvetica").fontSize(10).fillColor(INK).text(line.ordered.toLocaleString("en-GB"), orderedX, y, { width: orderedWidth, align: "right" });
        doc.font("Helvetica-Bold").text(line.toDeliver.toLocaleString("en-GB"), deliverX, y, { width: deliverWidth, align: "right" });
        drawBarcodeCell(doc, line.barcode, images[index], barcodeX, y);
        y += height;
        doc.moveTo(left, y - 6).lineTo(right, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      });

      const units = note.lines.reduce((sum, line) => sum + line.toDeliver, 0);
      y = startClosingSection(doc, y, 4);
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(`${note.lines.length} line(s), ${units.toLocaleString("en-GB")} unit(s) to deliver`, left, y, { width });
      doc.font("Helvetica").fontSize(9).fillColor(MUTED).text("Received in good condition. Please check the goods against this note before signing.", left, doc.y + 4, { width });
      const signY = doc.y + 18;
      const third = (width - 20) / 3;
      for (const [index, label] of ["Name", "Signature", "Date"].entries()) {
        const x = left + index * (third + 10);
        doc.moveTo(x, signY + 14).lineTo(x + third, signY + 14).lineWidth(0.5).strokeColor(INK).stroke();
        doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(label, x, signY + 18, { width: third });
      }
    },
  );
}
