/**
 * The picking list printed (A4, pdfkit): what to take off the shelves for the selected orders, a row per
 * product and option choice, with its barcode drawn (bwip-js) so the picker can scan what they pick.
 */
import { barcodePng } from "~/utils/barcode-image.server";
import type { CompanySettings } from "~/utils/company.server";
import { INK, MUTED, RULE, drawLetterhead, pageBox, renderPdf } from "~/utils/pdf-document.server";
import { formatUkDate } from "~/utils/uk-time";
import type { PickingList } from "./order-exports.server";

export const BARCODE_WIDTH = 150;
export const BARCODE_HEIGHT = 48;

/** The pictures of the codes (null where there is no code, or it cannot be drawn), in order. */
export function barcodeImages(codes: readonly (string | null)[]): Promise<(Buffer | null)[]> {
  return Promise.all(codes.map((code) => (code ? barcodePng(code) : Promise.resolve(null))));
}

/** A line's barcode cell: the picture, else the code as text, else "No barcode". */
export function drawBarcodeCell(doc: PDFKit.PDFDocument, code: string | null, image: Buffer | null, x: number, y: number) {
  if (image) doc.image(image, x, y, { fit: [BARCODE_WIDTH, BARCODE_HEIGHT] });
  else if (code) doc.font("Helvetica").fontSize(9).fillColor(INK).text(code, x, y, { width: BARCODE_WIDTH });
  else doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text("No barcode", x, y, { width: BARCODE_WIDTH });
}

export async function renderPickingListPdf(list: PickingList, company: CompanySettings): Promise<Buffer> {
  const images = await barcodeImages(list.rows.map((row) => row.barcode));
  const date = formatUkDate(list.today);
  return renderPdf(
    { Title: `Picking list ${date}`, Author: company.name, Subject: `Picking list for ${list.orderCount} order(s)` },
    `Picking list ${date}`,
    (doc) => {
      const { left, width, right, bottom } = pageBox(doc);
      let y = drawLetterhead(doc, company, "PICKING LIST", [
        ["Date", date],
        ["Orders", String(list.orderCount)],
        ["Lines", String(list.rows.length)],
      ]);
      const qtyX = left;
      const textX = left + 50;
      const textWidth = width - 50 - BARCODE_WIDTH - 10;
      const header = (top: number) => {
        doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
        doc.text("Qty", qtyX, top, { width: 40 });
        doc.text("Product", textX, top, { width: textWidth });
        doc.text("Barcode", right - BARCODE_WIDTH, top, { width: BARCODE_WIDTH });
        return top + 16;
      };
      y = header(y);
      list.rows.forEach((row, index) => {
        const details = [row.variants, `Orders: ${row.orderNumbers.join(", ")}`, row.poReferences && `PO: ${row.poReferences}`, row.deliveryNotes && `Notes: ${row.deliveryNotes}`].filter(Boolean) as string[];
        doc.font("Helvetica-Bold").fontSize(10);
        const nameHeight = doc.heightOfString(row.productName, { width: textWidth });
        doc.font("Helvetica").fontSize(8.5);
        const detailHeight = details.reduce((sum, line) => sum + doc.heightOfString(line, { width: textWidth }), 0);
        const height = Math.max(nameHeight + detailHeight, row.barcode ? BARCODE_HEIGHT : 0) + 12;
        if (y + height > bottom()) {
          doc.addPage();
          y = header(doc.page.margins.top);
        }
        doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(String(row.totalQuantity), qtyX, y, { width: 40 });
        doc.fontSize(10).text(row.productName, textX, y, { width: textWidth });
        doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
        for (const line of details) doc.text(line, textX, doc.y, { width: textWidth });
        drawBarcodeCell(doc, row.barcode, images[index], right - BARCODE_WIDTH, y);
        y += height;
        doc.moveTo(left, y - 6).lineTo(right, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      });
    },
  );
}
