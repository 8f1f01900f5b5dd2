/**
 * The ledger screens' and /api/admin/ledger/*'s commands and address parameters, shared by the browser, the
 * form actions and the API. Browser-safe.
 *
 * Money is typed in pounds ("12.50", "£1,250") and comes out as integer pence. A manual journal's rows are
 * an account code and a debit or a credit: blank rows are ignored (the form shows ten), every other row is
 * checked where it stands, so an error names the row it belongs to (`lines[2].credit`).
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { isCalendarDate } from "~/domain/vat/vat-period";
import { JOURNAL_SOURCES, LEDGER_ACCOUNT_TYPES, type JournalSource, type LedgerAccountType } from "~db/schema";
import { addIssue, asText, MONEY_MAX_PENCE, optionalTextField, parseTwoPlaces, requiredTextField } from "~/domain/pricing/pricing-rules.schema";
import { formatMoney } from "~/utils/money";
import { LEDGER_TYPE_LABELS, typeOfCode } from "./chart";

export const MANUAL_JOURNAL_KINDS = ["manual", "opening_balance", "capital"] as const satisfies readonly JournalSource[];
export type ManualJournalKind = (typeof MANUAL_JOURNAL_KINDS)[number];
export const MANUAL_JOURNAL_KIND_LABELS: Record<ManualJournalKind, string> = {
  manual: "Correction or other entry",
  opening_balance: "Opening balance",
  capital: "Capital introduced",
};

export const JOURNAL_LINES_MAX = 10;
export const NARRATION_MAX = 200;
export const LEDGER_ACCOUNT_NAME_MAX = 200;

// ─── Texts ──────────────────────────────────────────────────────────────────

export const DATE_REQUIRED = "Date is required";
export const DATE_INVALID = "Date must be a real day, as YYYY-MM-DD";
export const NARRATION_REQUIRED = "Narration is required";
export const KIND_INVALID = `Kind must be one of ${MANUAL_JOURNAL_KINDS.join(", ")}`;
export const TWO_LINES_NEEDED = "A journal needs at least two lines";
export const TOO_MANY_LINES = `A journal can have at most ${JOURNAL_LINES_MAX} lines`;
export const LINE_ACCOUNT_REQUIRED = "Choose the account for this line";
export const LINE_AMOUNT_REQUIRED = "Enter a debit or a credit";
export const LINE_BOTH_SIDES = "A line is either a debit or a credit, not both";
export const CODE_INVALID = "Code must be 4 digits, like 4100";
export const CODE_OUT_OF_RANGE =
  "Code must be in a nominal range: 1000–1999 assets, 2000–2999 liabilities, 3000–3999 capital and reserves, 4000–4999 income, 5000–9998 expenses";
export const LEDGER_ACCOUNT_NAME_REQUIRED = "Account name is required";
export const LEDGER_TYPE_INVALID = `Type must be one of ${LEDGER_ACCOUNT_TYPES.join(", ")}`;
export const AMOUNT_REQUIRED = "Amount is required";
export const AMOUNT_INVALID = "Amount must be more than £0.00, in pounds like 250.00";
export const MONEY_ACCOUNT_REQUIRED = "Choose the account the money went into";

/** 'Debits (£120.00) must equal credits (£100.00)' */
export function unbalancedMessage(debits: number, credits: number) {
  return `Debits (${formatMoney(debits)}) must equal credits (${formatMoney(credits)})`;
}

/** Where a code belongs when the type chosen is not its range's. */
export function typeMismatchMessage(code: string, rangeType: LedgerAccountType) {
  return `Code ${code} is in the ${LEDGER_TYPE_LABELS[rangeType].toLowerCase()} range: choose ${LEDGER_TYPE_LABELS[rangeType]} or another code`;
}

// ─── Field parsers ──────────────────────────────────────────────────────────

const requiredDate = z.unknown().transform((value, ctx): string => {
  const text = asText(value);
  if (text === "") return addIssue(ctx, DATE_REQUIRED);
  return text !== null && isCalendarDate(text) ? text : addIssue(ctx, DATE_INVALID);
});

/** A date parameter of an address: absent or blank is undefined; anything else must be a real day. */
const optionalDateParam = (label: string) =>
  z.unknown().transform((value, ctx): string | undefined => {
    const text = asText(value);
    if (text === "") return undefined;
    return text !== null && isCalendarDate(text) ? text : addIssue(ctx, `Enter the ${label} date as YYYY-MM-DD`);
  });

const codeField = z.unknown().transform((value, ctx): string => {
  const text = asText(value) ?? "";
  if (!/^\d{4}$/.test(text)) return addIssue(ctx, CODE_INVALID);
  return typeOfCode(text) ? text : addIssue(ctx, CODE_OUT_OF_RANGE);
});

const ledgerNameField = requiredTextField(
  LEDGER_ACCOUNT_NAME_REQUIRED,
  LEDGER_ACCOUNT_NAME_MAX,
  `Account name must be at most ${LEDGER_ACCOUNT_NAME_MAX} characters`,
);

/** A positive amount in pounds → pence. */
const positivePounds = (required: string, invalid: string) =>
  z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return addIssue(ctx, required);
    const pence = parseTwoPlaces(value);
    if (pence === null || pence <= 0 || pence > MONEY_MAX_PENCE) return addIssue(ctx, invalid);
    return pence;
  });

// ─── Chart of accounts ──────────────────────────────────────────────────────

/**
 * POST /api/admin/ledger/accounts and the chart's Add form: {code, name, type?}. The type is the code's
 * range's; when one is given it must be that one (a 4100 is income, never an expense).
 */
export const ledgerAccountSchema = z
  .object({
    code: codeField,
    name: ledgerNameField,
    type: z.unknown().transform((value, ctx): LedgerAccountType | undefined => {
      const text = asText(value);
      if (text === "") return undefined;
      return LEDGER_ACCOUNT_TYPES.find((type) => type === text) ?? addIssue(ctx, LEDGER_TYPE_INVALID);
    }),
  })
  .transform((input, ctx) => {
    const rangeType = typeOfCode(input.code)!;
    if (input.type && input.type !== rangeType) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["type"], message: typeMismatchMessage(input.code, rangeType) });
      return z.NEVER;
    }
    return { code: input.code, name: input.name, type: rangeType };
  });
export type LedgerAccountInput = z.infer<typeof ledgerAccountSchema>;
export const LEDGER_ACCOUNT_FIELDS = ["code", "name", "type"] as const;

/** PATCH /api/admin/ledger/accounts/{code} and the chart's Rename form. */
export const ledgerAccountRenameSchema = z.object({ name: ledgerNameField });
export type LedgerAccountRename = z.infer<typeof ledgerAccountRenameSchema>;

// ─── Manual journal ─────────────────────────────────────────────────────────

/** A row as it will be posted: its place in the form (so a refusal can name it), the code, signed pence. */
export type JournalRow = { row: number; code: string; amount: number };

type RowFields = { account: string; debit: string; credit: string };

function rowFields(value: unknown): RowFields | null {
  if (value === undefined || value === null) return { account: "", debit: "", credit: "" };
  if (typeof value !== "object" || Array.isArray(value)) return null;
  const row = value as Record<string, unknown>;
  const account = asText(row.account);
  const debit = asText(row.debit);
  const credit = asText(row.credit);
  if (account === null || debit === null || credit === null) return null;
  return { account, debit, credit };
}

/**
 * A row's debit or credit as the server reads it: "" is 0, pounds with at most two places up to the money
 * limit are pence, anything else is null. The form's running totals read the rows by the same rule.
 */
export function rowAmount(text: string): number | null {
  if (text === "") return 0;
  const pence = parseTwoPlaces(text);
  return pence === null || pence > MONEY_MAX_PENCE ? null : pence;
}

/** A side's amount: "" and 0 count as not given; anything else must be pounds above nothing. */
function sideAmount(text: string, label: string, ctx: z.RefinementCtx, path: (string | number)[]): number | null {
  const pence = rowAmount(text);
  if (pence === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: `${label} must be an amount in pounds, like 12.50` });
    return null;
  }
  return pence;
}

/** Every row checked where it stands; blank rows dropped afterwards; then two lines at least, and balance. */
const journalRowsField = z.unknown().transform((value, ctx): JournalRow[] => {
  const list = value === undefined || value === null ? [] : value;
  if (!Array.isArray(list)) return addIssue(ctx, TWO_LINES_NEEDED);
  const rows: JournalRow[] = [];
  let broken = false;
  list.forEach((entry, index) => {
    const fields = rowFields(entry);
    if (!fields) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index], message: "Each line is {account, debit} or {account, credit}" });
      broken = true;
      return;
    }
    const debit = sideAmount(fields.debit, "Debit", ctx, [index, "debit"]);
    const credit = sideAmount(fields.credit, "Credit", ctx, [index, "credit"]);
    if (debit === null || credit === null) {
      broken = true;
      return;
    }
    if (!fields.account && !debit && !credit) return; // a blank row
    if (!fields.account) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "account"], message: LINE_ACCOUNT_REQUIRED });
      broken = true;
    } else if (!debit && !credit) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "debit"], message: LINE_AMOUNT_REQUIRED });
      broken = true;
    } else if (debit && credit) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "credit"], message: LINE_BOTH_SIDES });
      broken = true;
    } else {
      rows.push({ row: index, code: fields.account.slice(0, 10), amount: debit ? debit : -credit });
    }
  });
  if (broken) return z.NEVER;
  if (rows.length > JOURNAL_LINES_MAX) return addIssue(ctx, TOO_MANY_LINES);
  if (rows.length < 2) return addIssue(ctx, TWO_LINES_NEEDED);
  const { debits, credits } = journalTotals(rows);
  if (debits !== credits) return addIssue(ctx, unbalancedMessage(debits, credits));
  return rows;
});

/** A field as zod and the API name it ("lines.2.account") → as the form names it ("lines[2].account"). */
export function formFieldName(field: string) {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** The debits and the credits of a journal's rows, each as a positive sum. */
export function journalTotals(rows: readonly { amount: number }[]) {
  let debits = 0;
  let credits = 0;
  for (const { amount } of rows) {
    if (amount > 0) debits += amount;
    else credits -= amount;
  }
  return { debits, credits };
}

/**
 * POST /api/admin/ledger/journals and the New journal form: {date, narration, kind?, lines: [{account,
 * debit?, credit?}]}. kind is manual (a correction) unless it says opening_balance or capital.
 */
export const manualJournalSchema = z.object({
  date: requiredDate,
  narration: requiredTextField(NARRATION_REQUIRED, NARRATION_MAX, `Narration must be at most ${NARRATION_MAX} characters`),
  kind: z.unknown().transform((value, ctx): ManualJournalKind => {
    const text = asText(value);
    if (text === "") return "manual";
    return MANUAL_JOURNAL_KINDS.find((kind) => kind === text) ?? addIssue(ctx, KIND_INVALID);
  }),
  lines: journalRowsField,
});
export type ManualJournalInput = z.infer<typeof manualJournalSchema>;

/** The Capital introduced form: {amount, date, account (a money account's code), note?}. */
export const capitalIntroducedSchema = z.object({
  amount: positivePounds(AMOUNT_REQUIRED, AMOUNT_INVALID),
  date: requiredDate,
  account: z.unknown().transform((value, ctx): string => {
    const text = asText(value);
    return text ? text.slice(0, 10) : addIssue(ctx, MONEY_ACCOUNT_REQUIRED);
  }),
  note: optionalTextField(NARRATION_MAX, `Note must be at most ${NARRATION_MAX} characters`, "Note must be text"),
});
export type CapitalIntroducedInput = z.infer<typeof capitalIntroducedSchema>;

// ─── Address parameters ─────────────────────────────────────────────────────

const page = pageField(1_000_000);

export const RANGE_BACKWARDS = "The from date must be on or before the to date";

const rangeInOrder = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["from"], message: RANGE_BACKWARDS });
};

/** The trial balance's ?date= (blank: today). */
export const trialBalanceQuerySchema = z.object({ date: optionalDateParam("as-at") });

/** An account's ledger: ?from=&to=&page= (a blank end is this month's). */
export const accountLedgerQuerySchema = z
  .object({ from: optionalDateParam("from"), to: optionalDateParam("to"), page })
  .superRefine(rangeInOrder);
export type AccountLedgerQuery = z.infer<typeof accountLedgerQuerySchema>;

const journalFilters = {
  from: optionalDateParam("from"),
  to: optionalDateParam("to"),
  account: z.unknown().transform((value, ctx): string | undefined => {
    const text = asText(value);
    if (text === "") return undefined;
    return text !== null && /^\d{4}$/.test(text) ? text : addIssue(ctx, CODE_INVALID);
  }),
  type: z.unknown().transform((value, ctx): JournalSource | undefined => {
    const text = asText(value);
    if (text === "") return undefined;
    return JOURNAL_SOURCES.find((source) => source === text) ?? addIssue(ctx, `Type must be one of ${JOURNAL_SOURCES.join(", ")}`);
  }),
  page,
};

/** The journals list: ?from=&to=&account=&type=&page= (each filter optional). */
export const journalListQuerySchema = z.object(journalFilters).superRefine(rangeInOrder);
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

/** GET /api/admin/ledger/journals: the list's filters and ?pageSize= (1 to 100, 25 when absent). */
export const journalListApiQuerySchema = z
  .object({ ...journalFilters, pageSize: z.coerce.number().int().min(1).max(100).catch(25).default(25) })
  .superRefine(rangeInOrder);
