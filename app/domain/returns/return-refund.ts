/**
 * What completing a return is worth, as a pure rule. A returned unit is refunded at what the customer paid
 * for it: the order line's total (ex VAT, after any voucher share spread onto it) divided by its quantity,
 * so a line's value is round-half-up(total × returned ÷ bought), with VAT on that at the line's rate, rounded
 * half-up per line. An exchange refunds nothing. Points come back at 1 per whole pound refunded ex VAT.
 */
import { divideRoundHalfUp, vatOn } from "~/utils/money";

export type ReturnedLine = {
  /** units being returned */
  quantity: number;
  /** the order line's units and its total ex VAT in pence (after any voucher share) */
  orderedQuantity: number;
  orderedTotal: number;
  /** hundredths: 2000 = 20% */
  vatRate: number;
};

export type LineValue = { net: number; vat: number; gross: number };

/** The paid value of `quantity` units of an order line: net (ex VAT), its VAT and the two together. */
export function returnedLineValue(line: ReturnedLine): LineValue {
  if (line.quantity <= 0 || line.orderedQuantity <= 0 || line.orderedTotal <= 0) return { net: 0, vat: 0, gross: 0 };
  const units = Math.min(line.quantity, line.orderedQuantity);
  const net = divideRoundHalfUp(line.orderedTotal * units, line.orderedQuantity);
  const vat = vatOn(net, line.vatRate);
  return { net, vat, gross: net + vat };
}

export type ReturnValue = {
  /** the value of the returned lines, ex VAT and inc VAT, whatever the return's type */
  net: number;
  gross: number;
  /** what is refunded, inc VAT: the lines' value for a refund, 0 for an exchange */
  refundAmount: number;
  /** points the refund takes back before the order's cap: floor of the refunded value ex VAT in pounds */
  points: number;
};

export function returnValue(returnType: "refund" | "exchange", lines: readonly ReturnedLine[]): ReturnValue {
  let net = 0;
  let gross = 0;
  for (const line of lines) {
    const value = returnedLineValue(line);
    net += value.net;
    gross += value.gross;
  }
  const refund = returnType === "refund";
  return { net, gross, refundAmount: refund ? gross : 0, points: refund && net > 0 ? Math.floor(net / 100) : 0 };
}

/** The order line a returned item came from, as the refund rule reads it (the return's own price when it is gone). */
export function returnedLine(item: {
  quantity: number;
  unitPrice: number;
  vatRate: number;
  orderedQuantity: number | null;
  orderedTotal: number | null;
}): ReturnedLine {
  return item.orderedQuantity === null || item.orderedTotal === null
    ? { quantity: item.quantity, orderedQuantity: item.quantity, orderedTotal: item.quantity * item.unitPrice, vatRate: item.vatRate }
    : { quantity: item.quantity, orderedQuantity: item.orderedQuantity, orderedTotal: item.orderedTotal, vatRate: item.vatRate };
}
