import { describe, expect, it } from "vitest";
import { ageOpenItems, agedTotals, bucketOf, daysBetween, daysPastDue, type OpenItem } from "./aged-balances";

let nextId = 1;
const item = (overrides: Partial<OpenItem>): OpenItem => ({
  partyKey: "user:a",
  partyName: "Canal Cafe Ltd",
  partyEmail: "cafe@example.com",
  invoiceId: nextId,
  invoiceNumber: `INV-${nextId++}`,
  date: "2026-01-01",
  dueDate: "2026-01-31",
  outstanding: 1_000,
  ...overrides,
});

describe("days past due", () => {
  it("counts whole calendar days across month ends and leap years", () => {
    expect(daysBetween("2026-01-31", "2026-03-02")).toBe(30);
    expect(daysBetween("2024-01-31", "2024-03-02")).toBe(31); // 29 February
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
    expect(daysBetween("2026-03-02", "2026-01-31")).toBe(-30);
  });

  it("is not thrown by the clocks changing (UK days of 23 and 25 hours)", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2); // BST starts 29 March
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2); // BST ends 25 October
  });

  it("is 0 until the day after the due date, and 0 without a due date", () => {
    expect(daysPastDue("2026-01-31", "2026-01-30")).toBe(0);
    expect(daysPastDue("2026-01-31", "2026-01-31")).toBe(0);
    expect(daysPastDue("2026-01-31", "2026-02-01")).toBe(1);
    expect(daysPastDue(null, "2030-01-01")).toBe(0);
  });
});

describe("buckets", () => {
  it("puts each boundary day in its bucket", () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      "current",
      "days1to30",
      "days1to30",
      "days31to60",
      "days31to60",
      "days61to90",
      "days61to90",
      "over90",
      "over90",
    ]);
  });

  it("ages invoices due at month ends by the days between, not by months", () => {
    // due 31 January: on 2 March it is 30 days late in 2026 and 31 days late in 2024
    const [party2026] = ageOpenItems([item({ dueDate: "2026-01-31" })], "2026-03-02");
    expect(party2026.days1to30).toBe(1_000);
    const [party2024] = ageOpenItems([item({ dueDate: "2024-01-31" })], "2024-03-02");
    expect(party2024.days31to60).toBe(1_000);
    // due 30 November, seen at 28 February: 90 days (61–90); a day later, over 90
    expect(ageOpenItems([item({ dueDate: "2025-11-30" })], "2026-02-28")[0].days61to90).toBe(1_000);
    expect(ageOpenItems([item({ dueDate: "2025-11-30" })], "2026-03-01")[0].over90).toBe(1_000);
  });
});

describe("ageOpenItems", () => {
  it("groups by party with each bucket, a total, and the invoices oldest due first", () => {
    const parties = ageOpenItems(
      [
        item({ partyKey: "user:b", partyName: "bridge Stores", dueDate: "2026-06-10", outstanding: 500 }),
        item({ dueDate: "2026-06-30", outstanding: 1_200 }), // current
        item({ dueDate: "2026-05-01", outstanding: 300 }), // 44 days
        item({ dueDate: "2026-06-01", outstanding: 200 }), // 13 days
        item({ dueDate: null, outstanding: 50 }), // never due
        item({ outstanding: 0 }), // settled: left out
      ],
      "2026-06-14",
    );
    expect(parties.map((party) => party.name)).toEqual(["bridge Stores", "Canal Cafe Ltd"]);
    const cafe = parties[1];
    expect(cafe).toMatchObject({ current: 1_250, days1to30: 200, days31to60: 300, days61to90: 0, over90: 0, total: 1_750 });
    expect(cafe.invoices.map((invoice) => [invoice.dueDate, invoice.bucket, invoice.daysPastDue])).toEqual([
      ["2026-05-01", "days31to60", 44],
      ["2026-06-01", "days1to30", 13],
      ["2026-06-30", "current", 0],
      [null, "current", 0],
    ]);
    expect(agedTotals(parties)).toEqual({ current: 1_250, days1to30: 700, days31to60: 300, days61to90: 0, over90: 0, total: 2_250 });
  });

  it("keeps two parties of one name apart", () => {
    const parties = ageOpenItems([item({ partyKey: "user:x" }), item({ partyKey: "user:y" })], "2026-01-01");
    expect(parties.map((party) => party.key)).toEqual(["user:x", "user:y"]);
  });
});
