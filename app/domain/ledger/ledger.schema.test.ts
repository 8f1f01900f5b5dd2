import { describe, expect, it } from "vitest";
import {
  accountLedgerQuerySchema,
  capitalIntroducedSchema,
  CODE_INVALID,
  CODE_OUT_OF_RANGE,
  DATE_INVALID,
  formFieldName,
  journalListQuerySchema,
  LINE_ACCOUNT_REQUIRED,
  LINE_AMOUNT_REQUIRED,
  LINE_BOTH_SIDES,
  ledgerAccountSchema,
  manualJournalSchema,
  TOO_MANY_LINES,
  TWO_LINES_NEEDED,
} from "./ledger.schema";

function firstIssue(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string; path: (string | number)[] }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  const issue = result.error!.issues[0]!;
  return { message: issue.message, path: issue.path.join(".") };
}

const journal = (lines: unknown, extra: Record<string, unknown> = {}) => ({ date: "2026-04-06", narration: "Opening balances", lines, ...extra });

describe("manual journal schema", () => {
  it("turns debits and credits in pounds into signed pence, keeping each row's place and dropping blank rows", () => {
    const parsed = manualJournalSchema.parse(
      journal([{ account: "1200", debit: "£1,250.00" }, {}, { account: "", debit: "", credit: "" }, { account: "3000", credit: "1250" }]),
    );
    expect(parsed).toEqual({
      date: "2026-04-06",
      narration: "Opening balances",
      kind: "manual",
      lines: [
        { row: 0, code: "1200", amount: 125_000 },
        { row: 3, code: "3000", amount: -125_000 },
      ],
    });
    expect(manualJournalSchema.parse(journal([{ account: "1200", debit: 10.5 }, { account: "3000", credit: "10.50" }], { kind: "capital" })).kind).toBe("capital");
  });

  it("says which row is wrong and why", () => {
    const balanced = { account: "3000", credit: "10.00" };
    expect(firstIssue(manualJournalSchema, journal([{ debit: "10.00" }, balanced]))).toEqual({ message: LINE_ACCOUNT_REQUIRED, path: "lines.0.account" });
    expect(firstIssue(manualJournalSchema, journal([balanced, { account: "1200" }]))).toEqual({ message: LINE_AMOUNT_REQUIRED, path: "lines.1.debit" });
    expect(firstIssue(manualJournalSchema, journal([{ account: "1200", debit: "5", credit: "5" }, balanced]))).toEqual({ message: LINE_BOTH_SIDES, path: "lines.0.credit" });
    expect(firstIssue(manualJournalSchema, journal([{ account: "1200", debit: "-5" }, balanced]))).toEqual({
      message: "Debit must be an amount in pounds, like 12.50",
      path: "lines.0.debit",
    });
    expect(firstIssue(manualJournalSchema, journal([{ account: "1200", debit: "1.234" }, balanced])).path).toBe("lines.0.debit");
  });

  it("needs two lines at most ten, and debits equal to credits", () => {
    expect(firstIssue(manualJournalSchema, journal([{ account: "1200", debit: "0" }]))).toEqual({ message: LINE_AMOUNT_REQUIRED, path: "lines.0.debit" });
    expect(firstIssue(manualJournalSchema, journal([]))).toEqual({ message: TWO_LINES_NEEDED, path: "lines" });
    expect(firstIssue(manualJournalSchema, journal(undefined))).toEqual({ message: TWO_LINES_NEEDED, path: "lines" });
    const eleven = Array.from({ length: 11 }, (_, i) => (i === 10 ? { account: "3000", credit: "10.00" } : { account: "1200", debit: "1.00" }));
    expect(firstIssue(manualJournalSchema, journal(eleven))).toEqual({ message: TOO_MANY_LINES, path: "lines" });
    expect(firstIssue(manualJournalSchema, journal([{ account: "1200", debit: "120" }, { account: "3000", credit: "100" }]))).toEqual({
      message: "Debits (£120.00) must equal credits (£100.00)",
      path: "lines",
    });
  });

  it("needs a real date and a narration", () => {
    const lines = [{ account: "1200", debit: "1" }, { account: "3000", credit: "1" }];
    expect(firstIssue(manualJournalSchema, { narration: "x", lines })).toEqual({ message: "Date is required", path: "date" });
    expect(firstIssue(manualJournalSchema, { date: "2026-02-30", narration: "x", lines })).toEqual({ message: DATE_INVALID, path: "date" });
    expect(firstIssue(manualJournalSchema, { date: "2026-02-28", narration: "  ", lines })).toEqual({ message: "Narration is required", path: "narration" });
    expect(firstIssue(manualJournalSchema, journal(lines, { kind: "sales_invoice" })).path).toBe("kind");
  });
});

describe("ledger account schema", () => {
  it("takes the type from the code's range", () => {
    expect(ledgerAccountSchema.parse({ code: "4100", name: " Sales of  services " })).toEqual({ code: "4100", name: "Sales of services", type: "income" });
    expect(ledgerAccountSchema.parse({ code: "7100", name: "Rent", type: "expense" }).type).toBe("expense");
  });

  it("refuses a code that is not 4 digits, outside the ranges, or a type its range is not", () => {
    expect(firstIssue(ledgerAccountSchema, { code: "410", name: "x" })).toEqual({ message: CODE_INVALID, path: "code" });
    expect(firstIssue(ledgerAccountSchema, { code: "0999", name: "x" })).toEqual({ message: CODE_OUT_OF_RANGE, path: "code" });
    expect(firstIssue(ledgerAccountSchema, { code: "4100", name: "x", type: "expense" })).toEqual({
      message: "Code 4100 is in the income range: choose Income or another code",
      path: "type",
    });
    expect(firstIssue(ledgerAccountSchema, { code: "4100", name: "" })).toEqual({ message: "Account name is required", path: "name" });
  });
});

describe("capital introduced schema", () => {
  it("needs an amount above nothing, a date and the money account", () => {
    expect(capitalIntroducedSchema.parse({ amount: "5000", date: "2026-04-01", account: "1200", note: "" })).toEqual({
      amount: 500_000,
      date: "2026-04-01",
      account: "1200",
      note: null,
    });
    expect(firstIssue(capitalIntroducedSchema, { amount: "0", date: "2026-04-01", account: "1200" }).path).toBe("amount");
    expect(firstIssue(capitalIntroducedSchema, { amount: "10", date: "2026-04-01" })).toEqual({ message: "Choose the account the money went into", path: "account" });
  });
});

describe("ledger address parameters", () => {
  it("reads the ranges and filters, naming a bad parameter", () => {
    expect(accountLedgerQuerySchema.parse({ from: "2026-03-01", page: "2" })).toEqual({ from: "2026-03-01", to: undefined, page: 2 });
    expect(firstIssue(accountLedgerQuerySchema, { from: "2026-03-31", to: "2026-03-01" })).toEqual({ message: "The from date must be on or before the to date", path: "from" });
    expect(firstIssue(accountLedgerQuerySchema, { to: "31/03/2026" })).toEqual({ message: "Enter the to date as YYYY-MM-DD", path: "to" });
    expect(journalListQuerySchema.parse({ account: "1200", type: "capital", page: "x" })).toEqual({ from: undefined, to: undefined, account: "1200", type: "capital", page: 1 });
    expect(firstIssue(journalListQuerySchema, { type: "gift" }).path).toBe("type");
  });
});

describe("form field names", () => {
  it("turns the API's row paths into the form's names", () => {
    expect(formFieldName("lines.2.account")).toBe("lines[2].account");
    expect(formFieldName("lines")).toBe("lines");
    expect(formFieldName("lines.10")).toBe("lines[10]");
  });
});
