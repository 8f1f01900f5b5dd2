import { describe, expect, it } from "vitest";
import { lateWindows, netVatDirection, returnMonthOf, vatBoxes, wholePounds, type FiledMonth } from "./vat-boxes";
import { filingDeadline, periodOfMonth, periodProblem, ukStartOfDay, ukDateOf } from "./vat-period";

describe("vatBoxes", () => {
  it("fills the nine boxes from the period's totals", () => {
    expect(vatBoxes({ salesNet: 1_234_567, salesVat: 246_913, purchasesNet: 400_099, purchasesVat: 80_020 })).toEqual({
      box1VatDue: 246_913,
      box2VatDueAcquisitions: 0,
      box3TotalVatDue: 246_913,
      box4VatReclaimed: 80_020,
      box5NetVat: 166_893,
      box6TotalSales: 12_345,
      box7TotalPurchases: 4_000,
      box8TotalSupplies: 0,
      box9TotalAcquisitions: 0,
    });
  });

  it("drops the pence of boxes 6 and 7, never rounding up, towards zero when negative", () => {
    expect(wholePounds(99)).toBe(0);
    expect(wholePounds(12_399)).toBe(123);
    expect(wholePounds(-12_399)).toBe(-123);
    expect(vatBoxes({ salesNet: -50, salesVat: -10, purchasesNet: 0, purchasesVat: 0 }).box6TotalSales).toBe(0);
  });

  it("net VAT of 0 or more is payable, below 0 refundable", () => {
    expect(netVatDirection(0)).toBe("payable");
    expect(netVatDirection(1)).toBe("payable");
    expect(netVatDirection(-1)).toBe("refundable");
    expect(vatBoxes({ salesNet: 1000, salesVat: 200, purchasesNet: 5000, purchasesVat: 1000 }).box5NetVat).toBe(-800);
  });
});

describe("late entries", () => {
  const t = (iso: string) => Date.parse(iso);
  const filed: FiledMonth[] = [
    { month: "2026-02", filedAt: t("2026-03-06T10:00:00Z") },
    { month: "2026-03", filedAt: t("2026-04-05T10:00:00Z") },
  ];

  it("an entry recorded before its month was filed stays in its month", () => {
    expect(returnMonthOf("2026-03", t("2026-04-01T10:00:00Z"), filed)).toBe("2026-03");
    expect(returnMonthOf("2026-01", t("2026-04-01T10:00:00Z"), filed)).toBe("2026-01");
  });

  it("one recorded after goes to the next month not yet filed then", () => {
    expect(returnMonthOf("2026-03", t("2026-04-10T10:00:00Z"), filed)).toBe("2026-04");
    // February's entry recorded after February was filed but before March was: March
    expect(returnMonthOf("2026-02", t("2026-03-20T10:00:00Z"), filed)).toBe("2026-03");
    // after both were filed: April
    expect(returnMonthOf("2026-02", t("2026-04-20T10:00:00Z"), filed)).toBe("2026-04");
  });

  it("a return's windows are the filed months just before it, open from when all of them had been filed", () => {
    expect(lateWindows("2026-04", filed)).toEqual([
      { month: "2026-03", recordedFrom: t("2026-04-05T10:00:00Z") },
      { month: "2026-02", recordedFrom: t("2026-04-05T10:00:00Z") },
    ]);
    expect(lateWindows("2026-03", filed)).toEqual([{ month: "2026-02", recordedFrom: t("2026-03-06T10:00:00Z") }]);
    expect(lateWindows("2026-02", filed)).toEqual([]);
    expect(lateWindows("2026-06", filed)).toEqual([]); // April and May have no filed return: the run is broken
  });

  it("the windows and the month rule agree for every entry", () => {
    const months = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"];
    const instants = ["2026-02-10", "2026-03-06", "2026-03-20", "2026-04-05", "2026-04-06", "2026-05-01"].map((day) => t(`${day}T10:00:00Z`));
    for (const dated of months) {
      for (const recordedAt of instants) {
        const owner = returnMonthOf(dated, recordedAt, filed);
        for (const asking of months) {
          // a return is read as of its filing, or now when it is not filed
          const asOf = filed.find((f) => f.month === asking)?.filedAt ?? Number.POSITIVE_INFINITY;
          const late = lateWindows(asking, filed).some((w) => w.month === dated && recordedAt >= w.recordedFrom);
          expect(recordedAt < asOf && (asking === dated || late), `${dated} recorded ${new Date(recordedAt).toISOString()} asked by ${asking}`).toBe(owner === asking);
        }
      }
    }
  });
});

describe("periods", () => {
  it("a period is one whole calendar month", () => {
    expect(periodOfMonth("2028-02")).toEqual({ month: "2028-02", start: "2028-02-01", end: "2028-02-29" });
    expect(periodProblem("2026-11-01", "2026-11-30")).toBeNull();
    expect(periodProblem("2026-11-02", "2026-11-30")).toMatchObject({ field: "periodStart" });
    expect(periodProblem("2026-11-01", "2026-12-31")).toMatchObject({ field: "periodEnd", message: "The period must end on the last day of November 2026 (2026-11-30)" });
    expect(periodProblem("2026-02-30", "2026-02-28")).toMatchObject({ field: "periodStart" });
    expect(periodProblem("yesterday", "2026-02-28")).toMatchObject({ field: "periodStart" });
  });

  it("is due one month and seven days after it ends", () => {
    expect(filingDeadline(periodOfMonth("2026-10"))).toBe("2026-12-07");
    expect(filingDeadline(periodOfMonth("2026-11"))).toBe("2027-01-07");
    expect(filingDeadline(periodOfMonth("2027-01"))).toBe("2027-03-07");
  });

  it("a UK day starts at midnight in London, in summer and in winter", () => {
    expect(new Date(ukStartOfDay("2026-04-01")).toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(new Date(ukStartOfDay("2026-12-01")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(ukDateOf(Date.parse("2026-03-31T23:30:00Z"))).toBe("2026-04-01");
  });
});
