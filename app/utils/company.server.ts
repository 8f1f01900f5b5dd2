/**
 * Who the business is, as printed on invoices and emails and shown in every header and page title. It comes
 * from settings (.env), never from code, so the same build serves any company; the logo is uploaded in the
 * back office (Company settings) and kept in install_settings. A demo install falls back to the demo company
 * (INFY Wholesale Ltd, with a sample VAT number and bank details) so its invoices look like real UK VAT
 * invoices. A real install (`npm run setup`) never shows the demo company: its name, address and email are
 * only what is set (a neutral "Trade Counter" and the first admin's email until COMPANY_NAME and
 * COMPANY_EMAIL are), and it gets no made-up VAT number or bank account: a UK VAT invoice must carry the
 * seller's real VAT number, so until COMPANY_VAT_NUMBER is set no invoice is issued by hand or sent
 * (`invoiceIdentityProblem` says what is missing).
 */
import path from "node:path";
import { imagesDir } from "~/domain/catalog/product-images.server";
import { readJsonSetting } from "~/domain/shared/install-settings.server";
import { realInstallDetails } from "~/domain/users/install.server";
import { shortCompanyName, type CompanyBrand } from "./company-brand";
import { getDb, type DB } from "./db.server";

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
  /** the name without its legal ending, for headers and page titles */
  shortName: string;
  /** the back office's title */
  adminTitle: string;
  /** the uploaded logo, or null */
  logo: CompanyLogo | null;
};

/** The uploaded logo: a PNG rendition in the images folder (the web shows it, pdfkit draws it). */
export type CompanyLogo = { url: string; file: string; width: number; height: number };

/** install_settings key of the uploaded logo ({url, file, width, height}). */
export const COMPANY_LOGO_KEY = "company_logo";

const LOGO_FILE = /^[0-9a-f]{64}-logo\.png$/;

/** The uploaded logo, or null; a setting that does not name a logo file of ours counts as none. */
export function readCompanyLogo(db: DB): CompanyLogo | null {
  const value = readJsonSetting(db, COMPANY_LOGO_KEY) as Partial<CompanyLogo> | null;
  if (!value || typeof value.file !== "string" || !LOGO_FILE.test(value.file)) return null;
  const width = Number(value.width);
  const height = Number(value.height);
  if (!(width > 0 && height > 0)) return null;
  return { url: `/images/${value.file}`, file: value.file, width, height };
}

/** Where a stored logo file lives on disk (the images folder beside the database). */
export function companyLogoPath(logo: Pick<CompanyLogo, "file">): string {
  return path.join(imagesDir(), logo.file);
}

/** The back office's title on the demo, as the spec names it. */
const DEMO_ADMIN_TITLE = "INFY Admin";
/** A real install's name until COMPANY_NAME is set: no one's name, and never the demo's. */
export const UNNAMED_COMPANY = "Trade Counter";

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

/** The COMPANY_ settings, in the order the Company settings screen lists them. */
export const COMPANY_SETTING_NAMES = [
  "COMPANY_NAME",
  "COMPANY_ADDRESS",
  "COMPANY_VAT_NUMBER",
  "COMPANY_EMAIL",
  "COMPANY_PHONE",
  "COMPANY_BANK_NAME",
  "COMPANY_BANK_ACCOUNT_NAME",
  "COMPANY_BANK_SORT_CODE",
  "COMPANY_BANK_ACCOUNT_NUMBER",
  "MAIL_FROM",
] as const;
export type CompanySettingName = (typeof COMPANY_SETTING_NAMES)[number];

/** Whether each COMPANY_ setting (and MAIL_FROM) is set in the environment (.env). */
export function companySettingsSet(env: Env = process.env): Record<CompanySettingName, boolean> {
  return Object.fromEntries(COMPANY_SETTING_NAMES.map((name) => [name, setting(env, name) !== null])) as Record<CompanySettingName, boolean>;
}

type InstallFacts = {
  /** a demo install: the demo company fills what is not set */
  demo: boolean;
  /** a real install's first admin, the mail address of last resort */
  adminEmail?: string | null;
  logo?: CompanyLogo | null;
};

/** What the database says: demo or real (and who set it up), and the uploaded logo. */
export function companyInstallFacts(db: DB = getDb()): Required<InstallFacts> {
  const real = realInstallDetails(db);
  return { demo: real === null, adminEmail: real?.adminEmail || null, logo: readCompanyLogo(db) };
}

export function getCompanySettings(env: Env = process.env, facts: InstallFacts = companyInstallFacts()): CompanySettings {
  const { demo } = facts;
  const configuredName = setting(env, "COMPANY_NAME");
  const name = configuredName ?? (demo ? DEMO_COMPANY.name : UNNAMED_COMPANY);
  const email = setting(env, "COMPANY_EMAIL") ?? (demo ? DEMO_COMPANY.email : facts.adminEmail || "postmaster@localhost");
  const bankName = setting(env, "COMPANY_BANK_NAME");
  const sortCode = setting(env, "COMPANY_BANK_SORT_CODE");
  const accountNumber = setting(env, "COMPANY_BANK_ACCOUNT_NUMBER");
  const configuredBank =
    bankName && sortCode && accountNumber
      ? { bankName, accountName: setting(env, "COMPANY_BANK_ACCOUNT_NAME") ?? name, sortCode, accountNumber }
      : null;
  const mailFrom =
    setting(env, "MAIL_FROM") ??
    (demo && !configuredName && !setting(env, "COMPANY_EMAIL") ? DEMO_COMPANY.mailFrom : `"${name.replace(/["\\]/g, "")}" <${email}>`);
  const shortName = shortCompanyName(name);
  return {
    name,
    address: setting(env, "COMPANY_ADDRESS") ?? (demo ? DEMO_COMPANY.address : ""),
    // Payment details are only useful complete: a sort code without an account number helps nobody.
    vatNumber: setting(env, "COMPANY_VAT_NUMBER") ?? (demo ? DEMO_COMPANY.vatNumber : null),
    email,
    phone: setting(env, "COMPANY_PHONE") ?? (demo ? DEMO_COMPANY.phone : null),
    bank: configuredBank ?? (demo ? DEMO_COMPANY.bank : null),
    mailFrom,
    shortName,
    // the demo keeps the spec's sidebar title; any other name is its own
    adminTitle: name === DEMO_COMPANY.name ? DEMO_ADMIN_TITLE : `${shortName} Admin`,
    logo: facts.logo ?? null,
  };
}

/** What every page needs of the business (the root loader sends it): names and the logo's address. */
export function companyBrand(company: CompanySettings = getCompanySettings()): CompanyBrand {
  const { name, shortName, adminTitle, logo } = company;
  return { name, shortName, adminTitle, logo: logo ? { url: logo.url, width: logo.width, height: logo.height } : null };
}

export const NO_VAT_NUMBER_MESSAGE =
  "Invoices need the business's VAT registration number: set COMPANY_VAT_NUMBER (and the other COMPANY_ settings) in .env and restart, then issue or send the invoice.";

/** Why invoices cannot be issued or sent yet (a UK VAT invoice must show the seller's VAT number), or null. */
export function invoiceIdentityProblem(company: CompanySettings = getCompanySettings()): string | null {
  return company.vatNumber ? null : NO_VAT_NUMBER_MESSAGE;
}
