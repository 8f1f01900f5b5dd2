/**
 * A VAT return as HMRC's Making Tax Digital API takes it: the body of "Submit VAT return for period"
 * (`VatReturnDeclaration`, schema in ./hmrc/), and the same nine values as a bridging spreadsheet's rows.
 * Pure: the stored boxes in, HMRC's shapes out.
 *
 * Boxes 1 to 5 are pounds to the penny; 6 to 9 whole pounds (stored so already, see vat-boxes.ts). HMRC's
 * box 5 (`netVatDue`) is never negative: it is the difference between boxes 3 and 4 whichever is larger, and
 * HMRC works out from boxes 3 and 4 which way it goes.
 */
import { toDecimalString } from "~/utils/money";
import { BOXES, type VatBoxes } from "./vat-boxes";

export type VatReturnDeclaration = {
  periodKey: string;
  vatDueSales: number;
  vatDueAcquisitions: number;
  totalVatDue: number;
  vatReclaimedCurrPeriod: number;
  netVatDue: number;
  totalValueSalesExVAT: number;
  totalValuePurchasesExVAT: number;
  totalValueGoodsSuppliedExVAT: number;
  totalAcquisitionsExVAT: number;
  finalised: boolean;
};

/** The body's fields in HMRC's order, each with its box number; 1 to 5 are pence here, 6 to 9 whole pounds. */
export const DECLARATION_FIELDS = [
  { field: "vatDueSales", box: 1 },
  { field: "vatDueAcquisitions", box: 2 },
  { field: "totalVatDue", box: 3 },
  { field: "vatReclaimedCurrPeriod", box: 4 },
  { field: "netVatDue", box: 5 },
  { field: "totalValueSalesExVAT", box: 6 },
  { field: "totalValuePurchasesExVAT", box: 7 },
  { field: "totalValueGoodsSuppliedExVAT", box: 8 },
  { field: "totalAcquisitionsExVAT", box: 9 },
] as const satisfies readonly { field: keyof VatReturnDeclaration; box: number }[];

type DeclarationField = (typeof DECLARATION_FIELDS)[number]["field"];

/** Each box as HMRC wants it, in integers: boxes 1 to 5 in pence (box 5 made positive), 6 to 9 whole pounds. */
export function hmrcBoxValues(boxes: VatBoxes): Record<DeclarationField, number> {
  return {
    vatDueSales: boxes.box1VatDue,
    vatDueAcquisitions: boxes.box2VatDueAcquisitions,
    totalVatDue: boxes.box3TotalVatDue,
    vatReclaimedCurrPeriod: boxes.box4VatReclaimed,
    // worked out in pence, so no float subtraction can leave 0.19999999999999998
    netVatDue: Math.abs(boxes.box3TotalVatDue - boxes.box4VatReclaimed),
    totalValueSalesExVAT: boxes.box6TotalSales,
    totalValuePurchasesExVAT: boxes.box7TotalPurchases,
    totalValueGoodsSuppliedExVAT: boxes.box8TotalSupplies,
    totalAcquisitionsExVAT: boxes.box9TotalAcquisitions,
  };
}

const isPence = (box: number) => box <= 5;

/**
 * The declaration for a return's stored boxes. Pence over 100 is the nearest double to the pounds, which JSON
 * writes back as the same 2 decimals.
 */
export function mtdDeclaration(boxes: VatBoxes, periodKey: string): VatReturnDeclaration {
  const values = hmrcBoxValues(boxes);
  const body = { periodKey } as VatReturnDeclaration;
  for (const { field, box } of DECLARATION_FIELDS) {
    // `+ 0` turns a −0 into 0
    body[field] = (isPence(box) ? values[field] / 100 : values[field]) + 0;
  }
  body.finalised = true;
  return body;
}

/** A box's value as text: "77.50" for boxes 1 to 5, "505" for 6 to 9. */
function boxText(value: number, box: number): string {
  return isPence(box) ? toDecimalString(Math.round(value * 100)) : String(Math.trunc(value));
}

/**
 * The declaration as JSON text, boxes 1 to 5 always with 2 decimals (77.50, 0.00: still JSON numbers, which
 * `JSON.stringify` would write as 77.5 and 0), 6 to 9 as whole numbers; fields in HMRC's order.
 */
export function declarationJson(body: VatReturnDeclaration): string {
  const lines = [
    `  "periodKey": ${JSON.stringify(body.periodKey)}`,
    ...DECLARATION_FIELDS.map(({ field, box }) => `  "${field}": ${boxText(body[field], box)}`),
    `  "finalised": ${body.finalised}`,
  ];
  return `{\n${lines.join(",\n")}\n}\n`;
}

/** The bridging CSV's rows after its header: box, HMRC's wording, and the value as in the declaration. */
export function bridgingRows(body: VatReturnDeclaration): [number, string, string][] {
  return DECLARATION_FIELDS.map(({ field, box }) => [box, BOXES[box - 1]!.label, boxText(body[field], box)]);
}
