import { describe, expect, it } from "vitest";
import { countedText } from "./counted-text";

const counts = (sales: number, refunds: number, purchases: number, late: [number, number, number] = [0, 0, 0]) => ({
  sales: { count: sales, late: late[0] },
  refunds: { count: refunds, late: late[1] },
  purchases: { count: purchases, late: late[2] },
});

describe("what a VAT return counted", () => {
  it("says one of each in the singular", () => {
    expect(countedText(counts(1, 1, 1))).toBe("Counted: 1 sales invoice line, 1 refund credit note and 1 purchase invoice.");
  });

  it("says none and many in the plural", () => {
    expect(countedText(counts(0, 0, 0))).toBe("Counted: 0 sales invoice lines, 0 refund credit notes and 0 purchase invoices.");
    expect(countedText(counts(1234, 2, 3))).toBe("Counted: 1,234 sales invoice lines, 2 refund credit notes and 3 purchase invoices.");
  });

  it("counts late entries from earlier months, one or many", () => {
    expect(countedText(counts(5, 1, 2, [0, 1, 0]))).toBe(
      "Counted: 5 sales invoice lines, 1 refund credit note and 2 purchase invoices, of which 1 is a late entry from an earlier month.",
    );
    expect(countedText(counts(5, 1, 2, [2, 0, 1]))).toBe(
      "Counted: 5 sales invoice lines, 1 refund credit note and 2 purchase invoices, of which 3 are late entries from earlier months.",
    );
  });
});
