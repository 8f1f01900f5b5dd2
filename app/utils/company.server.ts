/**
 * Who the business is, as printed on invoices and emails. It comes from settings (.env), never from code,
 * so the same build serves any company. A demo install falls back to the demo company (INFY Wholesale Ltd,
 * with a sample VAT number and bank details) so its invoices look like real UK VAT invoices. A real install
 * (`npm run setup`) gets no made-up VAT number or bank account: a UK VAT invoice must carry the seller's
 * real VAT number, so until COMPANY_VAT_NUMBER is set no invoice is issued by hand or sent
 * (`invoiceIdentityProblem` says what is missing).
 */
import { isRealInstall } from "~/domain/users/install.server";
import { getDb } from "./db.server";

export type CompanyBankDetails = {
  bankName: string;
  accountName: string;
  sortCode: string;
  accountNumber: string;
};

export type CompanySettings = {
  name: string;
  /** one line, commas between the parts */
  address: string;
  vatNumber: string | null;
  email: string;
  phone: string | null;
  bank: CompanyBankDetails | null;
  /** the From header of outgoing mail */
  mailFrom: string;
};

/** The demo company, matching the storefront's brand; every value is a sample. */
export const DEMO_COMPANY = {
  name: "INFY Wholesale Ltd",
  address: "Unit 4, Riverside Trading Estate, Leeds, LS11 5SG",
  vatNumber: "GB123456789",
  email: "accounts@infy-wholesale.example",
  phone: "0113 496 0000",
  bank: { bankName: "Example Bank plc", accountName: "INFY Wholesale Ltd", sortCode: "12-34-56", accountNumber: "12345678" },
  mailFrom: "INFY Wholesale <orders@infy-wholesale.example>",
};

type Env = Record<string, string | undefined>;

function setting(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** Whether this is a demo install (the demo company fills what is not set). */
function demoInstall(): boolean {
  return !isRealInstall(getDb());
}

export function getCompanySettings(env: Env = process.env, { demo = demoInstall() }: { demo?: boolean } = {}): CompanySettings {
  const name = setting(env, "COMPANY_NAME") ?? DEMO_COMPANY.name;
  const email = setting(env, "COMPANY_EMAIL") ?? DEMO_COMPANY.email;
  const bankName = setting(env, "COMPANY_BANK_NAME");
  const sortCode = setting(env, "COMPANY_BANK_SORT_CODE");
  const accountNumber = setting(env, "COMPANY_BANK_ACCOUNT_NUMBER");
  const configuredBank =
    bankName && sortCode && accountNumber
      ? { bankName, accountName: setting(env, "COMPANY_BANK_ACCOUNT_NAME") ?? name, sortCode, accountNumber }
      : null;
  const mailFrom =
    setting(env, "MAIL_FROM") ??
    (setting(env, "COMPANY_NAME") || setting(env, "COMPANY_EMAIL") ? `"${name.replace(/["\\]/g, "")}" <${email}>` : DEMO_COMPANY.mailFrom);
  return {
    name,
    address: setting(env, "COMPANY_ADDRESS") ?? DEMO_COMPANY.address,
    // Payment details are only useful complete: a sort code without an account number helps nobody.
    vatNumber: setting(env, "COMPANY_VAT_NUMBER") ?? (demo ? DEMO_COMPANY.vatNumber : null),
    email,
    phone: setting(env, "COMPANY_PHONE") ?? (demo ? DEMO_COMPANY.phone : null),
    bank: configuredBank ?? (demo ? DEMO_COMPANY.bank : null),
    mailFrom,
  };
}

export const NO_VAT_NUMBER_MESSAGE =
  "Invoices need the business's VAT registration number: set COMPANY_VAT_NUMBER (and the other COMPANY_ settings) in .env and restart, then issue or send the invoice.";

/** Why invoices cannot be issued or sent yet (a UK VAT invoice must show the seller's VAT number), or null. */
export function invoiceIdentityProblem(company: CompanySettings = getCompanySettings()): string | null {
  return company.vatNumber ? null : NO_VAT_NUMBER_MESSAGE;
}
