import { describe, expect, it } from "vitest";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "./bank-holidays";
import {
  deliveryPromise,
  expectedDeliveryDate,
  formatDeliveryDate,
  isWorkingDay,
  nextWorkingDay,
  ukDateAndMinute,
} from "./delivery-date";

/** An instant given as UK wall-clock time (the offset says whether it is GMT or BST). */
const at = (iso: string) => new Date(iso);

describe("expectedDeliveryDate", () => {
  it("delivers the next working day when ordered on a working day before the cut-off", () => {
    // Tue 2 Jun 2026, 14:59 BST
    expect(expectedDeliveryDate(at("2026-06-02T14:59:00+01:00"), "15:00")).toBe("2026-06-03");
  });

  it("counts an order at or after the cut-off as the next working day's", () => {
    expect(expectedDeliveryDate(at("2026-06-02T15:00:00+01:00"), "15:00")).toBe("2026-06-04");
    expect(expectedDeliveryDate(at("2026-06-02T23:59:00+01:00"), "15:00")).toBe("2026-06-04");
  });

  it("follows the wholesaler's own cut-off", () => {
    const tuesdayNoon = at("2026-06-02T12:00:00+01:00");
    expect(expectedDeliveryDate(tuesdayNoon, "11:30")).toBe("2026-06-04");
    expect(expectedDeliveryDate(tuesdayNoon, "12:01")).toBe("2026-06-03");
  });

  it("takes a Friday order before the cut-off to Monday and after it to Tuesday", () => {
    expect(expectedDeliveryDate(at("2026-06-05T10:00:00+01:00"), "15:00")).toBe("2026-06-08");
    expect(expectedDeliveryDate(at("2026-06-05T16:00:00+01:00"), "15:00")).toBe("2026-06-09");
  });

  it("skips a bank holiday Monday: Friday before the cut-off → Tuesday, after it → Wednesday", () => {
    // Mon 25 May 2026 is the Spring bank holiday
    expect(expectedDeliveryDate(at("2026-05-22T10:00:00+01:00"), "15:00")).toBe("2026-05-26");
    expect(expectedDeliveryDate(at("2026-05-22T16:30:00+01:00"), "15:00")).toBe("2026-05-27");
  });

  it("treats a weekend order as placed on the next working day", () => {
    expect(expectedDeliveryDate(at("2026-06-06T09:00:00+01:00"), "15:00")).toBe("2026-06-09");
    expect(expectedDeliveryDate(at("2026-06-07T09:00:00+01:00"), "15:00")).toBe("2026-06-09");
    // a Saturday before a bank holiday Monday: out on Tuesday, in on Wednesday
    expect(expectedDeliveryDate(at("2026-05-23T09:00:00+01:00"), "15:00")).toBe("2026-05-27");
  });

  it("treats an order on a bank holiday like a weekend one, even before the cut-off", () => {
    // Good Friday 3 Apr 2026 and Easter Monday 6 Apr: out on Tuesday 7th, in on Wednesday 8th
    expect(expectedDeliveryDate(at("2026-04-03T09:00:00+01:00"), "15:00")).toBe("2026-04-08");
    expect(expectedDeliveryDate(at("2026-04-06T09:00:00+01:00"), "15:00")).toBe("2026-04-08");
  });

  it("goes round Christmas and the New Year, substitute days included", () => {
    // Thu 24 Dec 2026 before the cut-off: Fri 25th and Mon 28th (Boxing Day's substitute) are holidays
    expect(expectedDeliveryDate(at("2026-12-24T11:00:00Z"), "15:00")).toBe("2026-12-29");
    // Thu 24 Dec 2026 after it: out on Tue 29th, in on Wed 30th
    expect(expectedDeliveryDate(at("2026-12-24T15:30:00Z"), "15:00")).toBe("2026-12-30");
    // Thu 23 Dec 2027 before the cut-off arrives on Fri 24th; after it, it leaves on the 24th and, the 27th
    // and 28th being substitute days, arrives on Wed 29th
    expect(expectedDeliveryDate(at("2027-12-23T10:00:00Z"), "15:00")).toBe("2027-12-24");
    expect(expectedDeliveryDate(at("2027-12-23T16:00:00Z"), "15:00")).toBe("2027-12-29");
    // Thu 30 Dec 2027 after the cut-off: Fri 31st out; Sat 1 Jan's substitute is Mon 3 Jan 2028: in on Tue 4th
    expect(expectedDeliveryDate(at("2027-12-30T16:00:00Z"), "15:00")).toBe("2028-01-04");
  });

  it("reads the cut-off in UK time, in summer (BST) and in winter (GMT)", () => {
    // 14:30 UTC is 15:30 BST in June: after a 15:00 cut-off
    expect(expectedDeliveryDate(at("2026-06-02T14:30:00Z"), "15:00")).toBe("2026-06-04");
    // 14:30 UTC is 14:30 GMT in January: before it
    expect(expectedDeliveryDate(at("2026-01-13T14:30:00Z"), "15:00")).toBe("2026-01-14");
    // 23:30 UTC on Sunday 31 May is 00:30 BST on Monday 1 June
    expect(ukDateAndMinute(at("2026-05-31T23:30:00Z"))).toEqual({ date: "2026-06-01", minute: 30 });
    expect(expectedDeliveryDate(at("2026-05-31T23:30:00Z"), "15:00")).toBe("2026-06-02");
  });

  it("falls back to 15:00 for a cut-off it cannot read", () => {
    expect(expectedDeliveryDate(at("2026-06-02T14:00:00+01:00"), "3pm")).toBe("2026-06-03");
    expect(expectedDeliveryDate(at("2026-06-02T15:30:00+01:00"), "25:00")).toBe("2026-06-04");
  });

  it("says whether the order leaves the same day", () => {
    expect(deliveryPromise(at("2026-06-02T10:00:00+01:00"), "15:00")).toEqual({
      dispatchDate: "2026-06-02",
      deliveryDate: "2026-06-03",
      beforeCutOff: true,
    });
    expect(deliveryPromise(at("2026-06-06T10:00:00+01:00"), "15:00")).toEqual({
      dispatchDate: "2026-06-08",
      deliveryDate: "2026-06-09",
      beforeCutOff: false,
    });
  });
});

describe("the bank holiday list", () => {
  it("holds the eight England and Wales holidays of each year 2025–2028, every one on a weekday", () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      const dates = ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`));
      expect(dates, String(year)).toHaveLength(8);
    }
    for (const { date } of ENGLAND_AND_WALES_BANK_HOLIDAYS) {
      expect(isWorkingDay(date, new Set()), date).toBe(true);
      expect(isWorkingDay(date), date).toBe(false);
    }
  });

  it("finds the next working day past weekends and holidays", () => {
    expect(nextWorkingDay("2025-12-24")).toBe("2025-12-29");
    expect(nextWorkingDay("2025-04-17")).toBe("2025-04-22");
  });
});

describe("formatDeliveryDate", () => {
  it("writes the weekday and a UK date", () => {
    expect(formatDeliveryDate("2026-06-02")).toBe("Tue 02 Jun 2026");
    expect(formatDeliveryDate("2026-11-30")).toBe("Mon 30 Nov 2026");
  });
});
