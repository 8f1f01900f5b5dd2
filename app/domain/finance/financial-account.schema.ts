/**
 * The financial account command (spec §3 and §5), shared by the Financial Accounts form on /admin/accounts
 * (Conform, in the browser and in the action) and the JSON API. Browser-safe.
 *
 * The balance is typed in pounds ("1250.00", "-40.5") and comes out as signed integer pence: an overdrawn
 * bank account is below zero, and a credit card's balance is what is owed on it. Blank means 0.00.
 * Bank details are checked for shape only where the shape is fixed (sort code, IBAN, SWIFT/BIC), so a
 * typo is caught at the desk rather than on a payment run.
 */
import { z } from "zod";
import { ACCOUNT_TYPES } from "~db/schema";
import { poundsField } from "~/domain/invoices/sales-invoice.schema";
import { addIssue, asText, MONEY_MAX_PENCE, optionalTextField, requiredTextField } from "~/domain/pricing/pricing-rules.schema";

export { ACCOUNT_TYPES };
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_NAME_MAX = 200;
const BANK_NAME_MAX = 200;
const ACCOUNT_NUMBER_MAX = 50;
const REFERENCE_MAX = 200;
export const ACCOUNT_NOTES_MAX = 2000;
export const DEFAULT_BALANCE = "0.00";

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  bank: "Bank",
  cash: "Cash",
  credit_card: "Credit Card",
  payment_gateway: "Payment Gateway",
  other: "Other",
};

// ─── Texts (the spec's exact words first) ───────────────────────────────────

export const ACCOUNT_CREATE_FAILED = "Error creating account";
export const ACCOUNT_UPDATE_FAILED = "Error updating account";
export const ACCOUNT_DELETE_FAILED = "Error deleting account";
export const ACCOUNT_NAME_REQUIRED = "Account name is required";
export const ACCOUNT_CREATED = "Account created";
export const ACCOUNT_UPDATED = "Account updated";
export const ACCOUNT_DELETED = "Account deleted";
export const NO_ACCOUNTS = "No financial accounts yet";
export const CONFIRM_DELETE_ACCOUNT = "Are you sure you want to delete this account?";

const ACCOUNT_NAME_TOO_LONG = `Account name must be at most ${ACCOUNT_NAME_MAX} characters`;
export const ACCOUNT_TYPE_INVALID = `Account type must be one of ${ACCOUNT_TYPES.join(", ")}`;
const BALANCE_TOO_LARGE = "Balance must be between -99,999,999.99 and 99,999,999.99";
export const SORT_CODE_INVALID = "Sort code must be 6 digits, like 12-34-56";
export const IBAN_INVALID = "IBAN is not valid: check the country code, the two check digits and the account characters";
export const SWIFT_INVALID = "SWIFT/BIC must be 8 or 11 letters and digits, like NWBKGB2L";

/** How many payments keep an account from being deleted, in words. */
export function accountInUseMessage(payments: number) {
  const count = `${payments.toLocaleString("en-GB")} ${payments === 1 ? "payment names" : "payments name"}`;
  return `This account cannot be deleted: ${count} it. Keep it, or rename it if it is no longer used.`;
}

/** Why a used account cannot switch between a credit card and another type. */
export function accountHasEntriesMessage(entries: number) {
  return `This account has ${entries.toLocaleString("en-GB")} ${entries === 1 ? "entry" : "entries"} in the ledger: it cannot be deleted or change between a credit card and another type. Keep it, or rename it if it is no longer used.`;
}

export function accountTypeLockedMessage(payments: number) {
  return `This account has ${payments.toLocaleString("en-GB")} ${payments === 1 ? "payment" : "payments"}: it cannot change between a credit card and another type, because a credit card's balance is money owed and the payments already moved it that way.`;
}

// ─── Field parsers ──────────────────────────────────────────────────────────

const optionalText = (label: string, max: number) =>
  optionalTextField(max, `${label} must be at most ${max} characters`, `${label} must be text`);

const typeField = z.unknown().transform((value, ctx): AccountType => {
  const text = asText(value);
  if (text === "") return "bank";
  const type = ACCOUNT_TYPES.find((option) => option === text);
  return type ?? addIssue(ctx, ACCOUNT_TYPE_INVALID);
});

/** Signed pounds → pence; blank or absent is the spec's default of 0.00. */
const balanceField = z
  .preprocess((value) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? DEFAULT_BALANCE : value), poundsField("Balance"))
  .refine((pence) => Math.abs(pence) <= MONEY_MAX_PENCE, BALANCE_TOO_LARGE);

/** "12-34-56", "123456" or "12 34 56" → "12-34-56". */
const sortCodeField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === "") return null;
  const digits = text?.replace(/[\s-]/g, "") ?? "";
  if (!/^\d{6}$/.test(digits)) return addIssue(ctx, SORT_CODE_INVALID);
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
});

/** ISO 13616: two letters, two check digits, up to 30 letters and digits; the whole passes mod 97. */
export function isValidIban(compact: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Spaces dropped and upper case: "gb82 west 1234…" → "GB82WEST1234…". */
const ibanField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === "") return null;
  const compact = (text ?? "").replace(/\s+/g, "").toUpperCase();
  return isValidIban(compact) ? compact : addIssue(ctx, IBAN_INVALID);
});

const swiftField = z.unknown().transform((value, ctx): string | null => {
  const text = asText(value);
  if (text === "") return null;
  const code = (text ?? "").replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code) ? code : addIssue(ctx, SWIFT_INVALID);
});

/** POST /api/admin/financial-accounts, PUT /api/admin/financial-accounts/{id} and the account form. */
export const financialAccountSchema = z.object({
  name: requiredTextField(ACCOUNT_NAME_REQUIRED, ACCOUNT_NAME_MAX, ACCOUNT_NAME_TOO_LONG),
  type: typeField,
  balance: balanceField,
  bankName: optionalText("Bank name", BANK_NAME_MAX),
  accountNumber: optionalText("Account number", ACCOUNT_NUMBER_MAX),
  sortCode: sortCodeField,
  iban: ibanField,
  swiftCode: swiftField,
  paymentProcessorId: optionalText("Payment processor ID", REFERENCE_MAX),
  externalReference: optionalText("External reference", REFERENCE_MAX),
  notes: optionalText("Notes", ACCOUNT_NOTES_MAX),
});
export type FinancialAccountInput = z.infer<typeof financialAccountSchema>;

/** The form's fields, where a refusal's message can show. */
export const FINANCIAL_ACCOUNT_FIELDS = Object.keys(financialAccountSchema.shape) as (keyof FinancialAccountInput)[];
