import { describe, expect, it } from "vitest";
import { bridgingRows, declarationJson, mtdDeclaration } from "./mtd";
import type { VatBoxes } from "./vat-boxes";

/** September of the integration test, worked by hand: sales VAT £77.53, purchases VAT £50.00. */
const SEPTEMBER: VatBoxes = {
  box1VatDue: 7753,
  box2VatDueAcquisitions: 0,
  box3TotalVatDue: 7753,
  box4VatReclaimed: 5000,
  box5NetVat: 2753,
  box6TotalSales: 505,
  box7TotalPurchases: 269,
  box8TotalSupplies: 0,
  box9TotalAcquisitions: 0,
};

describe("mtdDeclaration", () => {
  it("turns the stored boxes into HMRC's 11 fields: 1 to 5 pounds to the penny, 6 to 9 whole pounds", () => {
    const body = mtdDeclaration(SEPTEMBER, "26I1");
    expect(body).toEqual({
      periodKey: "26I1",
      vatDueSales: 77.53,
      vatDueAcquisitions: 0,
      totalVatDue: 77.53,
      vatReclaimedCurrPeriod: 50,
      netVatDue: 27.53,
      totalValueSalesExVAT: 505,
      totalValuePurchasesExVAT: 269,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    });
    expect(Object.keys(body)).toEqual([
      "periodKey",
      "vatDueSales",
      "vatDueAcquisitions",
      "totalVatDue",
      "vatReclaimedCurrPeriod",
      "netVatDue",
      "totalValueSalesExVAT",
      "totalValuePurchasesExVAT",
      "totalValueGoodsSuppliedExVAT",
      "totalAcquisitionsExVAT",
      "finalised",
    ]);
  });

  it("a refund month (box 5 below 0) sends netVatDue as the positive difference; the other boxes keep their sign", () => {
    const boxes: VatBoxes = {
      ...SEPTEMBER,
      box1VatDue: -1250,
      box3TotalVatDue: -1250,
      box4VatReclaimed: 2200,
      box5NetVat: -3450,
      box6TotalSales: -62,
      box7TotalPurchases: 110,
    };
    const body = mtdDeclaration(boxes, "#001");
    expect(body).toMatchObject({ vatDueSales: -12.5, totalVatDue: -12.5, vatReclaimedCurrPeriod: 22, netVatDue: 34.5, totalValueSalesExVAT: -62 });
    expect(mtdDeclaration({ ...SEPTEMBER, box4VatReclaimed: 9999, box5NetVat: 7753 - 9999 }, "26I1").netVatDue).toBe(22.46);
  });

  it("works box 5 out in pence, so no float error creeps in (30p − 10p is 0.20, not 0.19999999999999998)", () => {
    const boxes: VatBoxes = { ...SEPTEMBER, box1VatDue: 30, box3TotalVatDue: 30, box4VatReclaimed: 10, box5NetVat: 20 };
    const body = mtdDeclaration(boxes, "26I1");
    expect(body.netVatDue).toBe(0.2);
    expect(0.3 - 0.1).not.toBe(0.2);
    // every penny amount comes out as the nearest double to its 2-decimal value
    for (const pence of [1, 7, 10, 29, 57, 99, 101, 110, 1005, 123456789, -5, -1999]) {
      const value = mtdDeclaration({ ...SEPTEMBER, box1VatDue: pence }, "26I1").vatDueSales;
      expect(String(value)).toBe(String(Number((pence / 100).toFixed(2))));
      expect(Math.round(value * 100)).toBe(pence);
    }
  });

  it("never writes −0 (a few negative pence dropped to whole pounds, or nothing at all)", () => {
    const body = mtdDeclaration({ ...SEPTEMBER, box6TotalSales: -0, box2VatDueAcquisitions: -0 }, "26I1");
    expect(Object.is(body.totalValueSalesExVAT, 0)).toBe(true);
    expect(Object.is(body.vatDueAcquisitions, 0)).toBe(true);
  });
});

describe("declarationJson", () => {
  it("keeps 2 decimals on boxes 1 to 5 and none on 6 to 9, and parses back to the same body", () => {
    const body = mtdDeclaration({ ...SEPTEMBER, box4VatReclaimed: 5000 }, "#001");
    const text = declarationJson(body);
    expect(text).toContain('"vatReclaimedCurrPeriod": 50.00,');
    expect(text).toContain('"vatDueAcquisitions": 0.00,');
    expect(text).toContain('"vatDueSales": 77.53,');
    expect(text).toContain('"totalValueSalesExVAT": 505,');
    expect(text).toContain('"periodKey": "#001",');
    expect(text).toContain('"finalised": true\n}');
    expect(JSON.parse(text)).toEqual(body);
  });

  it("writes negative pence with their sign", () => {
    const text = declarationJson(mtdDeclaration({ ...SEPTEMBER, box1VatDue: -5, box3TotalVatDue: -5 }, "26I1"));
    expect(text).toContain('"vatDueSales": -0.05,');
    expect(JSON.parse(text).vatDueSales).toBe(-0.05);
  });
});

describe("bridgingRows", () => {
  it("one row per box with HMRC's wording and the value as in the body", () => {
    const rows = bridgingRows(mtdDeclaration({ ...SEPTEMBER, box4VatReclaimed: 9999, box5NetVat: -2246 }, "26I1"));
    expect(rows.map(([box, , value]) => [box, value])).toEqual([
      [1, "77.53"],
      [2, "0.00"],
      [3, "77.53"],
      [4, "99.99"],
      [5, "22.46"],
      [6, "505"],
      [7, "269"],
      [8, "0"],
      [9, "0"],
    ]);
    expect(rows[0][1]).toBe("VAT due on sales and other outputs");
    expect(rows[6][1]).toBe("Total value of purchases and all other inputs, excluding VAT");
  });
});
