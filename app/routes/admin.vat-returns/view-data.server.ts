/** The VAT Returns screen's view of one return, as the page's JSON: money in pence, instants as ISO text. */
import { normaliseVrn } from "~/domain/vat/mtd.schema";
import { BOXES, boxPence } from "~/domain/vat/vat-boxes";
import { addDays, ukDateOf } from "~/domain/vat/vat-period";
import { boxesOf, linesGroupOfBox, vatReturnJson, type VatReturnDetail } from "~/domain/vat/vat-returns.server";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { listVatPayments, vatSettlement } from "~/domain/vat/vat-payments.server";

export function viewJson(db: DB, detail: VatReturnDetail, box: number | null, confirmingFile: boolean, now = new Date()) {
  const { row, figures, lines } = detail;
  const boxes = boxesOf(row);
  const iso = (value: Date) => value.toISOString();
  return {
    ...vatReturnJson(row),
    boxes: BOXES.map((entry) => ({
      number: entry.number,
      label: entry.label,
      wholePounds: entry.wholePounds,
      pence: boxPence(boxes, entry.key),
      lines: linesGroupOfBox(entry.number),
    })),
    box,
    outOfDate: detail.outOfDate,
    counted: { sales: figures.sales, refunds: figures.refunds, purchases: figures.purchases },
    periodOver: ukDateOf(now.getTime()) > row.endDate,
    fileableFrom: addDays(row.endDate, 1),
    confirmingFile: confirmingFile && !row.isFiled,
    lines: lines
      ? lines.group === "sales"
        ? { ...lines, items: lines.items.map((line) => ({ ...line, recordedAt: iso(line.recordedAt) })) }
        : { ...lines, items: lines.items.map((line) => ({ ...line, recordedAt: iso(line.recordedAt) })) }
      : null,
    refunds: detail.refunds.map((note) => ({ ...note, recordedAt: iso(note.recordedAt) })),
    mtd: mtdJson(row),
    hmrc: row.isFiled && row.box5NetVat !== 0 ? hmrcJson(db, row, now) : null,
  };
}

/** A filed return's settlement with HMRC: what it owes (or is owed), what has moved, and the accounts to pay from. */
function hmrcJson(db: DB, row: VatReturnDetail["row"], now: Date) {
  const settlement = vatSettlement(db, row);
  return {
    ...settlement,
    payments: listVatPayments(db, row.id),
    accounts: listFinancialAccountOptions(db),
    today: ukDateOf(now.getTime()),
  };
}

/**
 * The Making Tax Digital panel: what is stored, what the form starts with (a return with no VRN yet offers the
 * company's VAT number from settings, as 9 digits), and whether the JSON can be downloaded.
 */
function mtdJson(row: VatReturnDetail["row"]) {
  const companyVrn = getCompanySettings().vatNumber;
  return {
    vatRegistrationNumber: row.vatRegistrationNumber,
    periodKey: row.periodKey,
    defaultVrn: row.vatRegistrationNumber ?? (companyVrn ? (normaliseVrn(companyVrn) ?? companyVrn) : ""),
    ready: Boolean(row.vatRegistrationNumber && row.periodKey),
  };
}
