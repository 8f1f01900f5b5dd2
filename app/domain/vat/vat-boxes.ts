/**
 * The nine boxes of a VAT return, as a pure rule over the period's totals, and the rule that decides which
 * return an entry recorded late belongs to. The queries that find the totals are in vat-figures.server.ts.
 *
 * Boxes (HMRC VAT Notice 700/12), on the invoice basis:
 *   1 VAT due on sales (sales invoices' VAT less refund credit notes' VAT)
 *   2 VAT due on acquisitions from the EU: 0 (the business makes none)
 *   3 = 1 + 2
 *   4 VAT reclaimed on purchases
 *   5 = 3 − 4: payable to HMRC when 0 or more, refundable when below 0
 *   6 sales ex VAT, 7 purchases ex VAT: in whole pounds, pence dropped (never rounded up), as HMRC asks
 *   8 and 9 supplies to and acquisitions from the EU: 0
 * Boxes 1 to 5 are pence; 6 to 9 whole pounds.
 */
import { addMonths } from "./vat-period";

export type VatTotals = {
  /** sales invoices less refund credit notes, pence */
  salesNet: number;
  salesVat: number;
  purchasesNet: number;
  purchasesVat: number;
};

export type VatBoxes = {
  box1VatDue: number;
  box2VatDueAcquisitions: number;
  box3TotalVatDue: number;
  box4VatReclaimed: number;
  box5NetVat: number;
  box6TotalSales: number;
  box7TotalPurchases: number;
  box8TotalSupplies: number;
  box9TotalAcquisitions: number;
};

export const BOX_KEYS = [
  "box1VatDue",
  "box2VatDueAcquisitions",
  "box3TotalVatDue",
  "box4VatReclaimed",
  "box5NetVat",
  "box6TotalSales",
  "box7TotalPurchases",
  "box8TotalSupplies",
  "box9TotalAcquisitions",
] as const satisfies readonly (keyof VatBoxes)[];

/** Pence to whole pounds with the pence dropped: 1234599 → 12345; −1234599 → −12345 (towards zero). */
export function wholePounds(pence: number): number {
  // `+ 0` turns the −0 of a few negative pence into 0
  return Math.trunc(pence / 100) + 0;
}

export function vatBoxes(totals: VatTotals): VatBoxes {
  const box1 = totals.salesVat;
  const box2 = 0;
  const box3 = box1 + box2;
  const box4 = totals.purchasesVat;
  return {
    box1VatDue: box1,
    box2VatDueAcquisitions: box2,
    box3TotalVatDue: box3,
    box4VatReclaimed: box4,
    box5NetVat: box3 - box4,
    box6TotalSales: wholePounds(totals.salesNet),
    box7TotalPurchases: wholePounds(totals.purchasesNet),
    box8TotalSupplies: 0,
    box9TotalAcquisitions: 0,
  };
}

/** Net VAT (box 5) of 0 or more is owed to HMRC; below 0 HMRC owes it back. */
export function netVatDirection(box5: number): "payable" | "refundable" {
  return box5 >= 0 ? "payable" : "refundable";
}

export function sameBoxes(a: VatBoxes, b: VatBoxes): boolean {
  return BOX_KEYS.every((key) => a[key] === b[key]);
}

/** A return that has been filed: its month and when (ms). */
export type FiledMonth = { month: string; filedAt: number };

/** Entries dated in `month` and recorded at or after `recordedFrom` (ms) are late entries of the return asking. */
export type LateWindow = { month: string; recordedFrom: number };

/**
 * Late entries. An entry (an invoice, a credit note, a cancellation) dated in a month whose return was
 * already filed when the entry was recorded is counted in the next month whose return was not yet filed
 * at that moment, as HMRC lets small errors be corrected on a later return. A return's late entries are
 * therefore those dated in the unbroken run of filed months just before it, recorded once every return from
 * their own month up to the month before this one had been filed. One window per month of that run.
 *
 * Filed returns never change, so the windows of a return are the same whenever they are worked out: a
 * return filed later than `recordedFrom` allows only makes its window empty.
 */
export function lateWindows(month: string, filed: readonly FiledMonth[]): LateWindow[] {
  const filedAt = new Map(filed.map((entry) => [entry.month, entry.filedAt]));
  const windows: LateWindow[] = [];
  let latest = Number.NEGATIVE_INFINITY;
  for (let earlier = addMonths(month, -1); filedAt.has(earlier); earlier = addMonths(earlier, -1)) {
    latest = Math.max(latest, filedAt.get(earlier)!);
    windows.push({ month: earlier, recordedFrom: latest });
  }
  return windows;
}

/**
 * The month whose return counts an entry dated in `month` and recorded at `recordedAt`: its own month unless
 * that month's return had been filed by then, else the first month after it whose return had not.
 */
export function returnMonthOf(month: string, recordedAt: number, filed: readonly FiledMonth[]): string {
  const filedAt = new Map(filed.map((entry) => [entry.month, entry.filedAt]));
  let counted = month;
  while (filedAt.has(counted) && filedAt.get(counted)! <= recordedAt) counted = addMonths(counted, 1);
  return counted;
}

/** Each box's number and HMRC's wording (VAT Notice 700/12), and whether it is whole pounds. */
export const BOXES: readonly { key: keyof VatBoxes; number: number; label: string; wholePounds: boolean }[] = [
  { key: "box1VatDue", number: 1, label: "VAT due on sales and other outputs", wholePounds: false },
  { key: "box2VatDueAcquisitions", number: 2, label: "VAT due on acquisitions of goods made in Northern Ireland from EU Member States", wholePounds: false },
  { key: "box3TotalVatDue", number: 3, label: "Total VAT due (boxes 1 and 2)", wholePounds: false },
  { key: "box4VatReclaimed", number: 4, label: "VAT reclaimed on purchases and other inputs", wholePounds: false },
  { key: "box5NetVat", number: 5, label: "Net VAT to pay to HMRC or reclaim (box 3 less box 4)", wholePounds: false },
  { key: "box6TotalSales", number: 6, label: "Total value of sales and all other outputs, excluding VAT", wholePounds: true },
  { key: "box7TotalPurchases", number: 7, label: "Total value of purchases and all other inputs, excluding VAT", wholePounds: true },
  { key: "box8TotalSupplies", number: 8, label: "Total value of dispatches of goods from Northern Ireland to EU Member States, excluding VAT", wholePounds: true },
  { key: "box9TotalAcquisitions", number: 9, label: "Total value of acquisitions of goods made in Northern Ireland from EU Member States, excluding VAT", wholePounds: true },
];

/** A box's value in pence, for showing and for JSON ("12.50"): boxes 6 to 9 are stored in whole pounds. */
export function boxPence(boxes: VatBoxes, key: keyof VatBoxes): number {
  const box = BOXES.find((entry) => entry.key === key)!;
  return box.wholePounds ? boxes[key] * 100 : boxes[key];
}
