/**
 * Who the business is, as printed on invoices and emails. It comes from settings (.env), never from code,
 * so the same build serves any company. Unset values fall back to the sample company of `.env.example`,
 * except the VAT number and bank details: a made-up VAT number or account on a real invoice would be worse
 * than none, so those are left off until they are configured.
 */
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

const DEFAULTS = {
  name: "Trade Counter Ltd",
  address: "Unit 4, Riverside Trading Estate, Leeds, LS11 5SG",
  email: "accounts@example.co.uk",
  mailFrom: "Trade Counter <orders@example.co.uk>",
};

type Env = Record<string, string | undefined>;

function setting(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function getCompanySettings(env: Env = process.env): CompanySettings {
  const name = setting(env, "COMPANY_NAME") ?? DEFAULTS.name;
  const email = setting(env, "COMPANY_EMAIL") ?? DEFAULTS.email;
  const bankName = setting(env, "COMPANY_BANK_NAME");
  const sortCode = setting(env, "COMPANY_BANK_SORT_CODE");
  const accountNumber = setting(env, "COMPANY_BANK_ACCOUNT_NUMBER");
  const mailFrom =
    setting(env, "MAIL_FROM") ??
    (setting(env, "COMPANY_NAME") || setting(env, "COMPANY_EMAIL") ? `"${name.replace(/["\\]/g, "")}" <${email}>` : DEFAULTS.mailFrom);
  return {
    name,
    address: setting(env, "COMPANY_ADDRESS") ?? DEFAULTS.address,
    vatNumber: setting(env, "COMPANY_VAT_NUMBER"),
    email,
    phone: setting(env, "COMPANY_PHONE"),
    // Payment details are only useful complete: a sort code without an account number helps nobody.
    bank:
      bankName && sortCode && accountNumber
        ? { bankName, accountName: setting(env, "COMPANY_BANK_ACCOUNT_NAME") ?? name, sortCode, accountNumber }
        : null,
    mailFrom,
  };
}
