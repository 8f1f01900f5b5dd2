/**
 * The company details in effect, as the Company settings screen and GET /api/admin/settings/company show
 * them: each value with where it came from (set in .env, the demo's sample, or missing), so an admin sees
 * what a customer's invoice will print and what is still to set.
 */
import {
  companyInstallFacts,
  companySettingsSet,
  getCompanySettings,
  invoiceIdentityProblem,
  UNNAMED_COMPANY,
  type CompanySettingName,
} from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { gettingStartedSteps } from "./getting-started.server";

/**
 * set: from .env; demo: not set, the demo company's sample shows; optional: not set, and nothing or a default
 * made from the other settings is used; missing: not set, and a real install should set it.
 */
export type SettingSource = "set" | "demo" | "optional" | "missing";

export type CompanySettingRow = {
  setting: CompanySettingName | "SMTP_URL";
  label: string;
  /** what is in effect; null when nothing is */
  value: string | null;
  source: SettingSource;
  /** why it matters when it is missing */
  note: string | null;
};

/** Settings with a default worth keeping: the phone is optional, the others are made from the name and email. */
const OPTIONAL = new Set<CompanySettingRow["setting"]>(["COMPANY_PHONE", "COMPANY_BANK_ACCOUNT_NAME", "MAIL_FROM"]);

type Env = Record<string, string | undefined>;

export function companySettingsView(db: DB, env: Env = process.env) {
  const facts = companyInstallFacts(db);
  const { demo } = facts;
  const company = getCompanySettings(env, facts);
  const set = companySettingsSet(env);
  const source = (name: CompanySettingName): SettingSource => (set[name] ? "set" : demo ? "demo" : OPTIONAL.has(name) ? "optional" : "missing");
  const bankIncomplete = !company.bank && (set.COMPANY_BANK_NAME || set.COMPANY_BANK_SORT_CODE || set.COMPANY_BANK_ACCOUNT_NUMBER);
  const bankNote = bankIncomplete ? "Bank details print only when the bank name, sort code and account number are all set." : null;
  const row = (setting: CompanySettingName, label: string, value: string | null, note: string | null = null): CompanySettingRow => ({
    setting,
    label,
    value: value || null,
    source: source(setting),
    note: set[setting] ? null : note,
  });
  const smtp = Boolean(env.SMTP_URL?.trim());
  const rows: CompanySettingRow[] = [
    row("COMPANY_NAME", "Business name", company.name, demo ? null : `Headers, titles, mails and invoices say "${UNNAMED_COMPANY}" until it is set.`),
    row("COMPANY_ADDRESS", "Address", company.address, demo ? null : "Invoices and purchase orders print no address until it is set."),
    row("COMPANY_VAT_NUMBER", "VAT number", company.vatNumber, demo ? null : "No invoice is issued or sent until it is set: a UK VAT invoice must show it."),
    row("COMPANY_EMAIL", "Email", company.email, demo ? null : "Mails are sent from, and answered to, the first admin's address until it is set."),
    row("COMPANY_PHONE", "Phone", company.phone),
    row("COMPANY_BANK_NAME", "Bank", company.bank?.bankName ?? env.COMPANY_BANK_NAME?.trim() ?? null, bankNote ?? (demo ? null : "Invoices say to contact you for payment details until the bank details are set.")),
    row("COMPANY_BANK_ACCOUNT_NAME", "Account name", company.bank?.accountName ?? null, "The business name is used."),
    row("COMPANY_BANK_SORT_CODE", "Sort code", company.bank?.sortCode ?? env.COMPANY_BANK_SORT_CODE?.trim() ?? null, bankNote),
    row("COMPANY_BANK_ACCOUNT_NUMBER", "Account number", company.bank?.accountNumber ?? env.COMPANY_BANK_ACCOUNT_NUMBER?.trim() ?? null, bankNote),
    row("MAIL_FROM", "Mail from", company.mailFrom, "Made from the business name and email."),
    {
      setting: "SMTP_URL",
      label: "Mail server",
      // the URL may hold the server's password: only whether it is set is shown
      value: smtp ? "Set (not shown: it may hold a password)" : null,
      source: smtp ? "set" : "missing",
      note: smtp ? null : "Mail is written to the Outbox instead of being sent.",
    },
  ];
  return {
    demo,
    name: company.name,
    shortName: company.shortName,
    adminTitle: company.adminTitle,
    rows,
    logo: company.logo ? { url: company.logo.url, width: company.logo.width, height: company.logo.height } : null,
    invoiceProblem: invoiceIdentityProblem(company),
    steps: gettingStartedSteps(db, env),
  };
}

export type CompanySettingsView = ReturnType<typeof companySettingsView>;
