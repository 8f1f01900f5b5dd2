/**
 * VAT returns as read by the back office (the /admin/vat-returns screen and /api/admin/vat-returns): the list,
 * one return with its figures worked out again and the lines behind its boxes, and its CSV file.
 */
import { count, desc, eq, min } from "drizzle-orm";
import { purchaseInvoices, salesInvoices, vatReturns } from "~db/schema";
import { writeCsv } from "~/utils/csv.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { BOX_KEYS, BOXES, boxPence, netVatDirection, sameBoxes, type VatBoxes } from "./vat-boxes";
import {
  computeVatFigures,
  purchaseLines,
  refundCreditNotes,
  salesLines,
  vatScope,
  type PurchaseLine,
  type RefundCreditNote,
  type SalesLine,
  type VatFigures,
} from "./vat-figures.server";
import { addMonths, filingDeadline, longDate, monthLabel, monthOfDate, periodOfMonth, ukDateOf } from "./vat-period";
import { VAT_LINES_PAGE_SIZE, VAT_RETURN_NOT_FOUND, VAT_RETURNS_PAGE_SIZE } from "./vat-return.schema";

export type VatReturnRow = typeof vatReturns.$inferSelect;

export function boxesOf(row: VatReturnRow): VatBoxes {
  return Object.fromEntries(BOX_KEYS.map((key) => [key, row[key]])) as VatBoxes;
}

/** A return as the API and the screen read it: money as "12.50" (boxes 6 to 9 as whole pounds, "1234.00"). */
export function vatReturnJson(row: VatReturnRow) {
  const boxes = boxesOf(row);
  const period = periodOfMonth(row.quarter);
  return {
    id: row.id,
    quarter: row.quarter,
    periodLabel: monthLabel(row.quarter),
    startDate: row.startDate,
    endDate: row.endDate,
    ...(Object.fromEntries(BOX_KEYS.map((key) => [key, toDecimalString(boxPence(boxes, key))])) as Record<keyof VatBoxes, string>),
    netVatDirection: netVatDirection(row.box5NetVat),
    /** the spec's status: paid when filed, otherwise pending */
    status: row.isFiled ? ("paid" as const) : ("pending" as const),
    isFiled: row.isFiled,
    filedAt: row.filedAt ? row.filedAt.toISOString() : null,
    dueDate: filingDeadline(period),
    createdAt: row.createdAt.toISOString(),
  };
}
export type VatReturnJson = ReturnType<typeof vatReturnJson>;

export function listVatReturns(db: DB, page: number) {
  const total = db.select({ n: count() }).from(vatReturns).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / VAT_RETURNS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const items = db
    .select()
    .from(vatReturns)
    .orderBy(desc(vatReturns.startDate))
    .limit(VAT_RETURNS_PAGE_SIZE)
    .offset((current - 1) * VAT_RETURNS_PAGE_SIZE)
    .all();
  return { items, total, page: current, pageSize: VAT_RETURNS_PAGE_SIZE, pageCount };
}

export function getVatReturn(db: DB, id: number): VatReturnRow | null {
  return db.select().from(vatReturns).where(eq(vatReturns.id, id)).get() ?? null;
}

export function findVatReturnForMonth(db: DB, month: string): VatReturnRow | null {
  return db.select().from(vatReturns).where(eq(vatReturns.startDate, `${month}-01`)).get() ?? null;
}

/** A filed return is read as of its filing; any other as of now. */
export function asOfFor(row: VatReturnRow, now: Date): Date {
  return row.isFiled && row.filedAt ? row.filedAt : now;
}

/** HMRC asks for records to be kept six years: the Generate dialog offers no month older than that. */
const MONTHS_OFFERED_MAX = 6 * 12;

/**
 * The months a return can be generated for, newest first: this month back to the month of the oldest invoice
 * (at most six years), each with the return it already has, if any.
 */
export function generateMonthOptions(db: DB, now = new Date()) {
  const current = monthOfDate(ukDateOf(now.getTime()));
  const oldest = [
    db.select({ date: min(salesInvoices.issueDate) }).from(salesInvoices).get()?.date,
    db.select({ date: min(purchaseInvoices.invoiceDate) }).from(purchaseInvoices).get()?.date,
  ]
    .filter((date): date is string => Boolean(date))
    .map(monthOfDate)
    .sort()[0];
  const existing = new Map(db.select({ month: vatReturns.quarter, isFiled: vatReturns.isFiled }).from(vatReturns).all().map((row) => [row.month, row.isFiled]));
  const options: { month: string; label: string; existing: "filed" | "pending" | null }[] = [];
  for (let month = current; options.length < MONTHS_OFFERED_MAX; month = addMonths(month, -1)) {
    const state = existing.get(month);
    options.push({ month, label: monthLabel(month), existing: state === undefined ? null : state ? "filed" : "pending" });
    if (!oldest || month <= oldest) break;
  }
  return { current, options };
}

export type LinesGroup = "sales" | "purchases";

/** Which lines stand behind a box: 1, 3 and 6 the sales side; 4 and 7 the purchases; the rest none of their own. */
export function linesGroupOfBox(box: number): LinesGroup | null {
  if (box === 1 || box === 3 || box === 6) return "sales";
  if (box === 4 || box === 7) return "purchases";
  return null;
}

export type VatReturnDetail = {
  row: VatReturnRow;
  figures: VatFigures;
  /** the books have changed since a not-filed return was generated: regenerate before filing */
  outOfDate: boolean;
  refunds: RefundCreditNote[];
  lines:
    | { group: "sales"; items: SalesLine[]; page: number; pageCount: number; total: number }
    | { group: "purchases"; items: PurchaseLine[]; page: number; pageCount: number; total: number }
    | null;
};

/** One return, its figures read again as of its filing (or now), and one page of the lines behind a box. */
export function vatReturnDetail(db: DB, id: number, { box, page }: { box: number | null; page: number }, now = new Date()): VatReturnDetail | null {
  const row = getVatReturn(db, id);
  if (!row) return null;
  const asOf = asOfFor(row, now);
  const figures = computeVatFigures(db, row.quarter, asOf);
  const scope = vatScope(db, row.quarter, asOf);
  const group = box === null ? null : linesGroupOfBox(box);
  let lines: VatReturnDetail["lines"] = null;
  if (group) {
    const total = group === "sales" ? figures.sales.count : figures.purchases.count;
    const pageCount = Math.max(1, Math.ceil(total / VAT_LINES_PAGE_SIZE));
    const current = Math.min(page, pageCount);
    const slice = { limit: VAT_LINES_PAGE_SIZE, offset: (current - 1) * VAT_LINES_PAGE_SIZE };
    lines =
      group === "sales"
        ? { group, items: salesLines(db, scope, slice), page: current, pageCount, total }
        : { group, items: purchaseLines(db, scope, slice), page: current, pageCount, total };
  }
  return {
    row,
    figures,
    outOfDate: !row.isFiled && !sameBoxes(boxesOf(row), figures.boxes),
    refunds: group === "sales" ? refundCreditNotes(db, scope) : [],
    lines,
  };
}

// ─── CSV ────────────────────────────────────────────────────────────────────

const money = toDecimalString;
const instant = (value: Date) => value.toISOString();

/**
 * The return as a CSV file: the period and status, the nine boxes, then every line behind them (sales
 * invoices, refund credit notes, cancellations and purchase invoices), late entries marked.
 */
export function vatReturnCsv(db: DB, id: number, now = new Date()): Result<{ csv: string; fileName: string; count: number }> {
  const row = getVatReturn(db, id);
  if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
  const asOf = asOfFor(row, now);
  const scope = vatScope(db, row.quarter, asOf);
  const boxes = boxesOf(row);
  const sales = salesLines(db, scope, null);
  const refunds = refundCreditNotes(db, scope);
  const purchases = purchaseLines(db, scope, null);
  const status = row.isFiled && row.filedAt ? `Filed on ${longDate(ukDateOf(row.filedAt.getTime()))}` : "Not filed";
  const late = (isLate: boolean, date: string) => (isLate ? `Late entry dated ${longDate(date)}` : "");
  // the lines are the books now: say so when they no longer add up to what was generated
  const stale = !row.isFiled && !sameBoxes(boxes, computeVatFigures(db, row.quarter, asOf).boxes);
  const rows: (string | number)[][] = [
    ["VAT return", monthLabel(row.quarter)],
    ["Period", row.startDate, row.endDate],
    ["Status", status],
    ["Due by", filingDeadline(periodOfMonth(row.quarter))],
    ...(stale ? [["Note", "The records have changed since this return was generated: regenerate it before filing"]] : []),
    [],
    ["Box", "Description", "Value (GBP)"],
    ...BOXES.map((box) => [box.number, box.label, money(boxPence(boxes, box.key))]),
    [],
    ["Line", "Boxes", "Document", "Date", "Recorded", "Customer or supplier", "Net (GBP)", "VAT (GBP)", "Note"],
    ...sales.map((line) => [
      line.cancelled ? "Sales invoice cancelled" : "Sales invoice",
      "1, 6",
      line.invoiceNumber,
      line.date,
      instant(line.recordedAt),
      line.customer ?? "",
      money(line.net),
      money(line.vat),
      line.cancelled ? "Counted by an earlier, filed return; cancelled since" : late(line.late, line.date),
    ]),
    ...refunds.map((note) => [
      "Refund credit note",
      "1, 6",
      note.returnNumber ?? `Return ${note.returnId}`,
      note.date,
      instant(note.recordedAt),
      note.orderNumber ? `Order ${note.orderNumber}` : "",
      money(-note.net),
      money(-note.vat),
      late(note.late, note.date),
    ]),
    ...purchases.map((line) => [
      "Purchase invoice",
      "4, 7",
      line.invoiceNumber,
      line.date,
      instant(line.recordedAt),
      line.supplier ?? "",
      money(line.net),
      money(line.vat),
      late(line.late, line.date),
    ]),
  ];
  return ok({
    csv: writeCsv(rows),
    fileName: `vat-return-${row.quarter}.csv`,
    count: sales.length + refunds.length + purchases.length,
  });
}
