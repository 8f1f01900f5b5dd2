/**
 * The Making Tax Digital body against HMRC's own published schema (app/domain/vat/hmrc/, checked with Ajv):
 * every month of the demo books, built the way the API and the download build it, and a few edge bodies. The
 * schema must also refuse the wrong bodies, so that a pass means something.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~db/seed";
import { declarationJson, mtdDeclaration, type VatReturnDeclaration } from "~/domain/vat/mtd";
import { vatReturnSubmissionDetailsSchema } from "~/domain/vat/mtd.schema";
import type { VatBoxes } from "~/domain/vat/vat-boxes";
import { addMonths, monthOfDate, ukDateOf } from "~/domain/vat/vat-period";
import { generateVatReturn } from "~/domain/vat/vat-return-changes.server";
import { setVatReturnSubmissionDetails, vatReturnMtdBody } from "~/domain/vat/vat-return-submission.server";
import { boxesOf, findVatReturnForMonth, getVatReturn } from "~/domain/vat/vat-returns.server";
import { getDb } from "~/utils/db.server";
import { hmrcSchemaErrors } from "../support/hmrc-vat-schema";

const db = () => getDb();
let adminId: string;

beforeAll(async () => {
  await seedDemo(db());
  adminId = (db().$client.prepare("select id from users where email = 'admin@example.com'").get() as { id: string }).id;
}, 120_000);

const NIL: VatBoxes = {
  box1VatDue: 0,
  box2VatDueAcquisitions: 0,
  box3TotalVatDue: 0,
  box4VatReclaimed: 0,
  box5NetVat: 0,
  box6TotalSales: 0,
  box7TotalPurchases: 0,
  box8TotalSupplies: 0,
  box9TotalAcquisitions: 0,
};

describe("bodies built from the demo books", () => {
  it("every month's return, as the API and the download build it, is valid by HMRC's schema", () => {
    const current = monthOfDate(ukDateOf(Date.now()));
    const months = [0, 1, 2, 3, 4, 5, 6].map((back) => addMonths(current, -back));
    const bodies: VatReturnDeclaration[] = [];
    for (const [index, month] of months.entries()) {
      let row = findVatReturnForMonth(db(), month);
      if (!row) {
        const generated = generateVatReturn(db(), { id: adminId }, { month });
        expect(generated.ok, month).toBe(true);
        row = findVatReturnForMonth(db(), month)!;
      }
      const before = boxesOf(row);
      const details = vatReturnSubmissionDetailsSchema.parse({ vatRegistrationNumber: "GB123456789", periodKey: `${month.slice(2, 4)}M${index}` });
      expect(setVatReturnSubmissionDetails(db(), { id: adminId }, row.id, details).ok).toBe(true);
      // the details are not figures: the boxes (a filed return's too) are as they were
      expect(boxesOf(getVatReturn(db(), row.id)!)).toEqual(before);

      const built = vatReturnMtdBody(db(), row.id);
      if (!built.ok) throw new Error(built.message);
      const { body } = built.value;
      expect(hmrcSchemaErrors(body), `${month}: ${JSON.stringify(body)}`).toEqual([]);
      // the text the API and the download send, read back
      expect(hmrcSchemaErrors(JSON.parse(declarationJson(body))), month).toEqual([]);
      expect(body.netVatDue).toBe(Math.abs(before.box5NetVat) / 100);
      expect(body.totalValueSalesExVAT).toBe(before.box6TotalSales);
      bodies.push(body);
    }
    // the demo books have real figures in them, and the seed's filed return is among the months
    expect(bodies.some((body) => body.vatDueSales > 0 && body.vatReclaimedCurrPeriod > 0)).toBe(true);
    expect(months.some((month) => findVatReturnForMonth(db(), month)?.isFiled)).toBe(true);
  });
});

describe("edge bodies", () => {
  const valid: [string, VatBoxes, string][] = [
    ["a nil return", NIL, "#001"],
    ["a single penny", { ...NIL, box1VatDue: 1, box3TotalVatDue: 1, box5NetVat: 1 }, "26K1"],
    [
      "a refund month (box 5 below 0, sales credited more than invoiced)",
      { ...NIL, box1VatDue: -1250, box3TotalVatDue: -1250, box4VatReclaimed: 2200, box5NetVat: -3450, box6TotalSales: -62, box7TotalPurchases: 110 },
      "18AD",
    ],
    [
      "HMRC's largest amounts",
      {
        ...NIL,
        box1VatDue: 999_999_999_999_999,
        box3TotalVatDue: 999_999_999_999_999,
        box4VatReclaimed: 990_000_000_000_000,
        box5NetVat: 9_999_999_999_999,
        box6TotalSales: 9_999_999_999_999,
        box7TotalPurchases: -9_999_999_999_999,
      },
      "A001",
    ],
    ["pence that JavaScript cannot hold exactly", { ...NIL, box1VatDue: 7753, box3TotalVatDue: 7753, box4VatReclaimed: 1999, box5NetVat: 5754 }, "18A1"],
  ];

  it.each(valid)("%s is valid", (_name, boxes, periodKey) => {
    const body = mtdDeclaration(boxes, periodKey);
    expect(hmrcSchemaErrors(body)).toEqual([]);
    expect(hmrcSchemaErrors(JSON.parse(declarationJson(body)))).toEqual([]);
  });

  it("every period key the form accepts is one HMRC's schema accepts", () => {
    for (const typed of ["26k1", "#001", "18AD", "0000", "ZZZZ"]) {
      const { periodKey } = vatReturnSubmissionDetailsSchema.parse({ vatRegistrationNumber: "123456789", periodKey: typed });
      expect(hmrcSchemaErrors(mtdDeclaration(NIL, periodKey)), typed).toEqual([]);
    }
  });

  it("the schema refuses what would be wrong, so a pass means something", () => {
    const good = mtdDeclaration({ ...NIL, box1VatDue: 7753, box3TotalVatDue: 7753, box4VatReclaimed: 10000, box5NetVat: -2247 }, "26K1");
    const { finalised: _dropped, ...missing } = good;
    const wrong: [string, unknown][] = [
      ["box 5 sent with its sign", { ...good, netVatDue: -22.47 }],
      ["a fraction of a penny", { ...good, vatDueSales: 77.535 }],
      ["a 3-character period key", { ...good, periodKey: "26K" }],
      ["a field missing", missing],
      ["a field HMRC does not know (the VRN goes in the address)", { ...good, vrn: "123456789" }],
      ["finalised as text", { ...good, finalised: "true" }],
      ["an amount as text", { ...good, vatDueSales: "77.53" }],
      ["box 5 over HMRC's limit", { ...good, netVatDue: 100_000_000_000 }],
    ];
    for (const [name, body] of wrong) expect(hmrcSchemaErrors(body), name).not.toEqual([]);
  });
});
