import { countOf } from "~/domain/cart/cart-words";

type Counted = { count: number; late: number };

/**
 * What a return counted, as its screen says it under the nine boxes: "Counted: 12 sales invoice lines,
 * 1 refund credit note and 3 purchase invoices, of which 1 is a late entry from an earlier month." Every
 * count takes its own singular or plural.
 */
export function countedText(counted: { sales: Counted; refunds: Counted; purchases: Counted }): string {
  const late = counted.sales.late + counted.refunds.late + counted.purchases.late;
  const lateText =
    late === 0 ? "" : late === 1 ? ", of which 1 is a late entry from an earlier month" : `, of which ${late.toLocaleString("en-GB")} are late entries from earlier months`;
  return `Counted: ${countOf(counted.sales.count, "sales invoice line")}, ${countOf(counted.refunds.count, "refund credit note")} and ${countOf(
    counted.purchases.count,
    "purchase invoice",
  )}${lateText}.`;
}
