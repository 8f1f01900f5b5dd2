import { describe, expect, it } from "vitest";
import { buildStatement, firstWorkingDayOfMonth, monthStart, type StatementEvent } from "./statement";

const events: StatementEvent[] = [
  { date: "2026-09-20", kind: "invoice", reference: "INV-2026-00001", amount: 12_000, sourceId: 1 },
  { date: "2026-10-05", kind: "payment", reference: "INV-2026-00001", amount: -2_000, sourceId: 1 },
  { date: "2026-10-05", kind: "invoice", reference: "INV-2026-00002", amount: 6_000, sourceId: 2 },
  { date: "2026-10-12", kind: "credit_note", reference: "CN-000001", amount: -1_500, sourceId: 1 },
  { date: "2026-10-12", kind: "refund", reference: "CN-000001", amount: 500, sourceId: 1 },
  { date: "2026-10-31", kind: "void", reference: "INV-2026-00002", amount: -6_000, sourceId: 2 },
  { date: "2026-11-02", kind: "payment", reference: "INV-2026-00001", amount: -3_000, sourceId: 2 },
];

describe("buildStatement", () => {
  it("carries what came before the period as the opening balance and runs the balance line by line", () => {
    const statement = buildStatement(events, "2026-10-01", "2026-10-31");
    expect(statement.openingBalance).toBe(12_000);
    // on one day the invoice comes before the payment, whatever order they came in
    expect(statement.lines.map((line) => [line.kind, line.amount, line.balance])).toEqual([
      ["invoice", 6_000, 18_000],
      ["payment", -2_000, 16_000],
      ["credit_note", -1_500, 14_500],
      ["refund", 500, 15_000],
      ["void", -6_000, 9_000],
    ]);
    expect(statement.closingBalance).toBe(9_000);
  });

  it("leaves out what is dated after the statement's day, and a period with no lines keeps its opening balance", () => {
    const statement = buildStatement(events, "2026-11-01", "2026-11-01");
    expect(statement.lines).toEqual([]);
    expect(statement.openingBalance).toBe(9_000);
    expect(statement.closingBalance).toBe(9_000);
  });

  it("starts an as-at statement on the first of the month", () => {
    expect(monthStart("2026-02-28")).toBe("2026-02-01");
  });
});

describe("firstWorkingDayOfMonth", () => {
  it("skips weekends and bank holidays", () => {
    expect(firstWorkingDayOfMonth("2026-11-28")).toBe("2026-11-02"); // 1 November 2026 is a Sunday
    expect(firstWorkingDayOfMonth("2026-12-15")).toBe("2026-12-01");
    expect(firstWorkingDayOfMonth("2027-01-20")).toBe("2027-01-04"); // New Year's Day on a Friday, then the weekend
    expect(firstWorkingDayOfMonth("2026-08-31")).toBe("2026-08-03"); // 1 August 2026 is a Saturday
  });
});
