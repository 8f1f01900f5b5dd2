import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { writeCsv } from "~/utils/csv.server";
import {
  journalFileName,
  journalLineRows,
  LINES_HEADER,
  SAGE_HEADER,
  sageRows,
  slashDate,
  XERO_HEADER,
  xeroPartPacker,
  xeroRows,
  type ExportLine,
} from "./exports";
import {
  DATE_IN_FUTURE,
  DATE_INVALID,
  FORMAT_INVALID,
  PERIOD_TOO_LONG,
  readAgedDate,
  readExportPeriod,
  readJournalFormat,
  readPart,
} from "./exports-query";

const line = (journalId: number, code: string, amount: number, extra: Partial<ExportLine> = {}): ExportLine => ({
  journalId,
  date: "2026-03-05",
  description: `Sales invoice INV-2026-0000${journalId}`,
  sourceType: "sales_invoice",
  sourceId: journalId,
  code,
  accountName: code === "1100" ? "Trade debtors" : "Sales",
  amount,
  ...extra,
});

// an invoice of £120.00 + £24.00 VAT, and its £50.00 part payment into the bank
const LINES = [
  line(7, "1100", 14_400),
  line(7, "4000", -12_000, { accountName: "Sales" }),
  line(7, "2200", -2_400, { accountName: "VAT on sales" }),
  line(8, "1200", 5_000, { description: "Payment received for INV-2026-00007", sourceType: "payment", sourceId: 3, accountName: "Bank current account" }),
  line(8, "1100", -5_000, { description: "Payment received for INV-2026-00007", sourceType: "payment", sourceId: 3 }),
];

/** The file as a spreadsheet or an importer would read it back. */
const readBack = (header: readonly string[], rows: (string | number | null)[][]) => parse(writeCsv([header, ...rows])) as string[][];

describe("dates", () => {
  it("writes day first, as Xero and Sage read them", () => {
    expect(slashDate("2026-03-05")).toBe("05/03/2026");
    expect(slashDate("2025-12-31")).toBe("31/12/2025");
  });
});

describe("Xero manual journals", () => {
  it("writes the template's columns, one row per line, signed amounts that sum to zero per journal", () => {
    const [header, ...rows] = readBack(XERO_HEADER, xeroRows(LINES));
    expect(header.join(",")).toBe("*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2");
    expect(rows[0]).toEqual(["Journal 7: Sales invoice INV-2026-00007", "05/03/2026", "Sales invoice INV-2026-00007", "1100", "No VAT", "144.00", "", "", "", ""]);
    expect(rows[1][5]).toBe("-120.00");
    expect(rows[3][0]).toBe("Journal 8: Payment received for INV-2026-00007");
    const byNarration = new Map<string, number>();
    for (const row of rows) byNarration.set(`${row[0]}|${row[1]}`, (byNarration.get(`${row[0]}|${row[1]}`) ?? 0) + Math.round(Number(row[5]) * 100));
    expect([...byNarration.values()]).toEqual([0, 0]);
  });

  it("keeps two journals of one day and one description apart by their numbers", () => {
    const twice = [line(1, "1200", 100), line(1, "1100", -100), line(2, "1200", 100), line(2, "1100", -100)];
    const narrations = new Set(xeroRows(twice).map((row) => row[0]));
    expect(narrations.size).toBe(2);
  });

  it("splits into files of at most 300 lines without splitting a journal", () => {
    const partOfEachJournal = (sizes: number[]) => sizes.map(xeroPartPacker());
    expect(partOfEachJournal([100, 150, 50, 1, 2])).toEqual([1, 1, 1, 2, 2]);
    expect(partOfEachJournal([299, 2, 301, 3])).toEqual([1, 2, 3, 4]);
    expect(partOfEachJournal([])).toEqual([]);
    expect(partOfEachJournal(Array.from({ length: 110 }, () => 3))).toEqual([...Array.from({ length: 100 }, () => 1), ...Array.from({ length: 10 }, () => 2)]);
  });
});

describe("Sage 50 audit trail transactions", () => {
  it("writes JD for a debit and JC for a credit, positive net amounts, T9 and no VAT, no account reference", () => {
    const [header, ...rows] = readBack(SAGE_HEADER, sageRows(LINES));
    expect(header).toEqual(["Type", "Account Reference", "Nominal A/C Ref", "Department Code", "Date", "Reference", "Details", "Net Amount", "Tax Code", "Tax Amount"]);
    expect(rows[0]).toEqual(["JD", "", "1100", "0", "05/03/2026", "J7", "Sales invoice INV-2026-00007", "144.00", "T9", "0.00"]);
    expect(rows.map((row) => row[0])).toEqual(["JD", "JC", "JC", "JD", "JC"]);
    expect(rows.map((row) => row[7])).toEqual(["144.00", "120.00", "24.00", "50.00", "50.00"]);
  });

  it("cuts details to Sage's 60 characters", () => {
    const long = line(9, "1100", 1, { description: "x".repeat(80) });
    expect(String(sageRows([long])[0][6])).toHaveLength(60);
  });
});

describe("every journal line", () => {
  it("writes ISO dates and the amount in its debit or credit column", () => {
    const [header, ...rows] = readBack(LINES_HEADER, journalLineRows(LINES));
    expect(header).toEqual(["Journal ID", "Date", "Description", "Source type", "Source ID", "Account code", "Account name", "Debit", "Credit"]);
    expect(rows[0]).toEqual(["7", "2026-03-05", "Sales invoice INV-2026-00007", "sales_invoice", "7", "1100", "Trade debtors", "144.00", ""]);
    expect(rows[1]).toEqual(["7", "2026-03-05", "Sales invoice INV-2026-00007", "sales_invoice", "7", "4000", "Sales", "", "120.00"]);
  });

  it("writes a description a spreadsheet would run as text", () => {
    const [, row] = readBack(LINES_HEADER, journalLineRows([line(1, "1100", 1, { description: "=HYPERLINK(\"x\")" })]));
    expect(row[2]).toBe("'=HYPERLINK(\"x\")");
  });
});

describe("file names and parameters", () => {
  it("names the file by format and period, and by part when Xero's is split", () => {
    expect(journalFileName("sage", "2026-01-01", "2026-01-31")).toBe("journals-sage-2026-01-01-to-2026-01-31.csv");
    expect(journalFileName("xero", "2026-01-01", "2026-01-31", { index: 2, count: 3 })).toBe("journals-xero-2026-01-01-to-2026-01-31-part-2-of-3.csv");
    expect(journalFileName("xero", "2026-01-01", "2026-01-31", { index: 1, count: 1 })).toBe("journals-xero-2026-01-01-to-2026-01-31.csv");
  });

  it("reads a period: last month by default, and says what is wrong with a bad one", () => {
    const q = (query: string) => new URLSearchParams(query);
    expect(readExportPeriod(q(""), "2026-03-14")).toEqual({ ok: true, from: "2026-02-01", to: "2026-02-28" });
    expect(readExportPeriod(q(""), "2026-01-05")).toEqual({ ok: true, from: "2025-12-01", to: "2025-12-31" });
    expect(readExportPeriod(q("from=2026-01-01&to=2026-01-31"), "2026-03-14")).toEqual({ ok: true, from: "2026-01-01", to: "2026-01-31" });
    expect(readExportPeriod(q("from=2026-02-30&to=2026-03-01"), "2026-03-14")).toMatchObject({ ok: false, field: "from" });
    expect(readExportPeriod(q("from=2026-03-02&to=2026-03-01"), "2026-03-14")).toMatchObject({ ok: false, field: "from" });
    expect(readExportPeriod(q("from=2024-01-01&to=2024-12-31"), "2026-03-14")).toMatchObject({ ok: true }); // 366 days
    expect(readExportPeriod(q("from=2024-01-01&to=2025-01-01"), "2026-03-14")).toEqual({ ok: false, message: PERIOD_TOO_LONG, field: "from" });
  });

  it("reads the format, the part and the aged date", () => {
    expect(readJournalFormat(new URLSearchParams("format=sage"))).toEqual({ ok: true, format: "sage" });
    expect(readJournalFormat(new URLSearchParams("format=qif"))).toEqual({ ok: false, message: FORMAT_INVALID, field: "format" });
    expect(readPart(new URLSearchParams(""))).toEqual({ ok: true, part: 1 });
    expect(readPart(new URLSearchParams("part=0"))).toMatchObject({ ok: false });
    expect(readAgedDate(new URLSearchParams(""), "2026-03-14")).toEqual({ ok: true, date: "2026-03-14" });
    expect(readAgedDate(new URLSearchParams("date=31/01/2026"), "2026-03-14")).toEqual({ ok: false, message: DATE_INVALID, field: "date" });
    expect(readAgedDate(new URLSearchParams("date=2026-03-15"), "2026-03-14")).toEqual({ ok: false, message: DATE_IN_FUTURE, field: "date" });
  });
});
